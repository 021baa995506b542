/**
 * xAI's Responses API (label `xai`), shapes from its streams: server-side X search tools stream as
 * `custom_tool_call` items xAI runs itself (`x_keyword_search`, `view_x_video`, …), interleaved
 * with its web search calls, and usage carries `cost_in_usd_ticks`. Applications' own tools on
 * xAI are function tools only.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const RESPONSE = "0b7c-uuid";
const searchInput = '{"query":"from:xai filter:media","limit":20}';

function xSearchCall(callId: string, name: string, status: string, input: string): Rec {
  return { call_id: callId, input, name, type: "custom_tool_call", id: `ctc_${RESPONSE}_${callId}`, status };
}

/** Two X search calls (the second finishing after two web searches it interleaves with), then the answer. */
function xSearchStream(usage: Rec): Rec[] {
  const first = xSearchCall("xs_call_1", "x_keyword_search", "in_progress", "");
  const second = xSearchCall("xs_call_2", "view_x_video", "in_progress", "");
  const search = (n: number, status: string): Rec => ({ id: `ws_${RESPONSE}_${n}`, type: "web_search_call", status, action: { type: "search", query: "", sources: [] } });
  const message = { id: `msg_${RESPONSE}`, type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Latest videos.", annotations: [] }] };
  return [
    { type: "response.created", response: { id: RESPONSE, model: "grok-4-fast-reasoning", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: first },
    { type: "response.custom_tool_call_input.delta", output_index: 0, item_id: first.id, delta: searchInput },
    { type: "response.custom_tool_call_input.done", output_index: 0, item_id: first.id, input: searchInput },
    { type: "response.output_item.done", output_index: 0, item: { ...first, input: searchInput, status: "completed" } },
    { type: "response.output_item.added", output_index: 1, item: second },
    { type: "response.custom_tool_call_input.delta", output_index: 1, item_id: second.id, delta: '{"video_url":"https://v.example/1.mp4"}' },
    { type: "response.output_item.added", output_index: 2, item: search(2, "in_progress") },
    { type: "response.output_item.added", output_index: 3, item: search(3, "in_progress") },
    { type: "response.output_item.done", output_index: 3, item: search(3, "completed") },
    { type: "response.output_item.done", output_index: 2, item: search(2, "completed") },
    { type: "response.output_item.done", output_index: 1, item: { ...second, input: '{"video_url":"https://v.example/1.mp4"}', status: "completed" } },
    { type: "response.output_item.added", output_index: 4, item: { ...message, status: "in_progress", content: [] } },
    { type: "response.output_text.delta", output_index: 4, item_id: message.id, content_index: 0, delta: "Latest videos." },
    { type: "response.output_item.done", output_index: 4, item: message },
    { type: "response.completed", response: { id: RESPONSE, model: "grok-4-fast-reasoning", status: "completed", output: [], usage } },
  ];
}

const usage = { input_tokens: 4144, input_tokens_details: { cached_tokens: 1920 }, output_tokens: 49, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 4193, num_server_side_tools_used: 4, cost_in_usd_ticks: 132865000 };

async function run(events: Rec[], provider?: string): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* events;
  }
  const out = await collect(streamResponses(source(), { generateId: createSequentialIds("id"), ...(provider !== undefined && { provider }) }));
  return { events: out, messages: (await assertConformant(out)) as Message[] };
}

describe("xAI Responses streams", () => {
  it("its custom tool call items are xAI's own server-side tools: provider-executed, with a result, never pending", async () => {
    const { events } = await run(xSearchStream(usage), "xai");
    const starts = ofType(events, "TOOL_CALL_START");
    expect(starts.map((e) => e.toolCallName)).toEqual(["x_keyword_search", "view_x_video", "web_search", "web_search"]);
    for (const start of starts) expect(readBridgeMetadata(start.metadata)).toMatchObject({ providerExecuted: true, provider: "xai" });
    expect(readBridgeMetadata(starts[0]?.metadata)?.providerToolType).toBe("custom_tool_call");
    // The search query passes byte for byte as the call's arguments.
    expect(ofType(events, "TOOL_CALL_ARGS").filter((e) => e.toolCallId === "xs_call_1").map((e) => e.delta).join("")).toBe(searchInput);
    expect(ofType(events, "TOOL_CALL_RESULT").map((e) => e.toolCallId).sort()).toEqual(["ws_0b7c-uuid_2", "ws_0b7c-uuid_3", "xs_call_1", "xs_call_2"]);
    const terminal = last(events);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect((terminal as { outcome?: Rec }).outcome?.pendingToolCallIds).toBeUndefined();
    expect(readBridgeMetadata(terminal.metadata)?.finishReason).toBe("stop");
  });

  it("cost_in_usd_ticks of the response usage lands on the terminal event as costs", async () => {
    const { events } = await run(xSearchStream(usage), "xai");
    expect(readBridgeMetadata(last(events).metadata)?.costs).toEqual([
      { callId: RESPONSE, provider: "xai", model: "grok-4-fast-reasoning", costInUsdTicks: 132865000 },
    ]);
  });

  it("the server-side tool counts of the usage land on the terminal event as serverToolUse, summed over responses", async () => {
    const counted = (x: number): Rec => ({
      ...usage,
      num_sources_used: 0,
      num_server_side_tools_used: x + 1,
      server_side_tool_usage_details: { web_search_calls: 1, x_search_calls: x, code_interpreter_calls: 0 },
    });
    const second = xSearchStream(counted(2)).map((c) => (c.type === "response.created" || c.type === "response.completed" ? { ...c, response: { ...(c.response as Rec), id: "r2" } } : c));
    const { events } = await run([...xSearchStream(counted(1)).slice(0, 1), ...xSearchStream(counted(1)).slice(-1), ...second.slice(0, 1), ...second.slice(-1)], "xai");
    expect(readBridgeMetadata(last(events).metadata)?.serverToolUse).toEqual({ web_search_calls: 2, x_search_calls: 3, num_server_side_tools_used: 5 });
  });

  it("a usage without cost fields adds no costs", async () => {
    const { events } = await run(xSearchStream({ input_tokens: 1, output_tokens: 1, total_tokens: 2 }), "xai");
    expect(readBridgeMetadata(last(events).metadata)?.costs).toBeUndefined();
  });

  it("the next request to xAI leaves its server-side tool calls out, as calls the provider ran (not as invalid claims)", async () => {
    const { messages } = await run(xSearchStream(usage), "xai");
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [{ id: "u", role: "user", content: "videos?" }, ...messages] }, {
      model: "grok-4-fast-reasoning",
      provider: "xai",
      onWarning: (w) => warnings.push(w),
    });
    const items = params.input as unknown as Rec[];
    expect(items.some((item) => item.type === "custom_tool_call" || item.type === "custom_tool_call_output")).toBe(false);
    expect(warnings.map((w) => [w.code, w.details?.toolCallId])).toEqual([
      ["request.provider-executed-call-omitted", "xs_call_1"],
      ["request.provider-executed-call-omitted", "xs_call_2"],
    ]);
    expect(items.at(-1)).toMatchObject({ role: "assistant", content: "Latest videos." });
  });

  it("on OpenAI a custom tool call item stays the application's call", async () => {
    const { events } = await run(xSearchStream(usage));
    expect((last(events) as { outcome?: Rec }).outcome?.pendingToolCallIds).toEqual(["xs_call_1", "xs_call_2"]);
  });

  it("xAI's metadata.system_fingerprint → finishDetails.systemFingerprint; OpenAI's caller metadata is not read", async () => {
    const stream = (): Rec[] => [
      { type: "response.created", response: { id: RESPONSE, model: "grok-4.3", status: "in_progress", output: [], metadata: { system_fingerprint: "fp_eb3c" } } },
      { type: "response.completed", response: { id: RESPONSE, model: "grok-4.3", status: "completed", output: [], usage, metadata: { system_fingerprint: "fp_eb3c" } } },
    ];
    const finishDetails = (events: Event[]): unknown => readBridgeMetadata(last(events).metadata)?.finishDetails;
    expect(finishDetails((await run(stream(), "xai")).events)).toEqual({ systemFingerprint: "fp_eb3c" });
    expect(finishDetails((await run(stream())).events)).toBeUndefined();
  });
});
