/**
 * A function call still streaming (`willContinue`, Vertex `streamFunctionCallArguments`) when its
 * response finishes — MAX_TOKENS, SAFETY, even STOP — or when a new response begins, was cut off
 * before its closing part: like a cut-off call of the Responses mapper it is closed `interrupted`
 * with its JSON completed. It stays in `pendingToolCallIds`, in call order, like any call the run
 * started and did not answer (AG-UI 1.0: a non-empty list names them all; a consumer deriving the
 * list from the stream counts it): the application answers it, e.g. with an error. A call closed
 * by its part without `willContinue` is complete and pending as before.
 */
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const chunk = (parts: unknown[], extra: Rec = {}, responseId = "r1"): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  modelVersion: "gemini-3-pro-preview",
  responseId,
});
const bridge = (event: unknown): Rec => ((event as { metadata?: Rec }).metadata?.["agui-bridge"] ?? {}) as Rec;
const outcome = (events: Event[]): Rec => (events.at(-1) as unknown as { outcome: Rec }).outcome;

async function run(chunks: unknown[]): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  return collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
}

const opening = chunk([{ functionCall: { id: "c1", name: "write_report", willContinue: true }, thoughtSignature: "sig-1" }]);
const fragment = chunk([{ functionCall: { id: "c1", partialArgs: [{ jsonPath: "$.body", stringValue: "Chapter one", willContinue: true }], willContinue: true } }]);

describe("a streamed function call cut off by its response's end", () => {
  for (const finishReason of ["MAX_TOKENS", "SAFETY", "STOP"]) {
    it(`finishReason ${finishReason} with the call still streaming: interrupted, JSON completed, still pending`, async () => {
      const events = await run([opening, fragment, chunk([], { finishReason })]);
      const messages = await assertConformant(events);
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, metadata: { "agui-bridge": { rawFinishReason: finishReason } } });
      expect(outcome(events).pendingToolCallIds).toEqual(["c1"]);
      // STOP with no complete application call is no `tool-calls` finish.
      expect(bridge(events.at(-1)).finishReason).not.toBe("tool-calls");
      const end = ofType(events, "TOOL_CALL_END")[0];
      expect(end?.toolCallId).toBe("c1");
      expect(bridge(end)).toMatchObject({ interrupted: true });
      const call = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
      expect(call?.function.arguments).toBe('{"body":"Chapter one"}');
    });
  }

  it("MAX_TOKENS arriving on the chunk of a fragment: the same", async () => {
    const events = await run([opening, chunk([{ functionCall: { id: "c1", partialArgs: [{ jsonPath: "$.n", numberValue: 3 }], willContinue: true } }], { finishReason: "MAX_TOKENS" })]);
    await assertConformant(events);
    expect(bridge(events.at(-1))).toMatchObject({ finishReason: "length" });
    expect(outcome(events).pendingToolCallIds).toEqual(["c1"]);
  });

  it("the cut call beside a complete one: both pending, in call order", async () => {
    const events = await run([
      chunk([{ functionCall: { id: "done", name: "lookup", args: { q: "a" } } }]),
      opening,
      fragment,
      chunk([], { finishReason: "MAX_TOKENS" }),
    ]);
    await assertConformant(events);
    expect(outcome(events).pendingToolCallIds).toEqual(["done", "c1"]);
  });

  it("a call closed by its part without willContinue is complete and pending (STOP → tool-calls)", async () => {
    const events = await run([opening, fragment, chunk([{ functionCall: { id: "c1" } }]), chunk([{ text: "" }], { finishReason: "STOP" })]);
    await assertConformant(events);
    expect(outcome(events).pendingToolCallIds).toEqual(["c1"]);
    expect(bridge(events.at(-1))).toMatchObject({ finishReason: "tool-calls" });
    expect(bridge(ofType(events, "TOOL_CALL_END")[0]).interrupted).toBeUndefined();
  });

  it("a new response beginning while a call of the previous one streams: that call is cut off too", async () => {
    const events = await run([opening, fragment, chunk([{ text: "Sorry, again:" }], {}, "r2"), chunk([{ functionCall: { id: "c2", name: "lookup", args: {} } }], { finishReason: "STOP" }, "r2")]);
    await assertConformant(events);
    expect(outcome(events).pendingToolCallIds).toEqual(["c1", "c2"]);
    expect(bridge(ofType(events, "TOOL_CALL_END").find((e) => e.toolCallId === "c1"))).toMatchObject({ interrupted: true });
  });
});

describe("a streamed function call cut off when the run ends without its response finishing", () => {
  /** The call's arguments as the run's messages hold them, after a source that yields `chunks` then does `after`. */
  async function cut(chunks: unknown[], after: "throw" | "malformed" | "abort"): Promise<{ events: Event[]; args: string | undefined }> {
    const controller = new AbortController();
    async function* source(): AsyncGenerator<unknown> {
      yield* chunks;
      if (after === "throw") throw Object.assign(new Error("terminated"), { code: "UND_ERR_SOCKET" });
      if (after === "malformed") yield 42;
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 5));
      yield chunk([{ text: "never mapped" }]);
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds(), signal: controller.signal }));
    const messages = await assertConformant(events);
    const call = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
    return { events, args: call?.function.arguments };
  }

  for (const after of ["throw", "malformed", "abort"] as const) {
    it(`${after}: the call is closed interrupted with its JSON completed, as at a cut stream's end`, async () => {
      const { events, args } = await cut([opening, fragment], after);
      expect(events.at(-1)?.type).toBe(after === "abort" ? "RUN_FINISHED" : "RUN_ERROR");
      expect(args).toBe('{"body":"Chapter one"}');
      expect(bridge(ofType(events, "TOOL_CALL_END")[0])).toMatchObject({ interrupted: true });
    });
  }

  it("arguments that break off at a fragment the writer refuses: RUN_ERROR, the JSON written so far completed", async () => {
    const nested = chunk([{ functionCall: { id: "c1", partialArgs: [{ jsonPath: "$.a.b", numberValue: 1 }], willContinue: true } }]);
    // `$.a` again, after `$.a.b`: a member repeated, which cannot be written incrementally.
    const repeated = chunk([{ functionCall: { id: "c1", partialArgs: [{ jsonPath: "$.a", numberValue: 2 }], willContinue: true } }]);
    const events = await run([opening, nested, repeated]);
    const messages = await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "invalid_tool_arguments" });
    const call = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
    expect(call?.function.arguments).toBe('{"a":{"b":1}}');
  });
});

describe("the raw path (SSE bytes) closes a call cut off by STOP the same way", () => {
  for (const vertexai of [false, true]) {
    it(`${vertexai ? "Vertex" : "Gemini API"} bytes: interrupted, JSON completed, still pending`, async () => {
      const sse = [opening, fragment, chunk([], { finishReason: "STOP" })].map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join("");
      const events = await collect(streamGenerateContentFromResponse(new Response(sse), { generateId: createSequentialIds(), vertexai }));
      const messages = await assertConformant(events);
      expect(outcome(events).pendingToolCallIds).toEqual(["c1"]);
      expect(bridge(ofType(events, "TOOL_CALL_END")[0])).toMatchObject({ interrupted: true });
      const call = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
      expect(call?.function.arguments).toBe('{"body":"Chapter one"}');
    });
  }
});
