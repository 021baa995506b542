import { assertConformant, checkEvents } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { createSequentialIds, createTokenUsage, RunBuilder, RunStateError, type Event } from "../src/adapter.js";

function newRun(extra: Partial<ConstructorParameters<typeof RunBuilder>[0]> = {}): RunBuilder {
  const run = new RunBuilder({ threadId: "t", runId: "r", provider: "test", generateId: createSequentialIds("id"), ...extra });
  run.start();
  return run;
}

describe("RunBuilder", () => {
  it("emits RUN_STARTED with protocolVersion and the echoed input", async () => {
    const input = { threadId: "t", runId: "r", messages: [{ id: "u1", role: "user" as const, content: "hi" }] };
    const run = newRun({ input });
    run.finish();
    const events = run.drain();
    expect(events[0]).toEqual({ type: "RUN_STARTED", threadId: "t", runId: "r", protocolVersion: "1.0", input });
    await assertConformant(events, { initialMessages: input.messages });
  });

  it("does not echo the input when asked not to, and stamps timestamps when given a clock", () => {
    const run = newRun({ input: { threadId: "t", runId: "r", messages: [] }, echoInput: false, now: () => 42 });
    const [started] = run.drain();
    expect(started).toEqual({ type: "RUN_STARTED", threadId: "t", runId: "r", protocolVersion: "1.0", timestamp: 42 });
  });

  it("builds text, reasoning with an encrypted value, tool calls and results that the reference SDK rebuilds", async () => {
    const run = newRun();
    const reasoning = run.startReasoningMessage({ metadata: { encryptedKind: "test-signature" } });
    run.reasoning(reasoning, "Let me ");
    run.reasoning(reasoning, "think.");
    run.encryptedValue("message", reasoning, "opaque==");
    run.endReasoning();
    const text = run.startText();
    run.text(text, "");
    run.text(text, "Hello ");
    run.text(text, "🌍");
    const call = run.startToolCall({ toolCallId: "call_1", toolCallName: "lookup", parentMessageId: text });
    run.toolCallArgs(call, '{"q":');
    run.toolCallArgs(call, '"x"}');
    run.encryptedValue("tool-call", call, "sig-call");
    run.endToolCall(call);
    const search = run.startToolCall({ toolCallName: "web_search", parentMessageId: text, providerExecuted: true, metadata: { providerToolType: "web_search" } });
    run.toolCallArgs(search, "{}");
    run.toolCallResult({ toolCallId: search, content: [{ type: "text", text: "results" }] });
    run.endText(text, { citations: [{ url: "https://example.com" }] });
    run.usage.record("call-1", createTokenUsage({ provider: "test", model: "m", inputTokens: 4, outputTokens: 6, reasoningTokens: 2 }));
    run.finish({ finish: { reason: "tool-calls", raw: "tool_use" } });

    const events = run.drain();
    const messages = await assertConformant(events);
    expect(messages).toEqual([
      {
        id: reasoning,
        role: "reasoning",
        content: "Let me think.",
        encryptedValue: "opaque==",
        metadata: { "agui-bridge": { provider: "test", encryptedKind: "test-signature" } },
      },
      {
        id: text,
        role: "assistant",
        content: "Hello 🌍",
        metadata: { "agui-bridge": { provider: "test", citations: [{ url: "https://example.com" }] } },
        toolCalls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "lookup", arguments: '{"q":"x"}' },
            encryptedValue: "sig-call",
            metadata: { "agui-bridge": { provider: "test" } },
          },
          {
            id: search,
            type: "function",
            function: { name: "web_search", arguments: "{}" },
            metadata: { "agui-bridge": { provider: "test", providerToolType: "web_search", providerExecuted: true } },
          },
        ],
      },
      {
        id: expect.any(String),
        role: "tool",
        toolCallId: search,
        content: [{ type: "text", text: "results" }],
        metadata: { "agui-bridge": { provider: "test" } },
      },
    ]);
    expect(events.at(-1)).toEqual({
      type: "RUN_FINISHED",
      threadId: "t",
      runId: "r",
      outcome: { type: "success", pendingToolCallIds: ["call_1"] },
      usage: [{ provider: "test", model: "m", inputTokens: 4, outputTokens: 6, totalTokens: 10, reasoningTokens: 2 }],
      metadata: { "agui-bridge": { finishReason: "tool-calls", rawFinishReason: "tool_use" } },
    });
  });

  it("closes everything still open, in a legal order, before finishing", async () => {
    const run = newRun();
    const text = run.startText();
    const reasoning = run.startReasoningMessage();
    run.reasoning(reasoning, "…");
    const call = run.startToolCall({ toolCallName: "f", parentMessageId: text });
    run.toolCallArgs(call, '{"a"');
    run.finish();
    const events = run.drain();
    await assertConformant(events);
    expect(events.map((e) => e.type).slice(-5)).toEqual([
      "TOOL_CALL_END",
      "TEXT_MESSAGE_END",
      "REASONING_MESSAGE_END",
      "REASONING_END",
      "RUN_FINISHED",
    ]);
  });

  it("marks entities closed by a failure or a cancel as interrupted, keeping their provider", async () => {
    for (const end of ["fail", "cancel"] as const) {
      const run = newRun();
      const call = run.startToolCall({ toolCallName: "f" });
      run.toolCallArgs(call, "{");
      if (end === "fail") run.fail({ message: "boom", code: "x" });
      else run.cancel();
      const events = run.drain();
      const messages = await assertConformant(events);
      const toolCall = messages[0]?.role === "assistant" ? messages[0].toolCalls?.[0] : undefined;
      expect(toolCall?.metadata).toEqual({ "agui-bridge": { provider: "test", interrupted: true } });
    }
  });

  it("marks a reasoning span closed by a failure or a cancel as interrupted, like its messages", async () => {
    for (const end of ["fail", "cancel"] as const) {
      const run = newRun();
      const span = run.startReasoning();
      const message = run.startReasoningMessage();
      run.reasoning(message, "thinking");
      if (end === "fail") run.fail({ message: "boom" });
      else run.cancel();
      const events = run.drain();
      await assertConformant(events);
      expect(events.find((e) => e.type === "REASONING_MESSAGE_END")?.metadata).toEqual({ "agui-bridge": { provider: "test", interrupted: true } });
      // The span's start carries no bridge fields, so its END carries only the mark, in metadata.
      expect(events.find((e) => e.type === "REASONING_END")).toEqual({ type: "REASONING_END", messageId: span, metadata: { "agui-bridge": { interrupted: true } } });
    }
  });

  it("leaves REASONING_END without metadata when the span closes normally", async () => {
    const run = newRun();
    run.startReasoningMessage();
    run.finish();
    const events = run.drain();
    await assertConformant(events);
    expect(events.find((e) => e.type === "REASONING_END")).toEqual({ type: "REASONING_END", messageId: "id-1" });
  });

  it("lists an abandoned (cut-off) tool call as pending, in call order", async () => {
    const run = newRun();
    const cut = run.startToolCall({ toolCallId: "cut", toolCallName: "f" });
    run.toolCallArgs(cut, '{"a":');
    run.abandonToolCall(cut);
    run.startToolCall({ toolCallId: "whole", toolCallName: "f" });
    run.finish();
    const events = run.drain();
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["cut", "whole"] } });
    expect(events.find((e) => e.type === "TOOL_CALL_END" && e.toolCallId === "cut")?.metadata).toEqual({
      "agui-bridge": { provider: "test", interrupted: true },
    });
  });

  it("lists a lone abandoned call, the list a consumer derives from the stream", async () => {
    const run = newRun();
    run.startToolCall({ toolCallId: "cut", toolCallName: "f" });
    run.toolCallArgs("cut", '{"a":');
    run.abandonToolCall("cut");
    run.finish();
    const events = run.drain();
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["cut"] } });
  });

  it("carries usage on RUN_ERROR and the cancelled outcome", async () => {
    const run = newRun();
    run.usage.record("c", createTokenUsage({ provider: "p", model: "m", inputTokens: 1, outputTokens: 1 }));
    run.fail({ message: "overloaded", code: "overloaded_error" });
    const events = run.drain();
    expect(events.at(-1)).toEqual({
      type: "RUN_ERROR",
      message: "overloaded",
      code: "overloaded_error",
      usage: [{ provider: "p", model: "m", inputTokens: 1, outputTokens: 1, totalTokens: 2 }],
    });
    await assertConformant(events);

    const cancelled = newRun();
    cancelled.cancel();
    const cancelEvents = cancelled.drain();
    expect(cancelEvents.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    await assertConformant(cancelEvents);
  });

  it("emits CUSTOM and RAW events that validate", async () => {
    const run = newRun();
    run.custom("agui-bridge.inline-data", { mimeType: "image/png" });
    run.raw({ type: "response.future_event" }, "openai");
    run.finish();
    await assertConformant(run.drain());
  });

  it("refuses calls that would make the sequence illegal", () => {
    const run = newRun();
    expect(() => run.text("nope", "x")).toThrow(RunStateError);
    expect(() => run.endText("nope")).toThrow(RunStateError);
    expect(() => run.reasoning("nope", "x")).toThrow(RunStateError);
    expect(() => run.toolCallArgs("nope", "x")).toThrow(RunStateError);
    expect(() => run.endToolCall("nope")).toThrow(RunStateError);
    expect(() => run.toolCallResult({ toolCallId: "nope", content: "" })).toThrow(RunStateError);
    const id = run.startText({ messageId: "m" });
    expect(() => run.startText({ messageId: id })).toThrow(RunStateError);
    run.startToolCall({ toolCallId: "c", toolCallName: "f" });
    expect(() => run.startToolCall({ toolCallId: "c", toolCallName: "f" })).toThrow(RunStateError);
    run.finish();
    expect(() => run.startText()).toThrow(/already ended/);
    expect(() => run.finish()).toThrow(RunStateError);
    expect(() => new RunBuilder({ threadId: "t", runId: "r" }).startText()).toThrow(/not started/);
  });

  it("never lets an illegal call reach the wire: the sequence so far still validates", async () => {
    const run = newRun();
    const text = run.startText();
    run.text(text, "partial");
    try {
      run.text("other", "x");
    } catch {
      run.fail({ message: "invalid", code: "invalid_sequence" });
    }
    const report = await checkEvents(run.drain() as Event[]);
    expect(report.issues).toEqual([]);
    expect(report.terminal).toBe("RUN_ERROR");
  });

  it("opens a new span when reasoning starts again after a span closed", async () => {
    const run = newRun();
    const first = run.startReasoningMessage();
    run.endReasoning();
    const second = run.startReasoningMessage();
    expect(second).not.toBe(first);
    run.finish();
    const events = run.drain();
    expect(events.filter((e) => e.type === "REASONING_START")).toHaveLength(2);
    await assertConformant(events);
  });
});

describe("RunBuilder.isToolCallIdTaken", () => {
  it("covers the calls of this run and the tool calls and results of the conversation it answers, read defensively", () => {
    const messages = [
      { id: "a", role: "assistant", toolCalls: [{ id: "call_0", type: "function", function: { name: "f", arguments: "{}" } }, null, { id: 5 }] },
      { id: "t", role: "tool", toolCallId: "orphan_result", content: "x" },
      null,
      { role: "assistant", toolCalls: "not an array" },
    ];
    const input = { threadId: "th", runId: "r", state: {}, messages, tools: [], context: [], forwardedProps: {} } as never;
    const run = new RunBuilder({ threadId: "th", runId: "r", input, echoInput: false, generateId: createSequentialIds("id") });
    run.start();
    expect(run.isToolCallIdTaken("call_0")).toBe(true);
    expect(run.isToolCallIdTaken("orphan_result")).toBe(true);
    expect(run.isToolCallIdTaken("call_1")).toBe(false);
    run.startToolCall({ toolCallId: "call_1", toolCallName: "f" });
    expect(run.isToolCallIdTaken("call_1")).toBe(true);
    // hasToolCall keeps meaning "started in this run".
    expect(run.hasToolCall("call_0")).toBe(false);
    expect(new RunBuilder({ threadId: "th", runId: "r" }).isToolCallIdTaken("call_0")).toBe(false);
  });
});
