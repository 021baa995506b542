import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import {
  createSequentialIds,
  createTokenUsage,
  driveRun,
  TRUNCATED_MESSAGE,
  type Event,
  type RunBuilder,
  type StreamMapper,
} from "../src/adapter.js";

/** A toy chunk grammar: "text:…", "think:…", "call:name", "args:…", "usage:n", "end", "boom". */
type Chunk = string;

function toyMapper(run: RunBuilder): StreamMapper<Chunk> {
  let text: string | undefined;
  let reasoning: string | undefined;
  let call: string | undefined;
  let ended = false;
  return {
    chunk(chunk) {
      const [kind, value = ""] = chunk.split(/:(.*)/s);
      switch (kind) {
        case "think":
          reasoning ??= run.startReasoningMessage();
          run.reasoning(reasoning, value);
          break;
        case "text":
          text ??= run.startText();
          run.text(text, value);
          break;
        case "call":
          call = run.startToolCall({ toolCallName: value, ...(text !== undefined && { parentMessageId: text }) });
          break;
        case "args":
          if (call === undefined) throw new Error("args before call");
          run.toolCallArgs(call, value);
          break;
        case "usage":
          run.usage.record("call", createTokenUsage({ provider: "toy", model: "m", inputTokens: Number(value), outputTokens: 1 }));
          break;
        case "end":
          ended = true;
          break;
        case "boom":
          throw Object.assign(new Error("mapper exploded"), { code: "toy_error" });
        default:
          break;
      }
    },
    end() {
      if (ended) run.finish({ finish: { reason: "stop", raw: "end" } });
    },
  };
}

/** A provider stream that records how far it was pulled and whether it was released. */
function recordedSource(chunks: Chunk[], options: { throwAt?: number; hangAt?: number } = {}) {
  const log = { pulled: 0, returned: false };
  const iterable: AsyncIterable<Chunk> = {
    [Symbol.asyncIterator]() {
      let index = 0;
      return {
        async next() {
          if (options.hangAt !== undefined && index === options.hangAt) return new Promise<IteratorResult<Chunk>>(() => {});
          if (options.throwAt !== undefined && index === options.throwAt) throw Object.assign(new Error("socket hang up"), { status: 529 });
          if (index >= chunks.length) return { done: true, value: undefined };
          log.pulled++;
          return { done: false, value: chunks[index++] as Chunk };
        },
        async return() {
          log.returned = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  return { iterable, log };
}

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const base = { createMapper: toyMapper, provider: "toy", threadId: "t", runId: "r", generateId: createSequentialIds("id") };

describe("driveRun", () => {
  it("maps a complete stream into a valid run", async () => {
    const { iterable } = recordedSource(["think:hm", "text:Hi", "text:!", "usage:3", "end"]);
    const events = await collect(driveRun({ ...base, source: iterable }));
    const messages = await assertConformant(events);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["reasoning", "hm"],
      ["assistant", "Hi!"],
    ]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 3 }] });
  });

  it("yields each chunk's events before pulling the next chunk", async () => {
    const { iterable, log } = recordedSource(["text:a", "text:b", "text:c", "end"]);
    const seen: Array<[string, number]> = [];
    for await (const event of driveRun({ ...base, source: iterable })) {
      if (event.type === "TEXT_MESSAGE_CONTENT") seen.push([event.delta, log.pulled]);
    }
    expect(seen).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
  });

  it("turns a stream without the end marker into RUN_ERROR stream_truncated, with usage so far", async () => {
    const { iterable } = recordedSource(["text:cut", "usage:9"]);
    const events = await collect(driveRun({ ...base, source: iterable }));
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated", message: TRUNCATED_MESSAGE, usage: [{ inputTokens: 9 }] });
  });

  it("turns a throwing iterator into RUN_ERROR with usage so far, closing the open tool call", async () => {
    const { iterable } = recordedSource(["usage:5", "call:f", "args:{\"a\":"], { throwAt: 3 });
    const events = await collect(driveRun({ ...base, source: iterable }));
    await assertConformant(events);
    expect(events.slice(-2)).toMatchObject([
      { type: "TOOL_CALL_END", metadata: { "agui-bridge": { interrupted: true } } },
      { type: "RUN_ERROR", message: "socket hang up", code: "529", usage: [{ inputTokens: 5 }] },
    ]);
  });

  it("turns a throwing mapper into RUN_ERROR and releases the provider stream", async () => {
    const { iterable, log } = recordedSource(["text:a", "boom", "text:never"]);
    const events = await collect(driveRun({ ...base, source: iterable }));
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "mapper exploded", code: "toy_error" });
    expect(log.returned).toBe(true);
    expect(log.pulled).toBe(2);
  });

  it("turns an illegal builder call into RUN_ERROR invalid_sequence", async () => {
    const { iterable } = recordedSource(["args:{}", "end"]);
    const events = await collect(driveRun({ ...base, source: iterable }));
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "args before call" });
  });

  it("uses the mapper's error description, and redacts credentials from messages", async () => {
    const { iterable } = recordedSource([], { throwAt: 0 });
    const events = await collect(
      driveRun({
        ...base,
        source: iterable,
        createMapper: (run) => ({
          ...toyMapper(run),
          describeError: () => ({ message: "401 Incorrect API key provided: sk-proj-abcdefghijklmnop. Authorization: Bearer abcdefghijklmnopqrstuv", code: "invalid_api_key" }),
        }),
      }),
    );
    const last = events.at(-1);
    expect(last).toMatchObject({ type: "RUN_ERROR", code: "invalid_api_key" });
    expect(JSON.stringify(last)).not.toMatch(/abcdefghijklmnop/);
  });

  it("removes the given secrets (e.g. a key no pattern recognises) from RUN_ERROR messages", async () => {
    const key = "0123456789abcdef0123456789abcdef";
    const { iterable } = recordedSource([], { throwAt: 0 });
    const events = await collect(
      driveRun({
        ...base,
        source: iterable,
        secrets: [key],
        createMapper: (run) => ({ ...toyMapper(run), describeError: () => ({ message: `invalid subscription key ${key}.` }) }),
      }),
    );
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "invalid subscription key [redacted]." });
  });

  it("fails visibly when opening the provider request throws", async () => {
    const events = await collect(
      driveRun({ ...base, source: async () => Promise.reject(Object.assign(new Error("ECONNREFUSED"), { code: "ECONNREFUSED" })) }),
    );
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "ECONNREFUSED" });
  });

  it("ends with the cancelled outcome when the signal is already aborted, without opening the request", async () => {
    const controller = new AbortController();
    controller.abort();
    let opened = false;
    const events = await collect(
      driveRun({
        ...base,
        signal: controller.signal,
        source: () => {
          opened = true;
          return recordedSource(["end"]).iterable;
        },
      }),
    );
    expect(opened).toBe(false);
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    expect(events.at(-1)).toMatchObject({ outcome: { type: "cancelled" } });
  });

  for (const [label, chunks] of [
    ["an open tool call", ["usage:2", "text:x", "call:f", "args:{\"a\""]],
    ["an open reasoning message", ["think:half a tho"]],
    ["an open text message", ["text:hal"]],
  ] as const) {
    it(`aborts in the middle of ${label}: closes it, cancelled outcome, iterator released`, async () => {
      const controller = new AbortController();
      const { iterable, log } = recordedSource([...chunks], { hangAt: chunks.length });
      const events: Event[] = [];
      for await (const event of driveRun({ ...base, signal: controller.signal, source: iterable })) {
        events.push(event);
        if (log.pulled === chunks.length && event.type !== "RUN_STARTED") setTimeout(() => controller.abort(), 1);
      }
      await assertConformant(events);
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
      expect(log.returned).toBe(true);
      const closes = events.filter((e) => /_END$/.test(e.type));
      expect(closes.length).toBeGreaterThan(0);
      for (const close of closes.filter((e) => e.type !== "REASONING_END")) {
        expect(close.metadata).toMatchObject({ "agui-bridge": { interrupted: true } });
      }
      if (label === "an open tool call") expect(events.at(-1)).toMatchObject({ usage: [{ inputTokens: 2 }] });
    });
  }

  it("aborts between chunks when the consumer aborts while handling an event", async () => {
    const controller = new AbortController();
    const { iterable, log } = recordedSource(["text:a", "text:b", "text:c", "end"]);
    const events: Event[] = [];
    for await (const event of driveRun({ ...base, signal: controller.signal, source: iterable })) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") controller.abort();
    }
    await assertConformant(events);
    expect(log.pulled).toBe(1);
    expect(log.returned).toBe(true);
    expect(events.at(-1)).toMatchObject({ outcome: { type: "cancelled" } });
  });

  it("releases the provider stream and aborts its request when the consumer stops early", async () => {
    const { iterable, log } = recordedSource(["text:a", "text:b", "end"]);
    let requestSignal: AbortSignal | undefined;
    for await (const event of driveRun({
      ...base,
      source: (signal) => {
        requestSignal = signal;
        return iterable;
      },
    })) {
      if (event.type === "TEXT_MESSAGE_CONTENT") break;
    }
    expect(log.returned).toBe(true);
    expect(requestSignal?.aborted).toBe(true);
  });

  it("passes an abort of the caller's signal on to the request's signal", async () => {
    const controller = new AbortController();
    let requestSignal: AbortSignal | undefined;
    const { iterable } = recordedSource(["text:a"], { hangAt: 1 });
    const events: Event[] = [];
    for await (const event of driveRun({
      ...base,
      signal: controller.signal,
      source: (signal) => {
        requestSignal = signal;
        return iterable;
      },
    })) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") setTimeout(() => controller.abort(), 1);
    }
    expect(requestSignal?.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ outcome: { type: "cancelled" } });
  });

  it("takes thread and run ids from the input and echoes it", async () => {
    const input = { threadId: "thread-9", runId: "run-9", messages: [] };
    const events = await collect(driveRun({ createMapper: toyMapper, input, source: recordedSource(["end"]).iterable }));
    expect(events[0]).toEqual({ type: "RUN_STARTED", threadId: "thread-9", runId: "run-9", protocolVersion: "1.0", input });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", threadId: "thread-9", runId: "run-9" });
  });
});
