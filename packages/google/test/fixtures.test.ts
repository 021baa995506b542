/**
 * Our own fixtures (test-fixtures/google/*.sse, raw SSE bodies written from the documented wire
 * format), parsed by the real @google/genai SDK, mapped, checked for conformance, compared with the
 * expected events beside them, and asserted on behaviourally.
 */
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import type { BaseEvent } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { streamGenerateContent } from "../src/index.js";
import { collect, ofType, toJsonl } from "./support/collect.js";
import { eventsPath, readSse, sdkStream, type FetchLog } from "./support/sdk-sse.js";

async function run(name: string): Promise<Event[]> {
  const events = await collect(
    streamGenerateContent(await sdkStream(readSse(name)), {
      generateId: createSequentialIds(),
      threadId: "thread-1",
      runId: "run-1",
    }),
  );
  await expect(toJsonl(events)).toMatchFileSnapshot(eventsPath(name));
  return events;
}

/** A rebuilt message's encrypted value, whatever its role. */
const sig = (message: unknown): unknown => (message as { encryptedValue?: unknown } | undefined)?.encryptedValue;
const bridge = (event: { metadata?: Record<string, unknown> } | undefined): Record<string, unknown> =>
  (event?.metadata?.["agui-bridge"] ?? {}) as Record<string, unknown>;

function terminal(events: Event[]): Event {
  const last = events[events.length - 1];
  if (last === undefined) throw new Error("no events");
  return last;
}

describe("fixtures parsed by the @google/genai SDK", () => {
  it("text: one assistant message, bytes conserved, stop", async () => {
    const events = await run("text");
    const messages = await assertConformant(events);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: "assistant", content: 'Hello, wörld! 👋 "quoted"\n' });
    const end = terminal(events);
    expect(end.type).toBe("RUN_FINISHED");
    expect(bridge(end as never)).toMatchObject({ finishReason: "stop", rawFinishReason: "STOP" });
    expect((end as { usage?: unknown }).usage).toEqual([
      { provider: "google", model: "gemini-2.5-flash", inputTokens: 7, outputTokens: 6, totalTokens: 13 },
    ]);
  });

  it("thoughts + signatures: switching opens new messages, every signature lands on its message", async () => {
    const events = await run("thoughts-signatures");
    const messages = await assertConformant(events);
    expect(messages.map((m) => m.role)).toEqual(["reasoning", "assistant", "reasoning", "assistant"]);
    expect(messages.map((m) => ("content" in m ? m.content : undefined))).toEqual([
      "Let me think about the question.",
      "The answer",
      "Double-checking the sum.",
      " is 42.",
    ]);
    // The thought's signature is on the first reasoning message; the one on the trailing empty text
    // part on the text message it follows.
    expect(sig(messages[0])).toBe("c2lnLXRob3VnaHQtMQ==");
    expect(sig(messages[3])).toBe("c2lnLXRleHQtMQ==");
    expect(sig(messages[1])).toBeUndefined();
    expect(ofType(events, "REASONING_START")).toHaveLength(2);
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.subtype)).toEqual(["message", "message"]);
    expect(bridge(ofType(events, "REASONING_MESSAGE_START")[0] as never)).toMatchObject({
      encryptedKind: "google-thought-signature",
    });
    expect((terminal(events) as { usage?: unknown }).usage).toEqual([
      { provider: "google", model: "gemini-3-pro-preview", inputTokens: 12, outputTokens: 102, totalTokens: 114, reasoningTokens: 95 },
    ]);
  });

  it("parallel function calls: one ARGS each, signature on the first call only, tool-calls finish", async () => {
    const events = await run("parallel-function-calls");
    const messages = await assertConformant(events);
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.role === "assistant" && assistant.toolCalls?.map((c) => c.function)).toEqual([
      { name: "get_weather", arguments: JSON.stringify({ city: "Paris", unit: "celsius" }) },
      { name: "get_weather", arguments: JSON.stringify({ city: "London", unit: "celsius" }) },
    ]);
    expect(assistant?.role === "assistant" && assistant.toolCalls?.map((c) => c.encryptedValue)).toEqual([
      "c2lnLWNhbGwtMQ==",
      undefined,
    ]);
    const starts = ofType(events, "TOOL_CALL_START");
    expect(new Set(starts.map((s) => s.parentMessageId)).size).toBe(1);
    expect(ofType(events, "TOOL_CALL_ARGS")).toHaveLength(2);
    const end = terminal(events);
    expect(bridge(end as never)).toMatchObject({ finishReason: "tool-calls", rawFinishReason: "STOP" });
    expect(end.type === "RUN_FINISHED" && end.outcome).toEqual({
      type: "success",
      pendingToolCallIds: starts.map((s) => s.toolCallId),
    });
  });

  it("streamed partialArgs, two calls interleaved by id: incremental ARGS equal the whole-args JSON", async () => {
    const events = await run("streamed-partial-args");
    const messages = await assertConformant(events);
    const deltas = collectDeltas(events as BaseEvent[]);
    expect(deltas.toolArgs.get("call_a")).toBe(
      JSON.stringify({
        location: { city: 'San "Francisco" 🌉', country: "US" },
        days: ["mon", "tue"],
        units: null,
        limit: 3.5,
      }),
    );
    expect(deltas.toolArgs.get("call_b")).toBe(JSON.stringify({ timezone: "America/Los_Angeles", format24h: true }));
    // Several ARGS per call, interleaved between the calls.
    const argOwners = ofType(events, "TOOL_CALL_ARGS").map((e) => e.toolCallId);
    expect(argOwners.filter((id) => id === "call_a").length).toBeGreaterThan(2);
    expect(argOwners.indexOf("call_b")).toBeLessThan(argOwners.lastIndexOf("call_a"));
    // The split surrogate pair never produced an escaped lone surrogate.
    expect(ofType(events, "TOOL_CALL_ARGS").some((e) => /\\ud8/i.test(e.delta))).toBe(false);
    expect(deltas.encrypted).toEqual([{ subtype: "tool-call", entityId: "call_a", encryptedValue: "c2lnLXN0cmVhbS0x" }]);
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.role === "assistant" && assistant.toolCalls?.map((c) => c.id)).toEqual(["call_a", "call_b"]);
    expect(ofType(events, "TOOL_CALL_END").map((e) => e.toolCallId)).toEqual(["call_b", "call_a"]);
  });

  it("code execution: a provider-executed call with its result, never pending", async () => {
    const events = await run("code-execution");
    const messages = await assertConformant(events);
    const start = ofType(events, "TOOL_CALL_START")[0];
    expect(start?.toolCallName).toBe("code_execution");
    expect(bridge(start as never)).toMatchObject({ providerExecuted: true, providerToolType: "code_execution" });
    const result = ofType(events, "TOOL_CALL_RESULT")[0];
    expect(result).toMatchObject({ toolCallId: start?.toolCallId, content: "5050\n" });
    expect(bridge(result as never)).toMatchObject({ providerExecuted: true, outcome: "OUTCOME_OK" });
    const args = collectDeltas(events as BaseEvent[]).toolArgs.get(start?.toolCallId ?? "");
    expect(JSON.parse(args ?? "")).toEqual({ language: "PYTHON", code: "print(sum(range(101)))\n" });
    const end = terminal(events);
    expect(end.type === "RUN_FINISHED" && end.outcome).toEqual({ type: "success" });
    expect(bridge(end as never)).toMatchObject({ finishReason: "stop" });
    expect(messages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    expect((end as { usage?: unknown }).usage).toEqual([
      { provider: "google", model: "gemini-2.5-pro", inputTokens: 29, outputTokens: 28, totalTokens: 57 },
    ]);
  });

  it("inline image and fileData output: provider-executed results carrying media parts", async () => {
    const events = await run("inline-image");
    await assertConformant(events);
    const starts = ofType(events, "TOOL_CALL_START");
    expect(starts.map((s) => s.toolCallName)).toEqual(["image_generation", "file_data"]);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results[0]?.content).toEqual([
      {
        type: "image",
        source: {
          type: "data",
          mimeType: "image/png",
          value: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        },
      },
    ]);
    expect(results[1]?.content).toEqual([
      {
        type: "video",
        source: {
          type: "file",
          value: "https://generativelanguage.googleapis.com/v1beta/files/abc123",
          mimeType: "video/mp4",
          provider: "google",
        },
      },
    ]);
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([
      expect.objectContaining({ subtype: "tool-call", entityId: starts[0]?.toolCallId, encryptedValue: "c2lnLWltYWdlLTE=" }),
    ]);
    expect(bridge(terminal(events) as never)).toMatchObject({ finishReason: "stop" });
  });

  it("cached + tool-use-prompt + thoughts usage, last usage wins; grounding kept", async () => {
    const events = await run("usage-cached-tool-thoughts");
    await assertConformant(events);
    const end = terminal(events);
    expect((end as { usage?: unknown }).usage).toEqual([
      {
        provider: "google",
        model: "gemini-2.5-flash",
        inputTokens: 1250,
        outputTokens: 100,
        totalTokens: 1350,
        reasoningTokens: 70,
        cachedInputTokens: 1000,
      },
    ]);
    const grounding = bridge(end as never).grounding as Array<Record<string, unknown>>;
    expect(grounding).toHaveLength(1);
    expect(grounding[0]).toMatchObject({
      responseId: "usage-1",
      groundingMetadata: { groundingChunks: [{ web: { uri: "https://example.com/paris" } }] },
    });
    expect(bridge(ofType(events, "TEXT_MESSAGE_END")[0] as never)).toMatchObject({
      groundingMetadata: { webSearchQueries: ["weather paris"] },
    });
  });

  it("blocked prompt: RUN_ERROR prompt_blocked with the reason kept and usage so far", async () => {
    const events = await run("blocked-prompt");
    await assertConformant(events);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "prompt_blocked" });
    expect(end.type === "RUN_ERROR" && end.message).toContain("SAFETY");
    expect(bridge(end as never)).toMatchObject({
      finishReason: "content-filter",
      rawFinishReason: "SAFETY",
      finishDetails: { blockReason: "SAFETY" },
    });
    expect((end as { usage?: unknown }).usage).toEqual([
      { provider: "google", model: "gemini-2.5-flash", inputTokens: 8, outputTokens: 0, totalTokens: 8 },
    ]);
  });

  it("in-band error frame: RUN_ERROR with the status as code, text so far kept, usage so far", async () => {
    const events = await run("error-frame");
    const messages = await assertConformant(events);
    expect(messages[0]).toMatchObject({ role: "assistant", content: "Partial answer" });
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "503" });
    expect(end.type === "RUN_ERROR" && end.message).toBe("UNAVAILABLE: The model is overloaded. Please try again later.");
    expect(JSON.stringify(end)).not.toMatch(/fixture-replay|x-goog|headers/i);
    expect((end as { usage?: unknown }).usage).toEqual([
      { provider: "google", model: "gemini-2.5-flash", inputTokens: 5, outputTokens: 2, totalTokens: 7 },
    ]);
    expect(bridge(ofType(events, "TEXT_MESSAGE_END")[0] as never)).toMatchObject({ interrupted: true });
  });

  it("truncated frame: RUN_ERROR stream_truncated", async () => {
    const events = await run("truncated-frame");
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("abort: cancelled outcome, and the SDK's HTTP request is aborted", async () => {
    const controller = new AbortController();
    const log: FetchLog = { urls: [], signals: [] };
    const stream = await sdkStream(readSse("abort"), { hold: true, log });
    const events: Event[] = [];
    for await (const event of streamGenerateContent(stream, {
      generateId: createSequentialIds(),
      threadId: "thread-1",
      runId: "run-1",
      signal: controller.signal,
    })) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT" && event.delta === " cut short") controller.abort();
    }
    await expect(toJsonl(events)).toMatchFileSnapshot(eventsPath("abort"));
    const messages = await assertConformant(events);
    expect(messages[0]).toMatchObject({ content: "This answer will be cut short" });
    const end = terminal(events);
    expect(end.type === "RUN_FINISHED" && end.outcome).toEqual({ type: "cancelled" });
    expect((end as { usage?: unknown }).usage).toEqual([
      { provider: "google", model: "gemini-2.5-flash", inputTokens: 6, outputTokens: 7, totalTokens: 13 },
    ]);
    expect(log.urls[0]).toContain(":streamGenerateContent?alt=sse");
  });

  it("abort through the provider's signal releases the request", async () => {
    const controller = new AbortController();
    const log: FetchLog = { urls: [], signals: [] };
    const events: Event[] = [];
    for await (const event of streamGenerateContent(
      (signal) => sdkStream(readSse("abort"), { hold: true, log, signal }),
      { generateId: createSequentialIds(), signal: controller.signal },
    )) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") controller.abort();
    }
    expect(terminal(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log.signals[0]?.aborted).toBe(true);
  });
});
