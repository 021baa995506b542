/**
 * A Chat Completions tool call whose name comes after its first fragment (vercel/ai#14722: the
 * first `tool_calls` delta carries the `id` and the start of the arguments, a later one the
 * `function.name`). TOOL_CALL_START carries the name and cannot be amended, so the call starts when
 * a fragment names it, with every fragment before it written in order; a call never named still
 * starts (with an empty name) and loses nothing. Hand-written chunks.
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, streamChatCompletionsFromResponse } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

type Delta = Record<string, unknown>;

function chunk(delta: Delta, finish: string | null = null): Record<string, unknown> {
  return { id: "chatcmpl-late", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] };
}

async function* from(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  for (const c of chunks) yield c;
}

async function run(chunks: readonly unknown[]): Promise<Event[]> {
  const events = await collect(streamChatCompletions(from(chunks), { generateId: createSequentialIds("id") }));
  await assertConformant(events);
  return events;
}

describe("Chat tool call named after its first fragment", () => {
  it("the call starts with the name the later fragment gives, its earlier argument text first", async () => {
    const events = await run([
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { arguments: '{"cmd": ' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: "shell" } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"ls"}' } }] }),
      chunk({}, "tool_calls"),
    ]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName])).toEqual([["call_a", "shell"]]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"cmd": ', '"ls"}']);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["call_a"] } });
  });

  it("a second call named late keeps its own arguments while the first streams", async () => {
    const events = await run([
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "first", arguments: "{}" } }] }),
      chunk({ tool_calls: [{ index: 1, id: "call_b", type: "function", function: { arguments: '{"x":' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { name: "second", arguments: "1}" } }] }),
      chunk({}, "tool_calls"),
    ]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallName)).toEqual(["first", "second"]);
    expect(collectDeltas(events as never).toolArgs).toEqual(new Map([["call_a", "{}"], ["call_b", '{"x":1}']]));
  });

  it("a call no fragment names still starts (empty name) with all its arguments, at the finish", async () => {
    const events = await run([
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { arguments: '{"a"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ":1}" } }] }),
      chunk({}, "tool_calls"),
    ]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName])).toEqual([["call_a", ""]]);
    expect(collectDeltas(events as never).toolArgs.get("call_a")).toBe('{"a":1}');
  });

  it("a stream cut before the name came: the call's argument text is still in the failed run", async () => {
    const events = await run([chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { arguments: '{"a"' } }] })]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(collectDeltas(events as never).toolArgs.get("call_a")).toBe('{"a"');
  });

  it("the provider stream breaks before the name came: the call's argument text is still in the failed run", async () => {
    async function* broken(): AsyncGenerator<unknown> {
      yield chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { arguments: '{"a"' } }] });
      throw new Error("socket hang up");
    }
    const events = await collect(streamChatCompletions(broken(), { generateId: createSequentialIds("id") }));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR" });
    expect(collectDeltas(events as never).toolArgs.get("call_a")).toBe('{"a"');
  });

  it("an error chunk before the name came: the call's argument text is still in the failed run", async () => {
    const events = await run([
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { arguments: '{"a"' } }] }),
      { error: { message: "overloaded", type: "server_error", code: "overloaded" } },
    ]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "overloaded" });
    expect(collectDeltas(events as never).toolArgs.get("call_a")).toBe('{"a"');
  });

  // A cancel goes through the driver (not the mapper's end or describeError): the mapper's
  // beforeClose starts the call as the other forced endings do, with an empty name and no warning.
  const unnamed = chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { arguments: '{"a"' } }] });
  const moreArgs = chunk({ tool_calls: [{ index: 0, function: { arguments: ":1" } }] });

  /** The held call as a forced close leaves it: START (empty name) / ARGS / END interrupted, before the terminal event. */
  function expectForcedCall(events: Event[]): void {
    const call = events.filter((e) => "toolCallId" in e && e.toolCallId === "call_a");
    expect(call.map((e) => e.type)).toEqual(["TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_ARGS", "TOOL_CALL_END"]);
    expect(call[0]).toMatchObject({ toolCallName: "", parentMessageId: expect.any(String) });
    expect(call.at(-1)).toMatchObject({ metadata: { "agui-bridge": { interrupted: true } } });
    expect(events.indexOf(call.at(-1) as Event)).toBe(events.length - 2);
  }

  it("the run is cancelled while a pull is pending, before the name came: the call's argument text is in the cancelled run", async () => {
    const controller = new AbortController();
    const warnings: string[] = [];
    async function* hanging(): AsyncGenerator<unknown> {
      yield unnamed;
      yield moreArgs;
      // The next pull waits for a chunk that never comes; the signal aborts meanwhile.
      setTimeout(() => controller.abort(), 1);
      await new Promise(() => undefined);
    }
    const events = await collect(streamChatCompletions(hanging(), { generateId: createSequentialIds("id"), signal: controller.signal, onWarning: (w) => warnings.push(w.code) }));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expectForcedCall(events);
    expect(collectDeltas(events as never).toolArgs.get("call_a")).toBe('{"a":1');
    expect(warnings).toEqual([]);
  });

  it("the consumer aborts between chunks, before the name came: the call's argument text is in the cancelled run", async () => {
    const controller = new AbortController();
    const events: Event[] = [];
    const chunks = [chunk({ role: "assistant", content: "Let me check." }), unnamed, moreArgs, chunk({ content: " more" }), chunk({}, "tool_calls")];
    for await (const event of streamChatCompletions(from(chunks), { generateId: createSequentialIds("id"), signal: controller.signal })) {
      events.push(event);
      // Aborted while handling the fourth chunk's text, before the finish is pulled: the call is still held.
      if (event.type === "TEXT_MESSAGE_CONTENT" && event.delta === " more") controller.abort();
    }
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(collectDeltas(events as never).toolArgs.get("call_a")).toBe('{"a":1');
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallName)).toEqual([""]);
  });

  it("the raw-bytes path keeps the call's argument text on a cancel too", async () => {
    const controller = new AbortController();
    const encoder = new TextEncoder();
    async function* body(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(`data: ${JSON.stringify(unnamed)}\n\ndata: ${JSON.stringify(moreArgs)}\n\n`);
      setTimeout(() => controller.abort(), 1);
      await new Promise(() => undefined);
    }
    const events = await collect(streamChatCompletionsFromResponse(body(), { generateId: createSequentialIds("id"), signal: controller.signal }));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expectForcedCall(events);
  });

  it("a forced close starts the held call the same way whatever ends the run: cut, broken, cancelled (no warning on any)", async () => {
    async function ending(kind: "cut" | "broken" | "cancelled"): Promise<{ events: Event[]; warnings: string[] }> {
      const controller = new AbortController();
      const warnings: string[] = [];
      async function* source(): AsyncGenerator<unknown> {
        yield unnamed;
        yield moreArgs;
        if (kind === "broken") throw new Error("socket hang up");
        if (kind === "cancelled") {
          controller.abort();
          await new Promise(() => undefined);
        }
      }
      const events = await collect(streamChatCompletions(source(), { generateId: createSequentialIds("id"), signal: controller.signal, onWarning: (w) => warnings.push(w.code) }));
      await assertConformant(events);
      return { events, warnings };
    }
    const [cut, broken, cancelled] = await Promise.all([ending("cut"), ending("broken"), ending("cancelled")]);
    for (const { events, warnings } of [cut, broken, cancelled]) {
      expectForcedCall(events);
      expect(warnings).toEqual([]);
    }
    // Everything before the terminal event is the same.
    expect(cancelled.events.slice(0, -1)).toEqual(cut.events.slice(0, -1));
    expect(broken.events.slice(0, -1)).toEqual(cut.events.slice(0, -1));
  });

  it("a name repeated on every fragment (MiniMax through NVIDIA NIM) is the call's name once", async () => {
    const events = await run([
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "read_file", arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: "read_file", arguments: '{"p":1}' } }] }),
      chunk({}, "tool_calls"),
    ]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallName)).toEqual(["read_file"]);
    expect(collectDeltas(events as never).toolArgs.get("call_a")).toBe('{"p":1}');
  });

  it("a call that stays nameless past the bound starts without a name, with a warning, and streams on (memory stays bounded)", async () => {
    const piece = "x".repeat(64 * 1024);
    const warnings: string[] = [];
    const chunks = [
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_n", type: "function", function: { arguments: '{"a":"' } }] }),
      ...Array.from({ length: 20 }, () => chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] })),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"}' } }] }),
      chunk({}, "tool_calls"),
    ];
    let pulled = 0;
    async function* counted(): AsyncGenerator<unknown> {
      for (const c of chunks) {
        pulled++;
        yield c;
      }
    }
    const events: Event[] = [];
    let pulledAtStart = -1;
    for await (const event of streamChatCompletions(counted(), { generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w.code) })) {
      if (event.type === "TOOL_CALL_START") pulledAtStart = pulled;
      events.push(event);
    }
    await assertConformant(events);
    expect(warnings).toEqual(["stream.unnamed-tool-call"]);
    // Started on the chunk that took the held text past 1 MiB (its 16th 64 KiB piece, after the opening 6 characters), not at the finish.
    expect(pulledAtStart).toBe(17);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallName)).toEqual([""]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe(`{"a":"${piece.repeat(20)}"}`);
  });
});

