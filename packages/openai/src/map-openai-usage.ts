import { createTokenUsage, type TokenUsage, type WarningHandler } from "@agui-bridge/core";
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
 * Chat Completions `usage` → TokenUsage: `prompt_tokens` is the input total, with
 * `prompt_tokens_details.cached_tokens` / `.cache_write_tokens` parts of it; `completion_tokens` is
 * the output total, with `completion_tokens_details.reasoning_tokens` part of it.
 */
export function mapChatUsage(usage: unknown, context: UsageContext): TokenUsage | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  const prompt = asRecord(record.prompt_tokens_details);
  const completion = asRecord(record.completion_tokens_details);
  return createTokenUsage(
    {
      provider: context.provider ?? DEFAULT_PROVIDER_LABEL,
      ...(context.model !== undefined && { model: context.model }),
      inputTokens: record.prompt_tokens,
      outputTokens: record.completion_tokens,
      reasoningTokens: completion?.reasoning_tokens,
      cachedInputTokens: prompt?.cached_tokens,
      cacheWriteInputTokens: prompt?.cache_write_tokens,
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
