import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions } from "../src/index.js";
import { collect, last, ofType, toJsonl } from "./support/collect.js";
import { expectedPath, readFixture, sdkChatChunks } from "./support/sdk-replay.js";

const FORMAT = "openai-chat";

async function run(name: string): Promise<Event[]> {
  return collect(
    streamChatCompletions(sdkChatChunks(readFixture(FORMAT, name)), {
      generateId: createSequentialIds("id"),
      threadId: "thread-1",
      runId: "run-1",
    }),
  );
}

async function runAndSnapshot(name: string): Promise<Event[]> {
  const events = await run(name);
  await expect(toJsonl(events)).toMatchFileSnapshot(expectedPath(FORMAT, name));
  return events;
}

describe("Chat Completions fixtures (raw SSE parsed by the openai SDK)", () => {
  it("text: one assistant message, fragments byte for byte (empty delta included), usage and stop", async () => {
    const events = await runAndSnapshot("text");
    const messages = await assertConformant(events);
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["Hello", ", wörld", "", " 👋\n"]);
    expect(messages).toEqual([expect.objectContaining({ role: "assistant", content: "Hello, wörld 👋\n" })]);
    const end = last(events);
    expect(end).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success" },
      usage: [{ provider: "openai", model: "gpt-4.1-mini-2025-04-14", inputTokens: 12, outputTokens: 6, totalTokens: 18 }],
    });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ finishReason: "stop", rawFinishReason: "stop" });
  });

  it("refusal: a visible text message marked refusal: true", async () => {
    const events = await runAndSnapshot("refusal");
    const messages = await assertConformant(events);
    const start = ofType(events, "TEXT_MESSAGE_START");
    expect(start).toHaveLength(1);
    expect(readBridgeMetadata(start[0]?.metadata)).toMatchObject({ provider: "openai", refusal: true });
    expect(messages[0]).toMatchObject({ role: "assistant", content: "I'm sorry, but I can't help with that." });
  });

  it("parallel interleaved tool calls: one START/ARGS/END per call, parent = the turn's assistant id", async () => {
    const events = await runAndSnapshot("parallel-tool-calls");
    const messages = await assertConformant(events);
    const starts = ofType(events, "TOOL_CALL_START");
    expect(starts.map((e) => [e.toolCallId, e.toolCallName])).toEqual([
      ["call_weather_1", "get_weather"],
      ["call_time_2", "get_time"],
    ]);
    expect(new Set(starts.map((e) => e.parentMessageId)).size).toBe(1);
    expect(starts[0]?.parentMessageId).toBeDefined();
    const deltas = collectDeltas(events as never);
    expect(deltas.toolArgs.get("call_weather_1")).toBe('{"city":"Paris"}');
    expect(deltas.toolArgs.get("call_time_2")).toBe('{"timezone":"Europe/Paris"}');
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => [e.toolCallId, e.delta])).toEqual([
      ["call_weather_1", ""],
      ["call_time_2", ""],
      ["call_weather_1", '{"city":'],
      ["call_time_2", '{"timezone"'],
      ["call_weather_1", '"Paris"}'],
      ["call_time_2", ':"Europe/Paris"}'],
    ]);
    expect(ofType(events, "TOOL_CALL_ARGS").filter((e) => e.delta !== "").map((e) => e.toolCallId)).toEqual([
      "call_weather_1",
      "call_time_2",
      "call_weather_1",
      "call_time_2",
    ]);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["call_weather_1", "call_time_2"] } });
    expect(readBridgeMetadata(end.metadata)?.finishReason).toBe("tool-calls");
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant).toMatchObject({ id: starts[0]?.parentMessageId });
    expect((assistant as { toolCalls?: unknown[] }).toolCalls).toHaveLength(2);
  });

  it("reasoning_content deltas: a reasoning span and message before the answer", async () => {
    const events = await runAndSnapshot("reasoning-deltas");
    const messages = await assertConformant(events);
    const types: string[] = events.map((e) => e.type);
    expect(types.indexOf("REASONING_START")).toBeLessThan(types.indexOf("TEXT_MESSAGE_START"));
    expect(types.indexOf("REASONING_END")).toBeLessThan(types.indexOf("TEXT_MESSAGE_START"));
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["reasoning", "The user asks 2+2. That is 4."],
      ["assistant", "2 + 2 = 4."],
    ]);
    expect(last(events)).toMatchObject({ usage: [{ model: "deepseek-reasoner", outputTokens: 30, reasoningTokens: 22 }] });
  });

  it("`reasoning` deltas of compatible servers map the same way", async () => {
    const events = await runAndSnapshot("reasoning-field");
    const messages = await assertConformant(events);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["reasoning", "Thinking briefly."],
      ["assistant", "Done."],
    ]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 9, outputTokens: 12, reasoningTokens: 4 }] });
  });

  it("usage with cached + cache-write + reasoning tokens; empty-choices preamble; length finish", async () => {
    const events = await runAndSnapshot("usage-cached-reasoning");
    await assertConformant(events);
    const end = last(events);
    expect(end).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        {
          provider: "openai",
          model: "o4-mini-2025-04-16",
          inputTokens: 2048,
          cachedInputTokens: 1536,
          cacheWriteInputTokens: 256,
          outputTokens: 300,
          reasoningTokens: 256,
          totalTokens: 2348,
        },
      ],
    });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ finishReason: "length", rawFinishReason: "length" });
  });

  it("an error frame mid-stream: RUN_ERROR with the provider's code and message, text closed as interrupted", async () => {
    const events = await runAndSnapshot("error-mid-stream");
    await assertConformant(events);
    const end = last(events);
    expect(end).toMatchObject({
      type: "RUN_ERROR",
      code: "internal_error",
      message: "The server had an error while processing your request. Sorry about that!",
    });
    const textEnd = ofType(events, "TEXT_MESSAGE_END")[0];
    expect(readBridgeMetadata(textEnd?.metadata)?.interrupted).toBe(true);
  });

  it("an abort mid-tool-call: cancelled outcome, the open call closed, the request released", async () => {
    let released = false;
    const controller = new AbortController();
    const events: Event[] = [];
    for await (const event of streamChatCompletions(
      sdkChatChunks(readFixture(FORMAT, "abort-mid-tool-call"), { hang: true, onCancel: () => (released = true) }),
      { generateId: createSequentialIds("id"), threadId: "thread-1", runId: "run-1", signal: controller.signal },
    )) {
      events.push(event);
      if (event.type === "TOOL_CALL_ARGS") controller.abort();
    }
    await expect(toJsonl(events)).toMatchFileSnapshot(expectedPath(FORMAT, "abort-mid-tool-call"));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(readBridgeMetadata(ofType(events, "TOOL_CALL_END")[0]?.metadata)?.interrupted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(released).toBe(true);
  });
});
