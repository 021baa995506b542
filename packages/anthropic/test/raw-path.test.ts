import { checkEvents } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { expectSameOutput, framedRecording, listSharedStreams, sharedSuiteTitle, sseFixtures } from "@agui-bridge/test-support";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { streamMessages, streamMessagesFromResponse } from "../src/index.js";
import { collect, sdkEvents } from "./support/replay.js";

const ids = () => ({ generateId: createSequentialIds("id"), threadId: "thread-1", runId: "run-1" });
const equal = (actual: unknown, expected: unknown): void => expect(actual).toEqual(expected);
const same = (bytes: Uint8Array): Promise<Event[]> =>
  expectSameOutput(bytes, (b) => streamMessages(sdkEvents(b), ids()), (body) => streamMessagesFromResponse(body, ids()), equal);

describe("raw-bytes path = SDK path: anthropic fixtures", () => {
  it.each(sseFixtures("anthropic"))("%s", async (_name, bytes) => {
    await same(bytes);
  });
});

describe(`${sharedSuiteTitle("anthropic")}: raw path = SDK path`, () => {
  it.each(listSharedStreams("anthropic").map((file) => [basename(file), file]))("%s", async (_name, file) => {
    await same(framedRecording("anthropic", file));
  });
});

describe("Anthropic raw path edges", () => {
  const raw = async (text: string): Promise<Event[]> => {
    const events = await collect(streamMessagesFromResponse(new Response(text), ids()));
    expect((await checkEvents(events)).issues).toEqual([]);
    return events;
  };
  const start = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m1","model":"claude","usage":{"input_tokens":3,"output_tokens":1}}}\n\n';

  it("an error frame ends the run with the error's type and message", async () => {
    const events = await raw(`${start}event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n`);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error", message: "Overloaded" });
  });

  it("bytes cut inside a frame: stream_truncated", async () => {
    const events = await raw(`${start}event: content_block_start\ndata: {"type":"content_bl`);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("aborting mid-stream: cancelled outcome, and the body is cancelled while its read is pending", async () => {
    let cancelled = false;
    const controller = new AbortController();
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(stream) {
          pulls++;
          if (pulls === 1) {
            stream.enqueue(new TextEncoder().encode(start));
            return undefined;
          }
          // The second read stays pending (a stalled connection) and the run is aborted meanwhile.
          controller.abort();
          return new Promise<void>(() => undefined);
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const events = await collect(streamMessagesFromResponse(body, { ...ids(), signal: controller.signal }));
    expect((await checkEvents(events)).issues).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(cancelled).toBe(true);
  });
});
