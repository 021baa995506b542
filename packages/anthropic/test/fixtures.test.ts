import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { runMessagesStream, streamMessages, toMessagesRequest } from "../src/index.js";
import {
  bridge,
  collect,
  fixturePath,
  ofType,
  openSdkStream,
  readFixture,
  replayClient,
  sdkEvents,
  toJsonl,
} from "./support/replay.js";

const ids = { threadId: "thread-1", runId: "run-1" };

async function replay(name: string): Promise<Event[]> {
  const events = await collect(
    streamMessages(sdkEvents(readFixture(`${name}.sse`)), { ...ids, generateId: createSequentialIds("id") }),
  );
  await expect(toJsonl(events)).toMatchFileSnapshot(fixturePath(`${name}.events.jsonl`));
  return events;
}

function terminal(events: Event[]): Event {
  const last = events[events.length - 1];
  if (last === undefined) throw new Error("no events");
  return last;
}

describe("fixtures in test-fixtures/anthropic (raw SSE parsed by the Anthropic SDK)", () => {
  it("text: one text message whose id is the Anthropic message id, every fragment byte for byte", async () => {
    const events = await replay("text");
    const messages = await assertConformant(events);
    const contents = ofType(events, "TEXT_MESSAGE_CONTENT");
    expect(contents.map((event) => event.delta)).toEqual(["Hello", "", ", wor", "ld! 👋 Ünïcödé"]);
    expect(contents.every((event) => event.messageId === "msg_01TextFixture")).toBe(true);
    expect(messages).toEqual([
      expect.objectContaining({ id: "msg_01TextFixture", role: "assistant", content: "Hello, world! 👋 Ünïcödé" }),
    ]);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(bridge(end)).toEqual({ finishReason: "stop", rawFinishReason: "end_turn" });
    expect((end as { usage?: unknown }).usage).toEqual([
      {
        provider: "anthropic",
        model: "claude-sonnet-4-5-20250929",
        inputTokens: 25,
        outputTokens: 12,
        totalTokens: 37,
        cachedInputTokens: 0,
        cacheWriteInputTokens: 0,
      },
    ]);
  });

  it("thinking + signature + tool_use: reasoning span and message, signature as encrypted value, args verbatim", async () => {
    const events = await replay("thinking-signature-tool-use");
    const messages = await assertConformant(events);
    const types: string[] = events.map((event) => event.type);
    expect(types.indexOf("REASONING_START")).toBeLessThan(types.indexOf("REASONING_MESSAGE_START"));
    expect(types.indexOf("REASONING_END")).toBeLessThan(types.indexOf("TOOL_CALL_START"));

    const deltas = collectDeltas(events as never);
    const [reasoningId, reasoning] = [...deltas.reasoning.entries()][0] ?? [];
    expect(reasoning).toBe("The user wants the weather in Paris.\nI should call get_weather.");
    expect(deltas.encrypted).toEqual([
      { subtype: "message", entityId: reasoningId, encryptedValue: "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds" },
    ]);
    const reasoningStart = ofType(events, "REASONING_MESSAGE_START")[0];
    expect(bridge(reasoningStart)).toEqual({
      provider: "anthropic",
      encryptedKind: "anthropic-signature",
      anthropicMessageId: "msg_01ThinkTool",
      blockIndex: 0,
      // The model that made the block (message_start.message.model): its signature is bound to it.
      model: "claude-sonnet-4-5-20250929",
    });

    expect(ofType(events, "TOOL_CALL_ARGS").map((event) => event.delta)).toEqual([
      "",
      '{"city": "Pa',
      'ris", "unit"',
      ': "celsius"}',
    ]);
    const start = ofType(events, "TOOL_CALL_START")[0];
    expect(start).toMatchObject({ toolCallId: "toolu_01WeatherCall", toolCallName: "get_weather", parentMessageId: "msg_01ThinkTool" });

    const assistant = messages.find((message) => message.role === "assistant");
    expect(assistant).toMatchObject({
      id: "msg_01ThinkTool",
      content: "Let me check the weather.",
      toolCalls: [{ id: "toolu_01WeatherCall", function: { name: "get_weather", arguments: '{"city": "Paris", "unit": "celsius"}' } }],
    });
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["toolu_01WeatherCall"] } });
    expect(bridge(end)).toMatchObject({ finishReason: "tool-calls", rawFinishReason: "tool_use" });
    expect((end as { usage?: unknown }).usage).toEqual([
      expect.objectContaining({ inputTokens: 410, outputTokens: 96, reasoningTokens: 41 }),
    ]);
  });

  it("redacted thinking: an empty reasoning message carrying the data, kinds recorded in order", async () => {
    const events = await replay("redacted-thinking");
    const messages = await assertConformant(events);
    const reasoning = messages.filter((message) => message.role === "reasoning");
    expect(reasoning.map((message) => [message.content, message.encryptedValue, bridge(message).encryptedKind])).toEqual([
      ["Considering the request carefully.", "SigAAA111", "anthropic-signature"],
      ["", "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP", "anthropic-redacted-thinking"],
      ["Now I can answer.", "SigBBB222", "anthropic-signature"],
    ]);
    // Adjacent reasoning blocks share one span.
    expect(ofType(events, "REASONING_START")).toHaveLength(1);
    // message_delta reported only output tokens: the start's input count stays.
    expect((terminal(events) as { usage?: unknown }).usage).toEqual([expect.objectContaining({ inputTokens: 88, outputTokens: 70 })]);
  });

  it("two tool_use blocks: both kept; a call without input fragments gets {}", async () => {
    const events = await replay("two-tool-uses");
    const messages = await assertConformant(events);
    const assistant = messages.find((message) => message.role === "assistant");
    expect(assistant).toMatchObject({
      id: "msg_01TwoTools",
      content: "I'll look up both.",
      toolCalls: [
        { id: "toolu_01First", function: { name: "lookup", arguments: '{"q":"a"}' } },
        { id: "toolu_02Second", function: { name: "list_items", arguments: "{}" } },
      ],
    });
    expect(terminal(events)).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["toolu_01First", "toolu_02Second"] } });
  });

  it("server tool with citations: provider-executed call + result, never pending; citations on TEXT_MESSAGE_END", async () => {
    const events = await replay("server-tool-citations");
    const messages = await assertConformant(events);
    const start = ofType(events, "TOOL_CALL_START")[0];
    expect(bridge(start)).toMatchObject({ providerExecuted: true, providerToolType: "web_search", anthropicBlockType: "server_tool_use" });
    const result = ofType(events, "TOOL_CALL_RESULT")[0];
    expect(result?.toolCallId).toBe("srvtoolu_01Search");
    expect(JSON.parse(result?.content as string)).toEqual([
      expect.objectContaining({ type: "web_search_result", url: "https://en.wikipedia.org/wiki/Paris" }),
    ]);
    expect(bridge(result)).toMatchObject({ providerExecuted: true, anthropicBlockType: "web_search_tool_result" });
    expect(terminal(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((terminal(events) as unknown as { outcome: Record<string, unknown> }).outcome.pendingToolCallIds).toBeUndefined();

    // The text after the search result is a new assistant message after the result (as the
    // response reads), each with the spans of its own blocks; the citation stays on block 4.
    const starts = ofType(events, "TEXT_MESSAGE_START").map((event) => event.messageId);
    expect(starts).toEqual(["msg_01WebSearch", "msg_01WebSearch:2"]);
    const [firstEnd, secondEnd] = ofType(events, "TEXT_MESSAGE_END");
    expect(bridge(firstEnd)).toMatchObject({ textBlocks: [{ index: 0, start: 0, end: 23 }] });
    expect(bridge(firstEnd).citations).toBeUndefined();
    expect(bridge(secondEnd).citations).toEqual([expect.objectContaining({ type: "web_search_result_location", url: "https://en.wikipedia.org/wiki/Paris" })]);
    expect(bridge(secondEnd).textBlocks).toEqual([
      { index: 3, start: 0, end: 22 },
      { index: 4, start: 22, end: 53, citationIndexes: [0] },
    ]);
    expect(messages.map((message) => [message.role, message.role === "assistant" ? message.content : undefined])).toEqual([
      ["assistant", "Let me search for that."],
      ["tool", undefined],
      ["assistant", "Based on the results, Paris is the capital of France."],
    ]);
    // The call hangs under the first message; the next request joins both into one assistant turn, blocks in order.
    expect(ofType(events, "TOOL_CALL_START")[0]?.parentMessageId).toBe("msg_01WebSearch");
    const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "Capital of France?" }, ...messages, { id: "u2", role: "user", content: "Thanks" }] });
    expect(params.messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user"]);
    const blocks = params.messages[1]?.content as unknown as Array<Record<string, unknown>>;
    expect(blocks.map((block) => block.type)).toEqual(["text", "server_tool_use", "web_search_tool_result", "text", "text"]);
    expect(blocks[4]).toMatchObject({ text: "Paris is the capital of France.", citations: [expect.objectContaining({ url: "https://en.wikipedia.org/wiki/Paris" })] });
  });

  it("cache read + cache write: inputTokens counts uncached + written + read", async () => {
    const events = await replay("cache-usage");
    await assertConformant(events);
    expect((terminal(events) as { usage?: unknown }).usage).toEqual([
      {
        provider: "anthropic",
        model: "claude-sonnet-4-5-20250929",
        inputTokens: 24 + 1200 + 3000,
        outputTokens: 15,
        totalTokens: 24 + 1200 + 3000 + 15,
        cachedInputTokens: 3000,
        cacheWriteInputTokens: 1200,
      },
    ]);
  });

  it("error frame mid-stream: RUN_ERROR with the error type as code and the usage so far", async () => {
    const events = await replay("error-mid-stream");
    await assertConformant(events);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error", message: "Overloaded" });
    expect((end as { usage?: unknown }).usage).toEqual([expect.objectContaining({ inputTokens: 25, outputTokens: 1 })]);
    const textEnd = ofType(events, "TEXT_MESSAGE_END")[0];
    expect(bridge(textEnd)).toMatchObject({ interrupted: true });
    expect(JSON.stringify(events)).not.toContain("replay"); // never the API key
  });

  it("stream cut before message_stop: RUN_ERROR stream_truncated, open call closed as interrupted", async () => {
    const events = await replay("cut-before-stop");
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(bridge(ofType(events, "TOOL_CALL_END")[0])).toMatchObject({ interrupted: true });
    expect(ofType(events, "TOOL_CALL_ARGS").map((event) => event.delta).join("")).toBe('{"query": "unfin');
    expect((terminal(events) as { usage?: unknown }).usage).toBeDefined();
  });

  it("abort mid-thinking: cancelled outcome, reasoning closed as interrupted, request released", async () => {
    const controller = new AbortController();
    const client = replayClient(readFixture("abort-mid-thinking.sse"), { hang: true });
    let requestSignal: AbortSignal | undefined;
    const events: Event[] = [];
    for await (const event of runMessagesStream(
      (signal) => {
        requestSignal = signal;
        return openSdkStream(client, signal);
      },
      { ...ids, generateId: createSequentialIds("id"), signal: controller.signal },
    )) {
      events.push(event);
      if (event.type === "REASONING_MESSAGE_CONTENT") controller.abort();
    }
    await expect(toJsonl(events)).toMatchFileSnapshot(fixturePath("abort-mid-thinking.events.jsonl"));
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((event) => event.delta)).toEqual(["First thought"]);
    expect(bridge(ofType(events, "REASONING_MESSAGE_END")[0])).toMatchObject({ interrupted: true });
    expect(requestSignal?.aborted).toBe(true);
  });
});
