import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import type { BaseEvent } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { describeGoogleError, mapGoogleFinishReason, streamGenerateContent } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

const parts = (list: unknown[], extra: Record<string, unknown> = {}, responseId = "r1"): unknown => ({
  candidates: [{ content: { role: "model", parts: list }, index: 0, ...extra }],
  modelVersion: "gemini-test",
  responseId,
});
const stop = (list: unknown[] = [], responseId = "r1"): unknown => parts(list, { finishReason: "STOP" }, responseId);

async function mapChunks(chunks: unknown[], options: { emitRawEvents?: boolean; warnings?: BridgeWarning[] } = {}): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  return collect(
    streamGenerateContent(source(), {
      generateId: createSequentialIds(),
      ...(options.emitRawEvents !== undefined && { emitRawEvents: options.emitRawEvents }),
      onWarning: (warning) => options.warnings?.push(warning),
    }),
  );
}
const last = (events: Event[]): Event | undefined => events[events.length - 1];
/** A rebuilt message's encrypted value, whatever its role. */
const sig = (message: unknown): unknown => (message as { encryptedValue?: unknown } | undefined)?.encryptedValue;
const bridge = (event: unknown): Record<string, unknown> =>
  ((event as { metadata?: Record<string, unknown> }).metadata?.["agui-bridge"] ?? {}) as Record<string, unknown>;

describe("generateContent stream mapping", () => {
  it("a chunk that is not an object ends the run with RUN_ERROR invalid_chunk", async () => {
    const events = await mapChunks([parts([{ text: "a" }]), "{not json", stop()]);
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "invalid_chunk" });
  });

  it("a stream without finishReason ends with RUN_ERROR stream_truncated, streamed call closed with valid JSON", async () => {
    const events = await mapChunks([
      parts([{ functionCall: { name: "f", willContinue: true } }]),
      parts([{ functionCall: { partialArgs: [{ jsonPath: "$.q", stringValue: "ab", willContinue: true }], willContinue: true } }]),
    ]);
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    const args = [...collectDeltas(events as BaseEvent[]).toolArgs.values()];
    expect(JSON.parse(args[0] ?? "")).toEqual({ q: "ab" });
    expect(bridge(ofType(events, "TOOL_CALL_END")[0])).toMatchObject({ interrupted: true });
  });

  it("a call still streaming when a finished stream ends is closed interrupted, its arguments kept, still pending", async () => {
    const events = await mapChunks([
      parts([{ functionCall: { name: "f", willContinue: true } }]),
      stop([{ functionCall: { partialArgs: [{ jsonPath: "$.n", numberValue: 1 }], willContinue: true } }]),
    ]);
    const messages = await assertConformant(events);
    const callId = ofType(events, "TOOL_CALL_START")[0]?.toolCallId;
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((last(events) as { outcome?: { pendingToolCallIds?: unknown } }).outcome?.pendingToolCallIds).toEqual([callId]);
    expect(bridge(ofType(events, "TOOL_CALL_END")[0])).toMatchObject({ interrupted: true });
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.role === "assistant" && assistant.toolCalls?.[0]?.function.arguments).toBe('{"n":1}');
  });

  it("a signature on an empty text part after a thought attaches to the just-closed reasoning message", async () => {
    const events = await mapChunks([
      parts([{ text: "hmm", thought: true }]),
      stop([{ text: "", thoughtSignature: "sig-r" }]),
    ]);
    const messages = await assertConformant(events);
    expect(messages).toEqual([expect.objectContaining({ role: "reasoning", content: "hmm", encryptedValue: "sig-r" })]);
  });

  it("a signature on an empty text part with no message before it gets a message of its own", async () => {
    const events = await mapChunks([
      parts([{ functionCall: { name: "f", args: {} } }]),
      stop([{ text: "", thoughtSignature: "sig-t" }]),
    ]);
    const messages = await assertConformant(events);
    const signed = messages.filter((m) => sig(m) === "sig-t");
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ role: "assistant", content: "" });
  });

  it("a second signature for a message opens a new message, so none is overwritten", async () => {
    const events = await mapChunks([
      parts([{ text: "one", thoughtSignature: "s1" }]),
      stop([{ text: "two", thoughtSignature: "s2" }]),
    ]);
    const messages = await assertConformant(events);
    expect(messages.map((m) => [m.role, "content" in m ? m.content : "", sig(m)])).toEqual([
      ["assistant", "one", "s1"],
      ["assistant", "two", "s2"],
    ]);
  });

  it("a part with only a signature keeps it", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await mapChunks([parts([{ text: "x" }]), stop([{ thoughtSignature: "lonely" }])], { warnings });
    const messages = await assertConformant(events);
    expect(sig(messages[0])).toBe("lonely");
  });

  it("several responses in one stream are separate turns with their own usage", async () => {
    const usage = (p: number, c: number) => ({ promptTokenCount: p, candidatesTokenCount: c, totalTokenCount: p + c });
    const events = await mapChunks([
      { ...(stop([{ functionCall: { name: "f", args: { a: 1 } } }], "A") as object), usageMetadata: usage(10, 2) },
      { ...(stop([{ text: "done" }], "B") as object), usageMetadata: usage(20, 3) },
    ]);
    await assertConformant(events);
    const end = last(events);
    expect((end as { usage?: unknown }).usage).toEqual([
      { provider: "google", model: "gemini-test", inputTokens: 30, outputTokens: 5, totalTokens: 35 },
    ]);
    // The finish reason is the last response's.
    expect(bridge(end)).toMatchObject({ finishReason: "stop" });
    const parent = ofType(events, "TOOL_CALL_START")[0]?.parentMessageId;
    expect(ofType(events, "TEXT_MESSAGE_START")[0]?.messageId).not.toBe(parent);
  });

  it("unknown parts: a warning, RAW only with emitRawEvents, and the run goes on", async () => {
    const warnings: BridgeWarning[] = [];
    const chunks = [parts([{ videoMetadata: { fps: 1 } }]), stop([{ text: "ok" }])];
    const quiet = await mapChunks(chunks, { warnings });
    await assertConformant(quiet);
    expect(ofType(quiet, "RAW")).toHaveLength(0);
    expect(warnings.map((w) => w.code)).toContain("stream.unknown-content");
    const loud = await mapChunks(chunks, { emitRawEvents: true });
    await assertConformant(loud);
    expect(ofType(loud, "RAW")).toEqual([expect.objectContaining({ event: { videoMetadata: { fps: 1 } }, source: "google" })]);
    expect(last(loud)?.type).toBe("RUN_FINISHED");
  });

  it("only the first candidate is mapped", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await mapChunks(
      [{ candidates: [{ content: { parts: [{ text: "a" }] }, index: 0, finishReason: "STOP" }, { content: { parts: [{ text: "b" }] }, index: 1 }] }],
      { warnings },
    );
    const messages = await assertConformant(events);
    expect(messages.map((m) => ("content" in m ? m.content : ""))).toEqual(["a"]);
    expect(warnings.map((w) => w.code)).toContain("stream.extra-candidate");
  });

  it("out-of-order partialArgs end the run visibly", async () => {
    const events = await mapChunks([
      parts([{ functionCall: { name: "f", willContinue: true } }]),
      parts([{ functionCall: { partialArgs: [{ jsonPath: "$.a.x", numberValue: 1 }, { jsonPath: "$.b", numberValue: 2 }, { jsonPath: "$.a.y", numberValue: 3 }], willContinue: true } }]),
      stop(),
    ]);
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "invalid_tool_arguments" });
  });

  it("a thrown iterator becomes RUN_ERROR with usage so far", async () => {
    async function* source(): AsyncGenerator<unknown> {
      yield { ...(parts([{ text: "a" }]) as object), usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1 } };
      throw Object.assign(new Error('{"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED"}}'), {
        name: "ApiError",
        status: 429,
      });
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
    await assertConformant(events);
    expect(last(events)).toMatchObject({
      type: "RUN_ERROR",
      code: "429",
      message: "RESOURCE_EXHAUSTED: Quota exceeded",
      usage: [{ provider: "google", model: "gemini-test", inputTokens: 3, outputTokens: 1, totalTokens: 4 }],
    });
  });
});

describe("finish reasons and errors", () => {
  it.each([
    ["STOP", false, "stop"],
    ["STOP", true, "tool-calls"],
    ["MAX_TOKENS", false, "length"],
    ["SAFETY", false, "content-filter"],
    ["RECITATION", false, "content-filter"],
    ["BLOCKLIST", false, "content-filter"],
    ["PROHIBITED_CONTENT", false, "content-filter"],
    ["SPII", false, "content-filter"],
    ["IMAGE_SAFETY", false, "content-filter"],
    ["IMAGE_PROHIBITED_CONTENT", false, "content-filter"],
    ["MALFORMED_FUNCTION_CALL", true, "error"],
    ["LANGUAGE", false, "other"],
    ["UNEXPECTED_TOOL_CALL", false, "error"],
    ["IMAGE_OTHER", false, "other"],
  ] as const)("%s (calls made: %s) → %s, raw kept", (raw, calls, reason) => {
    expect(mapGoogleFinishReason(raw, calls)).toEqual({ reason, raw });
  });

  it("reads an HTTP ApiError without leaking keys", () => {
    const error = Object.assign(
      new Error('{"error":{"code":400,"message":"API key not valid: AIzaSyA1234567890abcdefghijklmn","status":"INVALID_ARGUMENT"}}'),
      { name: "ApiError", status: 400 },
    );
    const described = describeGoogleError(error);
    expect(described.code).toBe("400");
    expect(described.message).toContain("INVALID_ARGUMENT");
    expect(described.message).not.toContain("AIzaSyA1234567890");
  });
});

describe("a functionCall id the run already used", () => {
  it("gets a fresh id, warning stream.duplicate-tool-call-id (the code every adapter uses), the provider id kept as functionCallId", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await mapChunks(
      [parts([{ functionCall: { id: "fc-1", name: "f", args: { n: 1 } } }]), stop([{ functionCall: { id: "fc-1", name: "f", args: { n: 2 } } }])],
      { warnings },
    );
    await assertConformant(events);
    const [first, second] = ofType(events, "TOOL_CALL_START");
    expect(first?.toolCallId).toBe("fc-1");
    expect(second?.toolCallId).not.toBe("fc-1");
    expect(bridge(second)).toMatchObject({ functionCallId: "fc-1" });
    const duplicates = warnings.filter((w) => w.code.startsWith("stream.duplicate"));
    expect(duplicates.map((w) => [w.code, w.details])).toEqual([["stream.duplicate-tool-call-id", { providerId: "fc-1", toolCallId: second?.toolCallId }]]);
  });
});
