import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";
import { bridge, collect, fromList, ofType } from "./support/replay.js";

const start = (id = "msg_1", usage: Record<string, unknown> = { input_tokens: 10, output_tokens: 1 }, extra: Record<string, unknown> = {}) => ({
  type: "message_start",
  message: { id, type: "message", role: "assistant", model: "claude-test", content: [], stop_reason: null, usage, ...extra },
});
const textBlock = (index: number) => ({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
const text = (index: number, value: unknown) => ({ type: "content_block_delta", index, delta: { type: "text_delta", text: value } });
const stop = (index: number) => ({ type: "content_block_stop", index });
const delta = (stopReason: string, usage: Record<string, unknown> = { output_tokens: 5 }, extra: Record<string, unknown> = {}) => ({
  type: "message_delta",
  delta: { stop_reason: stopReason, stop_sequence: null, ...extra },
  usage,
});
const end = { type: "message_stop" };

async function run(chunks: unknown[] | AsyncIterable<unknown>, options: { emitRawEvents?: boolean; warnings?: BridgeWarning[] } = {}): Promise<Event[]> {
  const events = await collect(
    streamMessages(Array.isArray(chunks) ? fromList(chunks) : chunks, {
      threadId: "t",
      runId: "r",
      generateId: createSequentialIds("id"),
      ...(options.emitRawEvents !== undefined && { emitRawEvents: options.emitRawEvents }),
      onWarning: (warning) => options.warnings?.push(warning),
    }),
  );
  await assertConformant(events);
  return events;
}

const last = (events: Event[]) => events[events.length - 1] as Event & Record<string, unknown>;

describe("Messages stream mapper", () => {
  it("an unparseable line ends the run with RUN_ERROR and nothing after it", async () => {
    const events = await run([start(), textBlock(0), text(0, "Hi"), '{"type":"content_block_delta",', text(0, "never")]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "malformed_chunk" });
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((event) => event.delta)).toEqual(["Hi"]);
    expect(last(events).usage).toEqual([expect.objectContaining({ inputTokens: 10 })]);
  });

  it("a malformed field is RUN_ERROR, not an exception", async () => {
    const events = await run([start(), textBlock(0), text(0, 42)]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "malformed_chunk" });
  });

  it("a delta for a block that never started is RUN_ERROR", async () => {
    const events = await run([start(), text(3, "x")]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "malformed_chunk" });
  });

  it("a thrown iterator becomes RUN_ERROR with the usage so far", async () => {
    async function* failing(): AsyncGenerator<unknown> {
      yield start("msg_1", { input_tokens: 7, cache_read_input_tokens: 3, output_tokens: 1 });
      yield textBlock(0);
      yield text(0, "partial");
      throw Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    }
    const events = await run(failing());
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "ECONNRESET", message: "socket hang up" });
    expect(last(events).usage).toEqual([expect.objectContaining({ inputTokens: 10, cachedInputTokens: 3 })]);
  });

  it("an error event in a JSONL recording is RUN_ERROR with its type as code", async () => {
    const events = await run([start(), { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, end]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error", message: "Overloaded" });
  });

  it("unknown events and blocks never break a run; RAW only when asked", async () => {
    const chunks = [
      start(),
      { type: "future_event", data: 1 },
      { type: "content_block_start", index: 0, content_block: { type: "future_block", content: null } },
      { type: "content_block_delta", index: 0, delta: { type: "future_block_delta", content: "summary" } },
      stop(0),
      textBlock(1),
      text(1, "ok"),
      { type: "content_block_delta", index: 1, delta: { type: "future_delta" } },
      { type: "content_block_delta", index: 1, delta: { type: "future_delta", more: 1 } },
      stop(1),
      delta("end_turn"),
      end,
    ];
    const warnings: BridgeWarning[] = [];
    const quiet = await run(chunks, { warnings });
    expect(ofType(quiet, "RAW")).toHaveLength(0);
    expect(last(quiet)).toMatchObject({ type: "RUN_FINISHED" });
    // A block of an unknown type is reported once; an unknown delta for a mapped block, once per type and message.
    expect(warnings.map((warning) => warning.code)).toEqual(["stream.unknown-content", "stream.unknown-content"]);
    expect(warnings[1]?.details).toMatchObject({ type: "future_delta", blockKind: "text", index: 1 });
    const loud = await run(chunks, { emitRawEvents: true });
    expect(ofType(loud, "RAW").map((event) => (event.event as { type: string }).type)).toEqual([
      "future_event",
      "future_block",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
    ]);
    expect(ofType(loud, "RAW").every((event) => event.source === "anthropic")).toBe(true);
  });

  it("stop reasons are normalized and stop_details kept", async () => {
    const cases: Array<[string, string]> = [
      ["end_turn", "stop"],
      ["stop_sequence", "stop"],
      ["pause_turn", "stop"],
      // BetaStopReason: the response holds the compaction block (pause_after_compaction, compaction request).
      ["compaction", "stop"],
      ["max_tokens", "length"],
      ["model_context_window_exceeded", "length"],
      ["tool_use", "tool-calls"],
      ["refusal", "content-filter"],
      ["something_new", "other"],
    ];
    for (const [raw, normalized] of cases) {
      const events = await run([start(), delta(raw, { output_tokens: 2 }), end]);
      expect(bridge(last(events))).toMatchObject({ finishReason: normalized, rawFinishReason: raw });
    }
    const details = { type: "refusal", category: "cyber", explanation: "blocked" };
    const events = await run([start(), textBlock(0), text(0, "I can't"), stop(0), delta("refusal", { output_tokens: 2 }, { stop_details: details }), end]);
    expect(bridge(last(events))).toEqual({ finishReason: "content-filter", rawFinishReason: "refusal", finishDetails: { stopDetails: details } });
    expect(bridge(ofType(events, "TEXT_MESSAGE_END")[0])).toMatchObject({ refusal: true });
    const withSequence = await run([start(), delta("stop_sequence", { output_tokens: 2 }, { stop_sequence: "###" }), end]);
    expect(bridge(last(withSequence)).finishDetails).toEqual({ stopSequence: "###" });
  });

  it("usage is cumulative: the last values win, a later input_tokens replaces the start value", async () => {
    const events = await run([
      start("msg_1", { input_tokens: 43, cache_creation_input_tokens: 5, cache_read_input_tokens: 0, output_tokens: 1 }),
      delta("end_turn", { input_tokens: 61, output_tokens: 2 }),
      delta("end_turn", { output_tokens: 9, output_tokens_details: { thinking_tokens: 4 } }),
      end,
    ]);
    expect(last(events).usage).toEqual([
      {
        provider: "anthropic",
        model: "claude-test",
        inputTokens: 66,
        outputTokens: 9,
        totalTokens: 75,
        reasoningTokens: 4,
        cachedInputTokens: 0,
        cacheWriteInputTokens: 5,
      },
    ]);
  });

  it("invalid usage counts are dropped with a warning, never thrown", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await run([start("msg_1", { input_tokens: -1, output_tokens: "many" }), delta("end_turn", { output_tokens: 3 }), end], { warnings });
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", usage: [expect.objectContaining({ outputTokens: 3 })] });
    expect(warnings.some((warning) => warning.code === "usage.invalid-count")).toBe(true);
  });

  it("several messages in one stream: usage per message id, blocks that arrive whole inside message_start", async () => {
    const events = await run([
      start("msg_1", { input_tokens: 100, output_tokens: 1 }),
      { type: "content_block_start", index: 0, content_block: { type: "server_tool_use", id: "srvtoolu_1", name: "code_execution", input: {} } },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"code":"x"}' } },
      stop(0),
      delta("tool_use", { input_tokens: 100, output_tokens: 20 }),
      end,
      start("msg_2", { input_tokens: 0, output_tokens: 0 }, {
        content: [{ type: "tool_use", id: "toolu_9", name: "rollDie", input: { player: "p1" }, caller: { type: "code_execution_20250825", tool_id: "srvtoolu_1" } }],
        stop_reason: "tool_use",
      }),
      end,
      start("msg_3", { input_tokens: 50, output_tokens: 1 }),
      { type: "content_block_start", index: 0, content_block: { type: "code_execution_tool_result", tool_use_id: "srvtoolu_1", content: { type: "code_execution_result", stdout: "6", stderr: "", return_code: 0 } } },
      stop(0),
      textBlock(1),
      text(1, "Done"),
      stop(1),
      delta("end_turn", { input_tokens: 50, output_tokens: 7 }),
      end,
    ]);
    const call = ofType(events, "TOOL_CALL_START").find((event) => event.toolCallId === "toolu_9");
    expect(call).toMatchObject({ parentMessageId: "msg_2" });
    expect(bridge(call)).toMatchObject({ caller: { type: "code_execution_20250825", tool_id: "srvtoolu_1" } });
    expect(ofType(events, "TOOL_CALL_ARGS").find((event) => event.toolCallId === "toolu_9")?.delta).toBe('{"player":"p1"}');
    const result = ofType(events, "TOOL_CALL_RESULT")[0];
    expect(result).toMatchObject({ toolCallId: "srvtoolu_1" });
    expect(bridge(result)).toMatchObject({ anthropicMessageId: "msg_3", anthropicBlockType: "code_execution_tool_result", providerToolType: "code_execution" });
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success", pendingToolCallIds: ["toolu_9"] },
      usage: [expect.objectContaining({ inputTokens: 150, outputTokens: 27 })],
    });
    expect(bridge(last(events))).toMatchObject({ finishReason: "stop" });
  });

  it("a message that starts but never stops after an earlier complete one is truncated", async () => {
    const events = await run([start("msg_1"), delta("end_turn"), end, start("msg_2"), textBlock(0), text(0, "cut")]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("an empty stream is truncated", async () => {
    const events = await run([]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("a result for a call that never started is dropped with a warning", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await run(
      [start(), { type: "content_block_start", index: 0, content_block: { type: "web_search_tool_result", tool_use_id: "srvtoolu_x", content: [] } }, stop(0), delta("end_turn"), end],
      { warnings },
    );
    expect(ofType(events, "TOOL_CALL_RESULT")).toHaveLength(0);
    expect(warnings.map((warning) => warning.code)).toEqual(["stream.orphan-tool-result"]);
  });

  it("a call cut off by the next message_start is closed interrupted and pending, in call order", async () => {
    const toolBlock = (index: number, id: string) => ({ type: "content_block_start", index, content_block: { type: "tool_use", id, name: "get_weather", input: {} } });
    const args = (index: number, json: string) => ({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: json } });
    const warnings: BridgeWarning[] = [];
    const events = await run(
      [
        start("msg_1"),
        toolBlock(0, "toolu_cut"),
        args(0, '{"city":"Par'),
        start("msg_2"),
        toolBlock(0, "toolu_whole"),
        args(0, '{"city":"Paris"}'),
        stop(0),
        delta("tool_use"),
        end,
      ],
      { warnings },
    );
    expect(warnings.map((warning) => warning.code)).toContain("stream.message-interrupted");
    const cutEnd = ofType(events, "TOOL_CALL_END").find((event) => event.toolCallId === "toolu_cut");
    expect(bridge(cutEnd)).toMatchObject({ interrupted: true });
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["toolu_cut", "toolu_whole"] } });
  });

  it("stamps timestamps from now()", async () => {
    const events = await collect(streamMessages(fromList([start(), delta("end_turn"), end]), { now: () => 1234 }));
    expect(events.every((event) => event.timestamp === 1234)).toBe(true);
  });
});
