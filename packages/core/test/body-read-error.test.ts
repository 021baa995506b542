/**
 * A body read that fails with a `TypeError` (the Fetch standard's network error: Deno says only
 * "error reading a body from connection", with no cause) is a `network` failure on the raw-bytes
 * path, as the SDKs' connection errors are; other failures of a body pass as they are.
 */
import { describe, expect, it } from "vitest";
import { decodeSseStream, describeError, driveRun, EventType, SseBodyReadError, sseChunkSource, readBridgeMetadata, type Event, type RunBuilder } from "../src/adapter.js";

const encoder = new TextEncoder();

/** A body that sends one frame, then fails its next read with `error`. */
function failingBody(error: unknown): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) controller.error(error);
      else controller.enqueue(encoder.encode('data: {"text":"Hel"}\n\n'));
      sent = true;
    },
  });
}

async function readAll(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<{ frames: string[]; error: unknown }> {
  const frames: string[] = [];
  try {
    for await (const data of decodeSseStream(body, (frame) => frame.data)) frames.push(data);
    return { frames, error: undefined };
  } catch (error) {
    return { frames, error };
  }
}

describe("a body read that fails", () => {
  it("with a bare TypeError (Deno's dropped connection) is a network failure, its message and cause kept", async () => {
    const dropped = new TypeError("error reading a body from connection");
    const { frames, error } = await readAll(failingBody(dropped));
    expect(frames).toEqual(['{"text":"Hel"}']);
    expect(error).toBeInstanceOf(SseBodyReadError);
    expect((error as Error).message).toBe(dropped.message);
    expect((error as Error).cause).toBe(dropped);
    expect(describeError(error).category).toBe("network");
    expect(describeError(dropped).category).toBe("unknown");
  });

  it("from an async iterable of bytes too", async () => {
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield encoder.encode('data: {"a":1}\n\n');
      throw new TypeError("terminated");
    }
    const { error } = await readAll(chunks());
    expect(describeError(error).category).toBe("network");
  });

  it("with anything else is left as it is", async () => {
    const own = new RangeError("the application's own failure");
    expect((await readAll(failingBody(own))).error).toBe(own);
  });

  it("ends a run in RUN_ERROR network (retryable) after the events so far", async () => {
    const events: Event[] = [];
    const run = driveRun<{ text: string }>({
      source: sseChunkSource(failingBody(new TypeError("error reading a body from connection")), (frame) => JSON.parse(frame.data) as { text: string }),
      createMapper: (builder: RunBuilder) => {
        let id: string | undefined;
        return {
          chunk(chunk) {
            id ??= builder.startText();
            builder.text(id, chunk.text);
          },
          end() {
            builder.finish({});
          },
        };
      },
    });
    for await (const event of run) events.push(event);
    expect(events.map((event) => event.type)).toEqual([EventType.RUN_STARTED, EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_CONTENT, EventType.TEXT_MESSAGE_END, EventType.RUN_ERROR]);
    expect(readBridgeMetadata(events.at(-1)?.metadata)).toMatchObject({ errorCategory: "network", retryable: true });
  });
});
