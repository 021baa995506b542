/**
 * Groq's Responses API (beta, `https://api.groq.com/openai/v1/responses`), label `groq`. Groq's API
 * reference (`createResponse`) documents the request body without an `include` field, `store` as
 * "only supports false or null", and input items of four kinds: messages (an explicitly typed
 * `message` item takes no `assistant` role), `function_call`, `function_call_output` and
 * `item_reference`: no reasoning input item. Groq answers a property it does not list with HTTP
 * 400 "property '…' is unsupported". Its responses carry `store: false`, `previous_response_id:
 * null`, reasoning items with an empty `summary` (gpt-oss thinking as `reasoning_text` content) and
 * usage with `input_tokens_details.cached_tokens` / `output_tokens_details.reasoning_tokens`.
 * Synthetic stream written from that reference (no recording found).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, streamResponsesFromResponse, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";
import { sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

const sse = (events: readonly Rec[]): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(""));
const response = (status: string, output: unknown[], usage?: Rec): Rec => ({
  id: "resp_01k1x6w9ane6d8rfxm05cb45yk",
  object: "response",
  status,
  model: "openai/gpt-oss-20b",
  output,
  previous_response_id: null,
  store: false,
  service_tier: "default",
  ...(usage && { usage }),
});
const reasoning = { id: "rs_01k1x6", type: "reasoning", summary: [], content: [{ type: "reasoning_text", text: "User wants weather. Call get_weather 🌦." }] };
const message = { id: "msg_01k1x6", type: "message", status: "completed", role: "assistant", content: [{ type: "output_text", text: "Let me check Paris.", annotations: [] }] };
const call = { id: "fc_01k1x6", type: "function_call", status: "completed", call_id: "call_9k2", name: "get_weather", arguments: '{"city":"Paris"}' };
const usage = { input_tokens: 82, input_tokens_details: { cached_tokens: 64 }, output_tokens: 40, output_tokens_details: { reasoning_tokens: 17 }, total_tokens: 122 };

const chunks: Rec[] = [
  { type: "response.created", sequence_number: 0, response: response("in_progress", []) },
  { type: "response.in_progress", sequence_number: 1, response: response("in_progress", []) },
  { type: "response.output_item.added", sequence_number: 2, output_index: 0, item: { id: "rs_01k1x6", type: "reasoning", summary: [] } },
  { type: "response.reasoning_text.delta", sequence_number: 3, item_id: "rs_01k1x6", output_index: 0, content_index: 0, delta: "User wants weather. " },
  { type: "response.reasoning_text.delta", sequence_number: 4, item_id: "rs_01k1x6", output_index: 0, content_index: 0, delta: "Call get_weather \ud83c" },
  { type: "response.reasoning_text.delta", sequence_number: 5, item_id: "rs_01k1x6", output_index: 0, content_index: 0, delta: "\udf26." },
  { type: "response.reasoning_text.done", sequence_number: 6, item_id: "rs_01k1x6", output_index: 0, content_index: 0, text: "User wants weather. Call get_weather 🌦." },
  { type: "response.output_item.done", sequence_number: 7, output_index: 0, item: reasoning },
  { type: "response.output_item.added", sequence_number: 8, output_index: 1, item: { ...message, status: "in_progress", content: [] } },
  { type: "response.content_part.added", sequence_number: 9, item_id: "msg_01k1x6", output_index: 1, content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
  { type: "response.output_text.delta", sequence_number: 10, item_id: "msg_01k1x6", output_index: 1, content_index: 0, delta: "Let me " },
  { type: "response.output_text.delta", sequence_number: 11, item_id: "msg_01k1x6", output_index: 1, content_index: 0, delta: "check Paris." },
  { type: "response.output_text.done", sequence_number: 12, item_id: "msg_01k1x6", output_index: 1, content_index: 0, text: "Let me check Paris." },
  { type: "response.output_item.done", sequence_number: 13, output_index: 1, item: message },
  { type: "response.output_item.added", sequence_number: 14, output_index: 2, item: { ...call, status: "in_progress", arguments: "" } },
  { type: "response.function_call_arguments.delta", sequence_number: 15, item_id: "fc_01k1x6", output_index: 2, delta: '{"city":' },
  { type: "response.function_call_arguments.delta", sequence_number: 16, item_id: "fc_01k1x6", output_index: 2, delta: '"Paris"}' },
  { type: "response.function_call_arguments.done", sequence_number: 17, item_id: "fc_01k1x6", output_index: 2, arguments: '{"city":"Paris"}' },
  { type: "response.output_item.done", sequence_number: 18, output_index: 2, item: call },
  { type: "response.completed", sequence_number: 19, response: response("completed", [reasoning, message, call], usage) },
];

const user: Message = { id: "u1", role: "user", content: "Weather in Paris?" };

async function run(events: readonly Rec[], provider = "groq"): Promise<Event[]> {
  const opts = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", provider });
  const viaSdk = await collect(streamResponses(sdkResponseEvents(sse(events)), opts()));
  const viaRaw = await collect(streamResponsesFromResponse(new Response(sse(events)), opts()));
  expect(viaRaw).toEqual(viaSdk);
  await assertConformant(viaSdk);
  return viaSdk;
}

/** The request after the run: the conversation, the tool's result and the next user turn, to `provider`. */
async function nextRequest(provider: string): Promise<{ params: Rec; warnings: BridgeWarning[] }> {
  const events = await run(chunks, provider);
  const messages = [...applyEvents([user], events)];
  messages.push({ id: "t1", role: "tool", toolCallId: "call_9k2", content: "sunny, 21 °C" }, { id: "u2", role: "user", content: "Thanks" });
  const warnings: BridgeWarning[] = [];
  const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "openai/gpt-oss-20b", provider, onWarning: (w) => warnings.push(w) });
  return { params: params as unknown as Rec, warnings };
}

describe("Responses: Groq", () => {
  it("reasoning text, message text and the call byte for byte; usage with cached and reasoning tokens", async () => {
    const events = await run(chunks);
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("User wants weather. Call get_weather 🌦.");
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["Let me ", "check Paris."]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallId)).toEqual(["call_9k2"]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"city":"Paris"}');
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success", pendingToolCallIds: ["call_9k2"] },
      usage: [{ provider: "groq", inputTokens: 82, outputTokens: 40, totalTokens: 122, cachedInputTokens: 64, reasoningTokens: 17 }],
    });
  });

  it("the next request to groq: no include, no reasoning item (warned), the assistant text as a plain assistant message", async () => {
    const { params, warnings } = await nextRequest("groq");
    expect(params.include).toBeUndefined();
    expect(params.input).toEqual([
      { role: "user", content: "Weather in Paris?" },
      { role: "assistant", content: "Let me check Paris." },
      { type: "function_call", call_id: "call_9k2", name: "get_weather", arguments: '{"city":"Paris"}', id: "fc_01k1x6" },
      { type: "function_call_output", call_id: "call_9k2", output: "sunny, 21 °C" },
      { role: "user", content: "Thanks" },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["request.reasoning-dropped"]);
    expect(warnings[0]?.details).toMatchObject({ itemId: "rs_01k1x6" });
  });

  it("an unknown label keeps the default request (include, reasoning item, output message item)", async () => {
    const { params } = await nextRequest("my-gateway");
    expect(params.include).toEqual(["reasoning.encrypted_content"]);
    expect((params.input as Rec[]).map((item) => item.type ?? item.role)).toEqual(["user", "reasoning", "message", "function_call", "function_call_output", "user"]);
  });

  it("a tool result with non-text parts goes to groq as its text, the rest reported", async () => {
    const events = await run(chunks);
    const messages = [...applyEvents([user], events)];
    messages.push({
      id: "t1",
      role: "tool",
      toolCallId: "call_9k2",
      content: [
        { type: "text", text: "sunny" },
        { type: "image", source: { type: "url", value: "https://example.com/sky.png" } },
      ],
    } as Message);
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "openai/gpt-oss-20b", provider: "groq", onWarning: (w) => warnings.push(w) });
    const output = (params.input as unknown as Rec[]).find((item) => item.type === "function_call_output");
    expect(output).toEqual({ type: "function_call_output", call_id: "call_9k2", output: "sunny" });
    expect(warnings.map((w) => [w.code, w.details])).toEqual([
      ["request.reasoning-dropped", { itemId: "rs_01k1x6" }],
      ["request.unsupported-part", { partType: "input_image" }],
    ]);
  });

  it("a failed response and a stream cut before response.completed end in RUN_ERROR", async () => {
    const failed = await run([
      chunks[0] as Rec,
      { type: "response.failed", sequence_number: 1, response: { ...response("failed", []), error: { code: "server_error", message: "Internal error" } } },
    ]);
    expect(last(failed)).toMatchObject({ type: "RUN_ERROR", message: expect.stringContaining("Internal error") });
    const cut = await run(chunks.slice(0, 11));
    expect(ofType(cut, "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["Let me "]);
    expect(last(cut)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });
});
