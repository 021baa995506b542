import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { OPENAI_ENCRYPTED_KIND, streamResponses } from "../src/index.js";
import { collect, last, ofType, toJsonl } from "./support/collect.js";
import { expectedPath, readFixture, sdkResponseEvents } from "./support/sdk-replay.js";

const FORMAT = "openai-responses";

async function runAndSnapshot(name: string): Promise<Event[]> {
  const events = await collect(
    streamResponses(sdkResponseEvents(readFixture(FORMAT, name)), {
      generateId: createSequentialIds("id"),
      threadId: "thread-1",
      runId: "run-1",
    }),
  );
  await expect(toJsonl(events)).toMatchFileSnapshot(expectedPath(FORMAT, name));
  return events;
}

describe("Responses fixtures (raw SSE parsed by the openai SDK)", () => {
  it("text: one message with the item's id, fragments byte for byte, usage, stop", async () => {
    const events = await runAndSnapshot("text");
    const messages = await assertConformant(events);
    expect(ofType(events, "TEXT_MESSAGE_START").map((e) => e.messageId)).toEqual(["msg_fixture_text"]);
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["Hello", ", wörld", "", " 👋\n"]);
    expect(messages).toEqual([expect.objectContaining({ id: "msg_fixture_text", role: "assistant", content: "Hello, wörld 👋\n" })]);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", usage: [{ provider: "openai", model: "gpt-5-mini-2025-08-07", inputTokens: 12, outputTokens: 6 }] });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ finishReason: "stop", rawFinishReason: "completed" });
  });

  it("refusal: response.refusal.* become a text message marked refusal: true", async () => {
    const events = await runAndSnapshot("refusal");
    const messages = await assertConformant(events);
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_START")[0]?.metadata)).toMatchObject({ refusal: true });
    expect(messages[0]).toMatchObject({ id: "msg_fixture_refusal", content: "I'm sorry, but I can't help with that." });
  });

  it("parallel interleaved function calls: toolCallId = call_id, args keyed by item_id", async () => {
    const events = await runAndSnapshot("parallel-tool-calls");
    await assertConformant(events);
    const starts = ofType(events, "TOOL_CALL_START");
    expect(starts.map((e) => [e.toolCallId, e.toolCallName])).toEqual([
      ["call_weather_1", "get_weather"],
      ["call_time_2", "get_time"],
    ]);
    expect(starts[0]?.parentMessageId).toBe(starts[1]?.parentMessageId);
    expect(readBridgeMetadata(starts[0]?.metadata)).toMatchObject({ itemType: "function_call", itemId: "fc_fixture_a" });
    const args = collectDeltas(events as never).toolArgs;
    expect(args.get("call_weather_1")).toBe('{"city":"Paris"}');
    expect(args.get("call_time_2")).toBe('{"timezone":"Europe/Paris"}');
    const end = last(events);
    expect(end).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["call_weather_1", "call_time_2"] } });
    expect(readBridgeMetadata(end.metadata)?.finishReason).toBe("tool-calls");
  });

  it("reasoning summaries with encrypted content: span + message, the done copy of encrypted_content, annotations", async () => {
    const events = await runAndSnapshot("reasoning-encrypted");
    const messages = await assertConformant(events);
    const start = ofType(events, "REASONING_MESSAGE_START")[0];
    expect(start?.messageId).toBe("rs_fixture_1");
    expect(readBridgeMetadata(start?.metadata)).toMatchObject({ provider: "openai", encryptedKind: OPENAI_ENCRYPTED_KIND, itemId: "rs_fixture_1" });
    const encrypted = ofType(events, "REASONING_ENCRYPTED_VALUE");
    expect(encrypted).toEqual([
      expect.objectContaining({ subtype: "message", entityId: "rs_fixture_1", encryptedValue: "gAAAAB-full-encrypted-reasoning==" }),
    ]);
    const reasoning = messages.find((m) => m.role === "reasoning");
    expect(reasoning).toMatchObject({
      content: "**Planning**\n\nI will look it up.**Answer**\n\nParis it is.",
      encryptedValue: "gAAAAB-full-encrypted-reasoning==",
    });
    const types: string[] = events.map((e) => e.type);
    expect(types.indexOf("REASONING_END")).toBeLessThan(types.indexOf("TEXT_MESSAGE_START"));
    const textEnd = ofType(events, "TEXT_MESSAGE_END")[0];
    expect(readBridgeMetadata(textEnd?.metadata)?.annotations).toEqual([
      { type: "url_citation", start_index: 0, end_index: 5, title: "Paris", url: "https://en.wikipedia.org/wiki/Paris" },
    ]);
    expect(last(events)).toMatchObject({ usage: [{ model: "o4-mini-2025-04-16", outputTokens: 120, reasoningTokens: 64 }] });
  });

  it("built-in tools: provider-executed calls with results (sources; a generated image as an image part), never pending", async () => {
    const events = await runAndSnapshot("builtin-tools");
    const messages = await assertConformant(events);
    const starts = ofType(events, "TOOL_CALL_START");
    expect(starts.map((e) => e.toolCallName)).toEqual(["web_search", "image_generation"]);
    for (const start of starts) {
      expect(readBridgeMetadata(start.metadata)).toMatchObject({ providerExecuted: true });
    }
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results.map((e) => e.toolCallId)).toEqual(["ws_fixture_1", "ig_fixture_1"]);
    expect(JSON.parse(results[0]?.content as string)).toMatchObject({ sources: [{ type: "url", url: "https://weather.example/paris" }] });
    expect(results[1]?.content).toEqual([
      { type: "image", source: { type: "data", value: expect.stringMatching(/^iVBOR/), mimeType: "image/png" } },
    ]);
    expect(readBridgeMetadata(results[1]?.metadata)).toMatchObject({ providerExecuted: true, providerToolType: "image_generation_call" });
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((end as { outcome: { pendingToolCallIds?: string[] } }).outcome.pendingToolCallIds).toBeUndefined();
    expect(messages.filter((m) => m.role === "tool")).toHaveLength(2);
  });

  it("hosted shell: the commands stream as the call's arguments; the output deltas add nothing, the output item is its one result", async () => {
    const events = await runAndSnapshot("shell-call-streaming");
    const messages = await assertConformant(events);
    const start = ofType(events, "TOOL_CALL_START")[0];
    expect(start).toMatchObject({ toolCallId: "call_fixture_sh_1", toolCallName: "shell" });
    expect(readBridgeMetadata(start?.metadata)).toMatchObject({ providerExecuted: true, providerToolType: "shell_call", itemId: "sh_fixture_1" });
    const args = ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta);
    expect(args).toEqual([
      '{"action":{"commands":["',
      "ls",
      " -1",
      " /mnt/data",
      '","',
      "wc",
      " -l",
      " /mnt/data/*.csv",
      '"],"max_output_length":null,"timeout_ms":null},"environment":{"type":"container_reference","container_id":"cntr_fixture_1"}}',
    ]);
    expect(JSON.parse(args.join(""))).toMatchObject({ action: { commands: ["ls -1 /mnt/data", "wc -l /mnt/data/*.csv"] } });
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results).toHaveLength(1);
    expect(JSON.parse(results[0]?.content as string)).toEqual({
      status: "completed",
      output: [
        { outcome: { type: "exit", exit_code: 0 }, stderr: "", stdout: "sales.csv\nstock.csv\n" },
        { outcome: { type: "exit", exit_code: 0 }, stderr: "", stdout: "  120 /mnt/data/sales.csv\n   48 /mnt/data/stock.csv\n  168 total\n" },
      ],
    });
    expect(readBridgeMetadata(results[0]?.metadata)).toMatchObject({ providerExecuted: true, providerToolType: "shell_call_output", itemId: "sho_fixture_1", outputIndex: 1 });
    expect(messages.filter((m) => m.role === "tool")).toHaveLength(1);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((end as { outcome: { pendingToolCallIds?: string[] } }).outcome.pendingToolCallIds).toBeUndefined();
  });

  it("client-run shell cut mid-command: RUN_ERROR stream_truncated, a valid sequence, the commands so far as the arguments", async () => {
    const events = await runAndSnapshot("shell-cut-mid-command");
    await assertConformant(events);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"commands":["git log --format=\\"%h %s\\"","git diff');
    expect(ofType(events, "TOOL_CALL_END").map((e) => e.toolCallId)).toEqual(["call_fixture_sh_cut"]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("usage with cached + cache-write + reasoning tokens; incomplete → length", async () => {
    const events = await runAndSnapshot("usage-cached-reasoning");
    await assertConformant(events);
    const end = last(events);
    expect(end).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        {
          provider: "openai",
          model: "o3-2025-04-16",
          inputTokens: 3000,
          cachedInputTokens: 2048,
          cacheWriteInputTokens: 512,
          outputTokens: 800,
          reasoningTokens: 600,
          totalTokens: 3800,
        },
      ],
    });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ finishReason: "length", rawFinishReason: "max_output_tokens" });
  });

  it("response.failed: RUN_ERROR with the provider's code/message and the usage so far", async () => {
    const events = await runAndSnapshot("response-failed");
    await assertConformant(events);
    expect(last(events)).toMatchObject({
      type: "RUN_ERROR",
      code: "server_error",
      message: "The model failed to generate a response.",
      usage: [{ inputTokens: 40, outputTokens: 3 }],
    });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "error", rawFinishReason: "failed" });
  });

  it("an error frame mid-stream: the SDK throws; RUN_ERROR with the error code and message", async () => {
    const events = await runAndSnapshot("error-mid-stream");
    await assertConformant(events);
    expect(last(events)).toMatchObject({
      type: "RUN_ERROR",
      code: "rate_limit_exceeded",
      message: "Rate limit reached for gpt-5-mini. Please try again in 2s.",
    });
  });

  it("an abort mid-tool-call: cancelled outcome, the request released", async () => {
    let released = false;
    const controller = new AbortController();
    const events: Event[] = [];
    for await (const event of streamResponses(
      sdkResponseEvents(readFixture(FORMAT, "abort-mid-tool-call"), { hang: true, onCancel: () => (released = true) }),
      { generateId: createSequentialIds("id"), threadId: "thread-1", runId: "run-1", signal: controller.signal },
    )) {
      events.push(event);
      if (event.type === "TOOL_CALL_ARGS") controller.abort();
    }
    await expect(toJsonl(events)).toMatchFileSnapshot(expectedPath(FORMAT, "abort-mid-tool-call"));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"query":"agui']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(released).toBe(true);
  });
});
