import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import type { TallyOps } from "../call-tally.js";
import { asRecord } from "../narrow.js";

/** Billed units one model call reported beside its token counts (each its last report). */
export interface BilledCounts {
  /** Perplexity `usage.num_search_queries`: the searches Sonar ran (billed per 1,000). */
  num_search_queries?: number;
  /** Perplexity `usage.citation_tokens`: billed at their own rate, outside `prompt_tokens` / `completion_tokens`. */
  citation_tokens?: number;
  /** xAI `usage.num_sources_used`: the sources Live Search used (billed per 1,000 sources). */
  num_sources_used?: number;
  /**
   * OpenRouter `usage.server_tool_use_details` ("usage for server-side tool execution"):
   * `web_search_requests`, `tool_calls_requested`, `tool_calls_executed`, each kept apart (its
   * docs: a server-run web search may be counted in both the first two, "do not sum the two").
   */
  server_tool_use?: Partial<Record<ServerToolUseField, number>>;
}

const SERVER_TOOL_USE_FIELDS = ["web_search_requests", "tool_calls_requested", "tool_calls_executed"] as const;
type ServerToolUseField = (typeof SERVER_TOOL_USE_FIELDS)[number];

/**
 * Perplexity's billed units of a Chat `usage` object that TokenUsage (a closed object) has no field
 * for (and OpenRouter's server tool counts, `usage.server_tool_use_details`; xAI's Live Search
 * `usage.num_sources_used`). Its UsageInfo documents `total_tokens` as prompt + completion, and its pricing lists input,
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
  const sources = positive(record.num_sources_used);
  const details = asRecord(record.server_tool_use_details);
  const serverTools: Partial<Record<ServerToolUseField, number>> = {};
  for (const field of SERVER_TOOL_USE_FIELDS) {
    const count = positive(details?.[field]);
    if (count !== undefined) serverTools[field] = count;
  }
  const hasServerTools = Object.keys(serverTools).length > 0;
  if (searches === undefined && citations === undefined && sources === undefined && !hasServerTools) return undefined;
  return {
    ...(searches !== undefined && { num_search_queries: searches }),
    ...(sources !== undefined && { num_sources_used: sources }),
    ...(citations !== undefined && { citation_tokens: citations }),
    ...(hasServerTools && { server_tool_use: serverTools }),
  };
}

/**
 * Billed units summed over a run's calls, in the terminal metadata's shape: the search count as
 * `serverToolUse.num_search_queries` (xAI's Live Search sources as `num_sources_used` beside it),
 * the shape the Anthropic adapter gives server tool requests (`serverToolUse: { web_search_requests }`),
 * OpenRouter's server tool counts beside it under their own names, and `citationTokens`.
 */
export interface BilledSum {
  serverToolUse: Partial<Record<ServerToolUseField | "num_search_queries" | "num_sources_used", number>>;
  citationTokens?: number;
}

/** Adds one call's billed units into `sum` (a sum past the safe range keeps the earlier value). */
export function addBilledCounts(sum: BilledSum, counts: BilledCounts): void {
  const serverToolUse = sum.serverToolUse;
  if (counts.num_search_queries !== undefined) serverToolUse.num_search_queries = safeSum(serverToolUse.num_search_queries, counts.num_search_queries);
  if (counts.num_sources_used !== undefined) serverToolUse.num_sources_used = safeSum(serverToolUse.num_sources_used, counts.num_sources_used);
  if (counts.citation_tokens !== undefined) {
    const citations = safeSum(sum.citationTokens, counts.citation_tokens);
    if (citations !== undefined) sum.citationTokens = citations;
  }
  for (const field of SERVER_TOOL_USE_FIELDS) {
    const count = counts.server_tool_use?.[field];
    if (count !== undefined) serverToolUse[field] = safeSum(serverToolUse[field], count);
  }
}

/** Billed units summed per call, each call's last report winning (call-tally.ts). */
export const BILLED_TALLY: TallyOps<BilledCounts, BilledSum> = {
  empty: () => ({ serverToolUse: {} }),
  add: addBilledCounts,
  copy: (sum) => ({ serverToolUse: { ...sum.serverToolUse }, ...(sum.citationTokens !== undefined && { citationTokens: sum.citationTokens }) }),
};

/** The terminal metadata of the run's billed units ({@link BilledSum}); empty when no call reported any. */
export function billedCountsMetadata(sum: BilledSum): BridgeMetadata {
  return {
    ...(Object.keys(sum.serverToolUse).length > 0 && { serverToolUse: sum.serverToolUse }),
    ...(sum.citationTokens !== undefined && { citationTokens: sum.citationTokens }),
  };
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function safeSum(total: number | undefined, count: number): number | undefined {
  const sum = (total ?? 0) + count;
  return Number.isSafeInteger(sum) ? sum : total;
}
