import { createTokenUsage, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { chatUsageCounts } from "./chat-usage-dialects.js";
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
 * part of it.
 */
export function mapResponsesUsage(usage: unknown, context: UsageContext): TokenUsage | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  const input = asRecord(record.input_tokens_details);
  const output = asRecord(record.output_tokens_details);
  return createTokenUsage(
    {
      provider: context.provider ?? DEFAULT_PROVIDER_LABEL,
      ...(context.model !== undefined && { model: context.model }),
      inputTokens: record.input_tokens,
      outputTokens: record.output_tokens,
      reasoningTokens: output?.reasoning_tokens,
      cachedInputTokens: input?.cached_tokens,
      cacheWriteInputTokens: input?.cache_write_tokens,
    },
    warningOptions(context),
  );
}

function warningOptions(context: UsageContext): { onWarning?: WarningHandler } {
  return context.onWarning === undefined ? {} : { onWarning: context.onWarning };
}
