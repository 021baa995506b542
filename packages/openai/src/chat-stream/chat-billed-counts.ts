import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";

/** Billed units one model call reported beside its token counts (each its last report). */
export interface BilledCounts {
  /** Perplexity `usage.num_search_queries`: the searches Sonar ran (billed per 1,000). */
  num_search_queries?: number;
  /** Perplexity `usage.citation_tokens`: billed at their own rate, outside `prompt_tokens` / `completion_tokens`. */
  citation_tokens?: number;
}

/**
 * Perplexity's billed units of a Chat `usage` object that TokenUsage (a closed object) has no field
 * for. Its UsageInfo documents `total_tokens` as prompt + completion, and its pricing lists input,
 * output, citation and reasoning tokens and search queries as separate columns ("Input Tokens: the
 * number of tokens in your prompt"), so citation tokens are part of neither total and are not
 * added to `inputTokens` / `outputTokens`. Positive safe integers only (zero carries nothing);
 * `undefined` when neither is there.
 */
export function billedCounts(usage: unknown): BilledCounts | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  const searches = positive(record.num_search_queries);
  const citations = positive(record.citation_tokens);
  if (searches === undefined && citations === undefined) return undefined;
  return { ...(searches !== undefined && { num_search_queries: searches }), ...(citations !== undefined && { citation_tokens: citations }) };
}

/**
 * The terminal metadata of the run's billed units, summed over its model calls: the search count
 * as `serverToolUse: { num_search_queries }`, the shape the Anthropic adapter gives server tool
 * requests (`serverToolUse: { web_search_requests }`), and `citationTokens`. Empty when no call
 * reported any.
 */
export function billedCountsMetadata(perCall: ReadonlyMap<string, BilledCounts>): BridgeMetadata {
  let searches: number | undefined;
  let citations: number | undefined;
  for (const counts of perCall.values()) {
    if (counts.num_search_queries !== undefined) searches = safeSum(searches, counts.num_search_queries);
    if (counts.citation_tokens !== undefined) citations = safeSum(citations, counts.citation_tokens);
  }
  return {
    ...(searches !== undefined && { serverToolUse: { num_search_queries: searches } }),
    ...(citations !== undefined && { citationTokens: citations }),
  };
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function safeSum(total: number | undefined, count: number): number | undefined {
  const sum = (total ?? 0) + count;
  return Number.isSafeInteger(sum) ? sum : total;
}
