import type { Event } from "./types/events.js";

/** The content type of an AG-UI SSE response. */
export const SSE_CONTENT_TYPE = "text/event-stream";

/** Headers for an AG-UI SSE response. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": SSE_CONTENT_TYPE,
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/** Encodes one event as an SSE frame: `data: <json>\n\n`. */
export function encodeSSE(event: Event): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** Encodes a stream of events as SSE frames, one string per event. */
export async function* encodeSSEStream(events: AsyncIterable<Event>): AsyncGenerator<string, void, undefined> {
  for await (const event of events) yield encodeSSE(event);
}

/**
 * A web `ReadableStream` of SSE bytes, for `new Response(stream, { headers: SSE_HEADERS })`.
 * Cancelling the stream (client gone) calls `return()` on the event iterator, which releases the
 * provider request.
 */
export function toSSEReadableStream(events: AsyncIterable<Event>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const step = await iterator.next();
      if (step.done === true) controller.close();
      else controller.enqueue(encoder.encode(encodeSSE(step.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
