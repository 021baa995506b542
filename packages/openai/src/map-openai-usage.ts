import { createTokenUsage, sumTokenCounts, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { chatUsageCounts, count, decide, firstPresent, promptDetailsCacheParts } from "./chat-usage-dialects.js";
import { asRecord } from "./narrow.js";
import { DEFAULT_PROVIDER_LABEL } from "./provider-label.js";

/** Where usage entries are stamped from. */
export interface UsageContext {
  model?: string;
  /** The provider label for the entry (default `openai`). */
  provider?: string;
  onWarning?: WarningHandler;
}

/**
 * Chat Completions `usage` → TokenUsage: `prompt_tokens` is the input total, with cache reads and
 * writes parts of it; `completion_tokens` is the output total, with
 * `completion_tokens_details.reasoning_tokens` part of it, unless the object's own numbers say a
 * part is reported beside its total, in which case it is added in (the rule is documented on
 * {@link chatUsageCounts}: xAI's reasoning, a gateway's cache count beside a smaller prompt count).
 */
export function mapChatUsage(usage: unknown, context: UsageContext): TokenUsage | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  return createTokenUsage(
    {
      provider: context.provider ?? DEFAULT_PROVIDER_LABEL,
      ...(context.model !== undefined && { model: context.model }),
      ...chatUsageCounts(record, warningOptions(context)),
    },
    warningOptions(context),
  );
}

/**
 * Responses `usage` → TokenUsage: `input_tokens` with `input_tokens_details.cached_tokens` /
 * `.cache_write_tokens` parts of it; `output_tokens` with `output_tokens_details.reasoning_tokens`
 * part of it. DashScope (Alibaba Cloud Model Studio) also breaks its usage down by billing type in
 * `x_details[]` rows (`{ input_tokens, output_tokens, total_tokens, x_billing_type, prompt_tokens_details? }`):
 * a cache count the top-level details lack is read from the rows' Chat-style `prompt_tokens_details`
 * ({@link promptDetailsCacheParts}, the Chat path's reading: its session cache's write
 * `cache_creation_input_tokens` has no Responses field), summed over the rows, a part of
 * `input_tokens` like every cache count. Perplexity's Agent API names its cache counts as
 * Anthropic does (`input_tokens_details.cache_read_input_tokens` / `.cache_creation_input_tokens`)
 * and does not say whether `input_tokens` holds them: they are added in when `total_tokens` (or
 * their size) says they are reported beside it ({@link decide}, the Chat path's rule).
 */
export function mapResponsesUsage(usage: unknown, context: UsageContext): TokenUsage | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  const input = asRecord(record.input_tokens_details);
  const output = asRecord(record.output_tokens_details);
  const rows = billingRowParts(record.x_details, warningOptions(context));
  const openaiCached = firstPresent(input?.cached_tokens, rows.cached);
  const openaiWrite = firstPresent(input?.cache_write_tokens, rows.cacheWrite);
  // OpenAI's fields are parts of input_tokens by definition (a larger one is invalid and dropped);
  // only Perplexity's Anthropic-named ones may have been reported beside it.
  const besideCandidate = openaiCached === undefined && openaiWrite === undefined;
  const cached = besideCandidate ? input?.cache_read_input_tokens : openaiCached;
  const cacheWrite = besideCandidate ? input?.cache_creation_input_tokens : openaiWrite;
  return createTokenUsage(
    {
      provider: context.provider ?? DEFAULT_PROVIDER_LABEL,
      ...(context.model !== undefined && { model: context.model }),
      inputTokens: besideCandidate ? inputTotal(record, cached, cacheWrite, context) : record.input_tokens,
      outputTokens: record.output_tokens,
      reasoningTokens: output?.reasoning_tokens,
      cachedInputTokens: cached,
      cacheWriteInputTokens: cacheWrite,
    },
    warningOptions(context),
  );
}

/** `input_tokens`, with the cache counts added in when they were reported beside it. */
function inputTotal(record: Record<string, unknown>, cached: unknown, cacheWrite: unknown, context: UsageContext): unknown {
  const input = count(record.input_tokens);
  const output = count(record.output_tokens);
  if (input === undefined || output === undefined) return record.input_tokens;
  const cache = (count(cached) ?? 0) + (count(cacheWrite) ?? 0);
  if (cache === 0 || !decide(input, output, 0, cache, count(record.total_tokens)).cacheBeside) return record.input_tokens;
  return sumTokenCounts([input, count(cached), count(cacheWrite)], "inputTokens", warningOptions(context));
}


/** The cache parts of DashScope's `x_details[]` rows, each summed over the rows that report it. */
function billingRowParts(rows: unknown, options: { onWarning?: WarningHandler }): { cached?: number; cacheWrite?: number } {
  if (!Array.isArray(rows)) return {};
  const parts = rows.map((row) => promptDetailsCacheParts(asRecord(asRecord(row)?.prompt_tokens_details)));
  const cached = sumTokenCounts(parts.map((part) => part.cached), "cachedInputTokens", options);
  const cacheWrite = sumTokenCounts(parts.map((part) => part.cacheWrite), "cacheWriteInputTokens", options);
  return { ...(cached !== undefined && { cached }), ...(cacheWrite !== undefined && { cacheWrite }) };
}

function warningOptions(context: UsageContext): { onWarning?: WarningHandler } {
  return context.onWarning === undefined ? {} : { onWarning: context.onWarning };
}
