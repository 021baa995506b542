/**
 * DashScope (Alibaba Cloud Model Studio) on the Responses API. Its create-response reference
 * documents `usage` as OpenAI's (`input_tokens_details.cached_tokens`, `output_tokens_details`)
 * plus `x_details[]`, one row per billing type (`input_tokens`, `output_tokens`, `total_tokens`,
 * `x_billing_type: "response_api"`); its examples give the rows a Chat-style
 * `prompt_tokens_details`. The session cache (`x-dashscope-session-cache: enable`) bills cache
 * creation at 125%, a count the Responses fields have no place for: read from the rows'
 * `prompt_tokens_details.cache_creation_input_tokens`, the field the Chat path reads for DashScope's
 * explicit cache, and a part of `input_tokens` (never added to it). That key inside the Responses
 * rows is not in DashScope's reference (only the Chat usage documents it); the rows below follow
 * the shape third-party clients of the session cache read.
 */
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, streamResponsesFromResponse } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

function sse(events: Rec[]): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(""));
}

function stream(usage: Rec): Rec[] {
  const response = { id: "resp_ds", object: "response", model: "qwen3.6-plus", output: [] };
  const message = { id: "msg_ds", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Hi", annotations: [] }] };
  return [
    { type: "response.created", sequence_number: 0, response: { ...response, status: "queued" } },
    { type: "response.output_item.added", sequence_number: 1, output_index: 0, item: { ...message, status: "in_progress", content: [] } },
    { type: "response.output_text.delta", sequence_number: 2, output_index: 0, content_index: 0, item_id: "msg_ds", delta: "Hi" },
    { type: "response.output_item.done", sequence_number: 3, output_index: 0, item: message },
    { type: "response.completed", sequence_number: 4, response: { ...response, status: "completed", output: [message], usage } },
  ];
}

/** The events through the real SDK and through the raw-bytes path (both must agree). */
async function run(usage: Rec): Promise<Event[]> {
  const body = sse(stream(usage));
  const opts = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", provider: "dashscope" });
  const viaSdk = await collect(streamResponses(sdkResponseEvents(body), opts()));
  const viaRaw = await collect(streamResponsesFromResponse(new Response(body), opts()));
  expect(viaRaw).toEqual(viaSdk);
  return viaSdk;
}

describe("DashScope Responses usage", () => {
  it("the session cache's write in x_details[].prompt_tokens_details is cacheWriteInputTokens, a part of input_tokens", async () => {
    const events = await run({
      input_tokens: 2400,
      output_tokens: 40,
      total_tokens: 2440,
      output_tokens_details: { reasoning_tokens: 0 },
      x_details: [{ input_tokens: 2400, output_tokens: 40, total_tokens: 2440, x_billing_type: "response_api", prompt_tokens_details: { cached_tokens: 0, cache_creation_input_tokens: 2300, cache_type: "ephemeral" } }],
    });
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      usage: [{ provider: "dashscope", model: "qwen3.6-plus", inputTokens: 2400, outputTokens: 40, totalTokens: 2440, cachedInputTokens: 0, cacheWriteInputTokens: 2300 }],
    });
  });

  it("the top-level input_tokens_details keeps precedence; a cache hit read from the row when the top level has none", async () => {
    const both = await run({
      input_tokens: 2500,
      input_tokens_details: { cached_tokens: 2300 },
      output_tokens: 30,
      total_tokens: 2530,
      x_details: [{ input_tokens: 2500, output_tokens: 30, total_tokens: 2530, x_billing_type: "response_api", prompt_tokens_details: { cached_tokens: 2300, cache_creation_input_tokens: 150 } }],
    });
    expect(last(both)).toMatchObject({ usage: [{ inputTokens: 2500, cachedInputTokens: 2300, cacheWriteInputTokens: 150, totalTokens: 2530 }] });
    const rowOnly = await run({ input_tokens: 120, output_tokens: 40, total_tokens: 160, x_details: [{ x_billing_type: "response_api", prompt_tokens_details: { cached_tokens: 60, cache_creation_input_tokens: 20 } }] });
    expect(last(rowOnly)).toMatchObject({ usage: [{ inputTokens: 120, cachedInputTokens: 60, cacheWriteInputTokens: 20, totalTokens: 160 }] });
  });

  it("the documented rows without cache details add nothing (as before)", async () => {
    const events = await run({
      input_tokens: 57,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 44,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 101,
      x_details: [{ input_tokens: 57, output_tokens: 44, total_tokens: 101, x_billing_type: "response_api" }],
    });
    const usage = (last(events) as { usage?: Rec[] }).usage?.[0];
    expect(usage).toMatchObject({ inputTokens: 57, outputTokens: 44, totalTokens: 101, cachedInputTokens: 0 });
    expect(usage).not.toHaveProperty("cacheWriteInputTokens");
  });
});
