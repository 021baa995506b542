import { stringifyEvent } from "./encodable/encodable-event.js";
import type { Event } from "./types/events.js";
import type { WarningHandler } from "./warnings.js";

/** The content type of an AG-UI SSE response. */
export const SSE_CONTENT_TYPE = "text/event-stream";

/** Headers for an AG-UI SSE response. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": SSE_CONTENT_TYPE,
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/**
 * Encodes one event as an SSE frame: `data: <json>\n\n`. Never throws: an event holding something
 * JSON cannot encode (too deep, a cycle, a bigint) is encoded with that part replaced by a marker
 * recorded in its metadata (use `stringifyEvent` directly to be told with a warning).
 */
export function encodeSSE(event: Event): string {
  return sseFrame(event);
}

/** Encodes a stream of events as SSE frames, one string per event. */
export async function* encodeSSEStream(events: AsyncIterable<Event>): AsyncGenerator<string, void, undefined> {
  for await (const event of events) yield sseFrame(event);
}

function sseFrame(event: Event, onWarning?: WarningHandler): string {
  return `data: ${stringifyEvent(event, onWarning)}\n\n`;
}

/**
 * The events of one run, or a function that starts the run with the given signal (for example
 * `(signal) => provider.stream(input, { signal })`); only the function form lets cancelling the
 * stream abort a provider read that is still pending.
 */
export type EventSource = AsyncIterable<Event> | ((signal: AbortSignal) => AsyncIterable<Event>);

/** Options for {@link toSSEReadableStream}. */
export interface SSEReadableStreamOptions {
  /**
   * An outer signal (typically `request.signal`): aborting it aborts the run and closes the stream.
   * With the function form of the source, the run's own signal follows it.
   */
  signal?: AbortSignal;
  /** Told when an event had to be encoded with a part replaced (see {@link encodeSSE}). */
  onWarning?: WarningHandler;
}

/**
 * A web `ReadableStream` of SSE bytes, for `new Response(stream, { headers: SSE_HEADERS })`. It is
 * pulled: the next event is read only when the consumer wants more, so a slow reader holds back
 * the provider instead of growing a buffer.
 *
 * Cancelling it (the client went away) takes effect at once, even while a read is pending: with
 * the function form of `events` the run's signal is aborted (which ends the provider request) and
 * the iterator's `return()` is called without waiting behind the pending `next()`. Aborting
 * `options.signal` does the same.
 */
export function toSSEReadableStream(events: EventSource, options: SSEReadableStreamOptions = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return toEncodedReadableStream(events, (event) => encoder.encode(sseFrame(event, options.onWarning)), options);
}

/**
 * Like {@link toSSEReadableStream}, with the bytes of each event made by `encode` (for another
 * wire format such as AG-UI's protobuf framing). Same pull-based backpressure and cancellation.
 */
export function toEncodedReadableStream(
  events: EventSource,
  encode: (event: Event) => Uint8Array,
  options: Pick<SSEReadableStreamOptions, "signal"> = {},
): ReadableStream<Uint8Array> {
  const controller = new AbortController();
  const outer = options.signal;
  let iterator: AsyncIterator<Event> | undefined;
  let pending = false;
  let finished = false;
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;

  const stop = (reason?: unknown): Promise<void> => {
    if (!controller.signal.aborted) controller.abort(reason);
    outer?.removeEventListener("abort", onOuterAbort);
    if (finished) return Promise.resolve();
    finished = true;
    const it = iterator;
    iterator = undefined;
    let returned: Promise<unknown> = Promise.resolve();
    try {
      returned = Promise.resolve(it?.return?.()).catch(() => undefined);
    } catch {
      // A throwing return() must not escape.
    }
    // An async generator settles return() only after its pending next(): do not wait for that.
    return pending ? Promise.resolve() : returned.then(() => undefined);
  };
  const onOuterAbort = (): void => {
    void stop(outer?.reason);
    try {
      stream?.close();
    } catch {
      // already closed or errored
    }
  };

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        stream = streamController;
        if (outer?.aborted) {
          finished = true;
          controller.abort(outer.reason);
          streamController.close();
          return;
        }
        outer?.addEventListener("abort", onOuterAbort, { once: true });
        try {
          const iterable = typeof events === "function" ? events(controller.signal) : events;
          iterator = iterable[Symbol.asyncIterator]();
        } catch (error) {
          finished = true;
          streamController.error(error);
        }
      },
      async pull(streamController) {
        const it = iterator;
        if (it === undefined || finished) return;
        pending = true;
        let step: IteratorResult<Event>;
        try {
          step = await it.next();
        } catch (error) {
          if (finished) return;
          void stop(error);
          streamController.error(error);
          return;
        } finally {
          pending = false;
        }
        if (finished) return;
        if (step.done === true) {
          finished = true;
          iterator = undefined;
          outer?.removeEventListener("abort", onOuterAbort);
          streamController.close();
          return;
        }
        let bytes: Uint8Array;
        try {
          bytes = encode(step.value);
        } catch (error) {
          void stop(error);
          streamController.error(error);
          return;
        }
        streamController.enqueue(bytes);
      },
      cancel(reason) {
        return stop(reason);
      },
    },
    { highWaterMark: 1 },
  );
}
