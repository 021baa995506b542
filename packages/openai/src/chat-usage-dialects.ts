import { sumTokenCounts, type RawTokenCounts, type TokenUsageOptions } from "@agui-bridge/core/adapter";
import { asRecord } from "./narrow.js";

/**
 * How a Chat Completions `usage` object counts its parts, decided from its own numbers (servers
 * behind one label do not agree, and a gateway forwards each upstream's habit):
 *
 * - The parts are read wherever a dialect puts them: reasoning from
 *   `completion_tokens_details.reasoning_tokens`, else Perplexity's top-level `reasoning_tokens`
 *   (Sonar Deep Research); cache reads from `prompt_tokens_details.cached_tokens`, else DeepSeek's
 *   `prompt_cache_hit_tokens`, else Mistral's `num_cached_tokens`, else Kimi's top-level
 *   `cached_tokens`, else LiteLLM's `cache_read_input_tokens`; cache writes from
 *   `prompt_tokens_details.cache_write_tokens`, else DashScope's
 *   `prompt_tokens_details.cache_creation_input_tokens` (Qwen's explicit cache), else the
 *   top-level `cache_creation_input_tokens` (LiteLLM, the Vercel AI Gateway).
 * - A part is **inside** its total (OpenAI's rule) unless the numbers say otherwise. It is
 *   **beside** it (so added in, as AG-UI's TokenUsage requires) when it is larger than its total
 *   (it cannot be a part of it), or when `total_tokens` equals the sum only with that part added
 *   (xAI: `total_tokens = prompt + completion + reasoning`). Cache reads and writes are decided
 *   together against `prompt_tokens`. One exception: `completion_tokens_details.reasoning_tokens`
 *   (OpenAI's place for a part of `completion_tokens`) larger than `completion_tokens`, with a
 *   `total_tokens` that counts only the completion (MiniMax M2 through OpenRouter: completion 10,
 *   reasoning 11, total = prompt + 10), is inside: the total says what the output was, and the
 *   inconsistent part is dropped (warning `usage.part-exceeds-total`). Perplexity's top-level
 *   `reasoning_tokens` stay beside (its total leaves out the reasoning it bills).
 * - Every combination consistent with the parts that must be beside is tried in a fixed order
 *   (nothing added, reasoning added, cache added, both); the first one whose sum equals
 *   `total_tokens` wins. Without a usable `total_tokens`, only the forced decisions apply.
 *
 * The result keeps `totalTokens = inputTokens + outputTokens` (computed by `createTokenUsage`),
 * so it may differ from a `total_tokens` that counts another way.
 */
export function chatUsageCounts(usage: Record<string, unknown>, options: TokenUsageOptions = {}): Omit<RawTokenCounts, "provider" | "model"> {
  const promptDetails = asRecord(usage.prompt_tokens_details);
  const completionDetails = asRecord(usage.completion_tokens_details);
  const prompt = usage.prompt_tokens;
  const completion = usage.completion_tokens;
  const reasoning = firstPresent(completionDetails?.reasoning_tokens, usage.reasoning_tokens);
  const details = promptDetailsCacheParts(promptDetails);
  const cached = firstPresent(details.cached, usage.prompt_cache_hit_tokens, usage.num_cached_tokens, usage.cached_tokens, usage.cache_read_input_tokens);
  const cacheWrite = firstPresent(details.cacheWrite, usage.cache_creation_input_tokens);
  const raw = { inputTokens: prompt, outputTokens: completion, reasoningTokens: reasoning, cachedInputTokens: cached, cacheWriteInputTokens: cacheWrite };

  const p = count(prompt);
  const c = count(completion);
  const r = count(reasoning) ?? 0;
  const cache = (count(cached) ?? 0) + (count(cacheWrite) ?? 0);
  if (p === undefined || c === undefined) return raw;
  const inDetails = completionDetails?.reasoning_tokens !== undefined && completionDetails.reasoning_tokens !== null;
  const { reasoningBeside, cacheBeside } = decide(p, c, r, cache, count(usage.total_tokens), inDetails);
  // Only valid parts are added in; an invalid one is reported (once) by createTokenUsage.
  return {
    ...raw,
    inputTokens: cacheBeside ? sumTokenCounts([p, count(cached), count(cacheWrite)], "inputTokens", options) : prompt,
    outputTokens: reasoningBeside ? sumTokenCounts([c, r], "outputTokens", options) : completion,
  };
}

/**
 * The cache parts of a Chat-style `prompt_tokens_details`, both parts of the prompt count: reads
 * = `cached_tokens`; writes = `cache_write_tokens` (OpenAI), else `cache_creation_input_tokens`
 * (Qwen on DashScope: the explicit cache's write on Chat, and the same object inside each
 * `usage.x_details[]` row of DashScope's Responses API, where its session cache reports). Values
 * as sent (validated by `createTokenUsage`).
 */
export function promptDetailsCacheParts(details: Record<string, unknown> | undefined): { cached: unknown; cacheWrite: unknown } {
  return { cached: details?.cached_tokens, cacheWrite: firstPresent(details?.cache_write_tokens, details?.cache_creation_input_tokens) };
}

/**
 * Which parts are reported beside (outside) their totals; `reasoningInDetails`: the reasoning
 * count is `completion_tokens_details.reasoning_tokens`, a part of the completion by definition.
 */
export function decide(
  prompt: number,
  completion: number,
  reasoning: number,
  cache: number,
  total: number | undefined,
  reasoningInDetails = false,
): { reasoningBeside: boolean; cacheBeside: boolean } {
  const forcedReasoning = reasoning > completion;
  const forcedCache = cache > prompt;
  const combos: Array<[boolean, boolean]> = [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ];
  if (total !== undefined) {
    for (const [reasoningBeside, cacheBeside] of combos) {
      if ((forcedReasoning && !reasoningBeside) || (forcedCache && !cacheBeside)) continue;
      const sum = prompt + completion + (reasoningBeside ? reasoning : 0) + (cacheBeside ? cache : 0);
      if (sum === total) return { reasoningBeside, cacheBeside };
    }
    // A detail part larger than its total that the total does not count either: the total decides.
    if (forcedReasoning && reasoningInDetails) {
      for (const cacheBeside of [false, true]) {
        if (forcedCache && !cacheBeside) continue;
        if (prompt + completion + (cacheBeside ? cache : 0) === total) return { reasoningBeside: false, cacheBeside };
      }
    }
  }
  return { reasoningBeside: forcedReasoning, cacheBeside: forcedCache };
}

/** A count as sent, when it is a safe non-negative integer. */
export function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The first value that is neither `undefined` nor `null`. */
export function firstPresent(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined && value !== null);
}
