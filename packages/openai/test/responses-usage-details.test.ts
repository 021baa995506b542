/**
 * Counts openai-node 7.60 reports beside a response's token usage: `response.tool_usage`
 * (`Response.ToolUsage`: hosted tools' own usage, `image_gen` tokens and `web_search.num_requests`,
 * "separate from base model usage"; families without usage report zeros) and
 * `usage.input_tokens_details.cache_write_tokens_details` (`ttl_30m_tokens` / `ttl_12h_tokens`).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, last } from "./support/collect.js";

type Rec = Record<string, unknown>;

function response(id: string, extra: Rec, usage: Rec, status = "completed"): Rec[] {
  return [
    { type: "response.created", response: { id, model: "gpt-5.6", status: "in_progress", output: [] } },
    { type: `response.${status}`, response: { id, model: "gpt-5.6", status, output: [], usage, ...extra } },
  ];
}

async function terminal(chunks: Rec[]): Promise<{ end: Event; fields: Rec }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id") }));
  await assertConformant(events);
  const end = last(events);
  return { end, fields: readBridgeMetadata((end as { metadata?: unknown }).metadata) ?? {} };
}

const toolUsage = (imageInput: number, searches: number): Rec => ({
  image_gen: { input_tokens: imageInput, input_tokens_details: { image_tokens: 0, text_tokens: imageInput }, output_tokens: 0, total_tokens: imageInput },
  web_search: { num_requests: searches },
});
const usage = (write30m: number, write12h: number): Rec => ({
  input_tokens: 2000,
  input_tokens_details: { cached_tokens: 0, cache_write_tokens: write30m + write12h, cache_write_tokens_details: { ttl_30m_tokens: write30m, ttl_12h_tokens: write12h } },
  output_tokens: 10,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 2010,
});

describe("tool_usage and the cache write retention split", () => {
  it("land on the terminal event as toolUsage / cacheWriteDetails, zero counts left out, TokenUsage unchanged", async () => {
    const { end, fields } = await terminal(response("resp_1", { tool_usage: toolUsage(0, 3) }, usage(1024, 0)));
    expect(fields.toolUsage).toEqual({ web_search: { num_requests: 3 } });
    expect(fields.cacheWriteDetails).toEqual({ ttl_30m_tokens: 1024 });
    expect((end as { usage?: unknown }).usage).toEqual([{ provider: "openai", model: "gpt-5.6", inputTokens: 2000, cachedInputTokens: 0, cacheWriteInputTokens: 1024, outputTokens: 10, reasoningTokens: 0, totalTokens: 2010 }]);
  });

  it("are summed over the stream's responses (a steered response and its successor)", async () => {
    const first = response("resp_1", { tool_usage: toolUsage(50, 1), incomplete_details: { reason: "steered" } }, usage(512, 256), "incomplete");
    const second = response("resp_2", { tool_usage: toolUsage(70, 2) }, usage(0, 128));
    const { fields } = await terminal([...first, ...second]);
    expect(fields.toolUsage).toEqual({
      image_gen: { input_tokens: 50 + 70, input_tokens_details: { text_tokens: 50 + 70 }, total_tokens: 50 + 70 },
      web_search: { num_requests: 1 + 2 },
    });
    expect(fields.cacheWriteDetails).toEqual({ ttl_30m_tokens: 512, ttl_12h_tokens: 256 + 128 });
  });

  it("are not set when every count is zero or absent, and hostile values are not copied", async () => {
    const hostile = { web_search: { num_requests: -1, "Bad Name": 5, nested: { deeper: { deepest: { too_deep: { x: 1 } } } } }, image_gen: "lots" };
    const { fields } = await terminal(response("resp_1", { tool_usage: hostile }, { input_tokens: 1, output_tokens: 1 }));
    expect(fields).not.toHaveProperty("toolUsage");
    expect(fields).not.toHaveProperty("cacheWriteDetails");
  });
});

describe("usage detail counts TokenUsage has no field for", () => {
  const detailed = (audioIn: number, textOut: number): Rec => ({
    input_tokens: 500,
    input_tokens_details: { cached_tokens: 100, cache_write_tokens: 0, audio_tokens: audioIn, text_tokens: 500 - audioIn, cache_write_tokens_details: { ttl_30m_tokens: 0 } },
    output_tokens: 40,
    output_tokens_details: { reasoning_tokens: 8, text_tokens: textOut, tool_output_tokens: 0 },
    total_tokens: 540,
  });

  it("→ terminal tokenDetails under the names sent, summed over responses; TokenUsage's own parts and zeros left out", async () => {
    const first = response("resp_1", { incomplete_details: { reason: "steered" } }, detailed(60, 32), "incomplete");
    const second = response("resp_2", {}, detailed(0, 30));
    const { end, fields } = await terminal([...first, ...second]);
    expect(fields.tokenDetails).toEqual({
      input_tokens_details: { audio_tokens: 60, text_tokens: 440 + 500 },
      output_tokens_details: { text_tokens: 32 + 30 },
    });
    expect(fields).not.toHaveProperty("cacheWriteDetails");
    const usage = (end as { usage?: Rec[] }).usage;
    expect(usage?.[0]).toMatchObject({ inputTokens: 1000, cachedInputTokens: 200, outputTokens: 80, reasoningTokens: 16, totalTokens: 1080 });
  });

  it("Perplexity's Anthropic-named cache counts stay in TokenUsage, not tokenDetails", async () => {
    const usage = { input_tokens: 10, input_tokens_details: { cache_read_input_tokens: 5, cache_creation_input_tokens: 3 }, output_tokens: 2, total_tokens: 20 };
    const { fields } = await terminal(response("resp_1", {}, usage));
    expect(fields).not.toHaveProperty("tokenDetails");
  });
});

describe("what the API reports about the request (openai 7.60 Response fields)", () => {
  it("input_transformations (reasoning withheld from the model) → terminal inputTransformations over the responses, each reported once", async () => {
    const removed = [{ id: "rs_old", type: "reasoning", action: "removed", reason: "model_mismatch" }];
    const later = [{ id: "rs_other", type: "reasoning", action: "removed", reason: "turn_boundary" }];
    const warnings: string[] = [];
    async function* source(): AsyncGenerator<unknown> {
      yield* response("resp_1", { input_transformations: removed, incomplete_details: { reason: "steered" } }, { input_tokens: 1, output_tokens: 1 }, "incomplete");
      yield* response("resp_2", { input_transformations: later }, { input_tokens: 1, output_tokens: 1 });
    }
    const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(`${w.code}:${String(w.details?.id)}`) }));
    await assertConformant(events);
    expect(readBridgeMetadata((last(events) as { metadata?: unknown }).metadata)?.inputTransformations).toEqual([...removed, ...later]);
    expect(warnings).toEqual(["stream.input-transformed:rs_old", "stream.input-transformed:rs_other"]);
  });

  it("prompt_cache_diagnostics → finishDetails.promptCacheDiagnostics", async () => {
    const diagnostics = { type: "cache_miss", reason: "tools_changed", cache_missed_tokens: 1800, comparison_reusable_tokens: 2048 };
    const { fields } = await terminal(response("resp_1", { prompt_cache_diagnostics: diagnostics }, { input_tokens: 1, output_tokens: 1 }));
    expect(fields.finishDetails).toEqual({ promptCacheDiagnostics: diagnostics });
  });
});
