import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { createSequentialIds, driveRun, sseChunkSource, withRetry, type Event, type RunBuilder, type StreamMapper } from "../src/adapter.js";
import { CHUNK_BATCHES } from "../src/run/chunk-batches.js";
import { decodeSseBatches } from "../src/sse/decode-sse-stream.js";

const encoder = new TextEncoder();

/** Each string is one read; logs when a read is pulled. */
function reads(texts: string[], log: string[]): AsyncIterable<Uint8Array> {
  return {
    async *[Symbol.asyncIterator]() {
      for (let i = 0; i < texts.length; i++) {
        log.push(`read ${i}`);
        yield encoder.encode(texts[i] as string);
      }
    },
  };
}

/** Text deltas, "end" finishes; logs each chunk it maps. */
function textMapper(log: string[]) {
  return (run: RunBuilder): StreamMapper<string> => {
    let id: string | undefined;
    let ended = false;
    return {
      chunk(chunk) {
        log.push(`map ${chunk}`);
        if (chunk === "end") ended = true;
        else run.text((id ??= run.startText()), chunk);
      },
      end() {
        if (ended) run.finish({ finish: { reason: "stop", raw: "end" } });
      },
    };
  };
}

const parse = (frame: { data: string }): string => {
  const value: unknown = JSON.parse(frame.data);
  if (typeof value !== "string") throw new Error("not a string");
  return value;
};

async function run(texts: string[], log: string[]): Promise<Event[]> {
  const events: Event[] = [];
  const source = sseChunkSource(reads(texts, log), parse);
  const options = { source, createMapper: textMapper(log), provider: "toy", threadId: "t", runId: "r", generateId: createSequentialIds("id") };
  for await (const event of driveRun(options)) {
    if (event.type === "TEXT_MESSAGE_CONTENT") log.push(`event ${event.delta}`);
    events.push(event);
  }
  assertConformant(events);
  return events;
}

describe("SSE chunks in batches (one read per driveRun step)", () => {
  it("sseChunkSource offers batches, and driveRun maps the chunks of a read and hands over all their events before the next read", async () => {
    expect(typeof (sseChunkSource(reads([], []), parse) as { [CHUNK_BATCHES]?: unknown })[CHUNK_BATCHES]).toBe("function");
    const log: string[] = [];
    const events = await run(['data: "a"\n\ndata: "b"\n\n', 'data: "c"\n\ndata: "end"\n\n'], log);
    expect(log).toEqual(["read 0", "map a", "map b", "event a", "event b", "read 1", "map c", "map end", "event c"]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("aborting while a read's events are being taken: the rest of that read's events, then cancelled, and no further read", async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const source = sseChunkSource(reads(['data: "a"\n\ndata: "b"\n\n', 'data: "c"\n\n'], log), parse);
    const options = { source, createMapper: textMapper(log), signal: controller.signal, threadId: "t", runId: "r", generateId: createSequentialIds("id") };
    const events: Event[] = [];
    for await (const event of driveRun(options)) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT" && event.delta === "a") controller.abort();
    }
    assertConformant(events);
    expect(log).toEqual(["read 0", "map a", "map b"]);
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => (e as { delta: string }).delta)).toEqual(["a", "b"]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
  });

  it("a frame that fails to decode: the frames before it in the same read are mapped first, then RUN_ERROR", async () => {
    const log: string[] = [];
    const events = await run(['data: "a"\n\ndata: 1\n\ndata: "b"\n\n'], log);
    expect(log).toEqual(["read 0", "map a", "event a"]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "not a string" });
  });

  it("decodeSseBatches yields a read's frames together and throws after the ones before a failing decode", async () => {
    const batches: string[][] = [];
    let error: unknown;
    try {
      for await (const batch of decodeSseBatches(reads(['data: "a"\n\ndata: "b"\n\n', 'data: "c"\n\ndata: x\n\n'], []), parse)) batches.push(batch);
    } catch (e) {
      error = e;
    }
    expect(batches).toEqual([["a", "b"], ["c"]]);
    expect(error).toBeInstanceOf(SyntaxError);
  });

  it("withRetry keeps the batches of an SSE source and still retries a failed first read", async () => {
    const log: string[] = [];
    let opened = 0;
    const body = (): AsyncIterable<Uint8Array> => {
      opened++;
      if (opened === 1) return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(Object.assign(new Error("busy"), { status: 503 })) }) };
      return reads(['data: "a"\n\ndata: "b"\n\n', 'data: "end"\n\n'], log);
    };
    const source = withRetry(sseChunkSource(body, parse), { policy: { maxRetries: 1 }, sleep: async () => undefined });
    if (typeof source !== "function") throw new Error("expected a function source");
    const iterable = await source(new AbortController().signal);
    const batches = (iterable as { [CHUNK_BATCHES]?: () => AsyncIterator<string[]> })[CHUNK_BATCHES];
    expect(typeof batches).toBe("function");
    const events: Event[] = [];
    const options = { source, createMapper: textMapper(log), provider: "toy", threadId: "t", runId: "r", generateId: createSequentialIds("id") };
    for await (const event of driveRun(options)) events.push(event);
    assertConformant(events);
    expect(opened).toBe(2);
    expect(log).toEqual(["read 0", "map a", "map b", "read 1", "map end"]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  });
});

describe("a frame that outgrows the bound", () => {
  it("ends the run in RUN_ERROR frame_too_large (category invalid_response), after the text of the frames before it", async () => {
    const log: string[] = [];
    const source = sseChunkSource(reads(['data: "a"\n\n', `data: "${"z".repeat(600)}`, "z".repeat(600)], log), parse, { maxFrameLength: 1000 });
    const events: Event[] = [];
    for await (const event of driveRun({ source, createMapper: textMapper(log), provider: "toy", threadId: "t", runId: "r", generateId: createSequentialIds("id") })) events.push(event);
    assertConformant(events);
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => (e as { delta: string }).delta)).toEqual(["a"]);
    const end = events.at(-1) as { type: string; code?: string; metadata?: Record<string, Record<string, unknown>> };
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "frame_too_large" });
    expect(end.metadata?.["agui-bridge"]?.errorCategory).toBe("invalid_response");
  });
});
