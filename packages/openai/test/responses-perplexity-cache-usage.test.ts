/**
 * Perplexity's Agent API (Responses-shaped) reports its cache counts under Anthropic's names in
 * `usage.input_tokens_details` (`cache_read_input_tokens`, `cache_creation_input_tokens`; its
 * ResponsesUsage schema) and does not say whether `input_tokens` holds them. Read as TokenUsage's
 * cache parts; added into `inputTokens` only when `total_tokens` (or their size) shows they were
 * reported beside it. OpenAI's own fields are read as before.
 */
import { describe, expect, it } from "vitest";
import { mapResponsesUsage } from "../src/map-openai-usage.js";

const context = { provider: "perplexity", model: "anthropic/claude-sonnet-4-5" };

describe("Responses usage: Perplexity's Anthropic-named cache counts", () => {
  it("counts inside input_tokens (total = input + output): parts, the total unchanged", () => {
    const usage = { input_tokens: 1000, output_tokens: 50, total_tokens: 1050, input_tokens_details: { cache_read_input_tokens: 600, cache_creation_input_tokens: 100 } };
    expect(mapResponsesUsage(usage, context)).toMatchObject({ inputTokens: 1000, outputTokens: 50, totalTokens: 1050, cachedInputTokens: 600, cacheWriteInputTokens: 100 });
  });

  it("counts beside input_tokens (total = input + output + cache): added in", () => {
    const usage = { input_tokens: 400, output_tokens: 50, total_tokens: 1150, input_tokens_details: { cache_read_input_tokens: 600, cache_creation_input_tokens: 100 } };
    expect(mapResponsesUsage(usage, context)).toMatchObject({ inputTokens: 1100, outputTokens: 50, totalTokens: 1150, cachedInputTokens: 600, cacheWriteInputTokens: 100 });
  });

  it("no total and a cache count larger than input_tokens: it cannot be a part, so it is added in", () => {
    const usage = { input_tokens: 20, output_tokens: 5, input_tokens_details: { cache_read_input_tokens: 3000 } };
    expect(mapResponsesUsage(usage, context)).toMatchObject({ inputTokens: 3020, cachedInputTokens: 3000, totalTokens: 3025 });
  });

  it("OpenAI's own fields win and are parts, as before", () => {
    const usage = { input_tokens: 1000, output_tokens: 50, total_tokens: 1050, input_tokens_details: { cached_tokens: 700, cache_read_input_tokens: 5 } };
    expect(mapResponsesUsage(usage, { provider: "openai", model: "gpt-5" })).toMatchObject({ inputTokens: 1000, cachedInputTokens: 700, totalTokens: 1050 });
  });
});
