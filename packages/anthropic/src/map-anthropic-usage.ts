import { createTokenUsage, providerLabel, sumTokenCounts, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { asRecord, type JsonRecord } from "./narrow.js";

/** The usage fields Anthropic reports, as last seen (message_start, then each message_delta). */
export type AnthropicRawUsage = JsonRecord;

const CUMULATIVE_FIELDS = [
  "input_tokens",
  "output_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
  "output_tokens_details",
  "iterations",
  "server_tool_use",
  "cache_creation",
] as const;

/**
 * Folds a later usage report into the one seen so far. Anthropic reports usage cumulatively: a
 * present (non-null) value replaces the earlier one, never adds to it; absent or null keeps it.
 */
export function mergeAnthropicUsage(previous: AnthropicRawUsage | undefined, next: unknown): AnthropicRawUsage {
  const merged: AnthropicRawUsage = { ...previous };
  const update = asRecord(next);
  if (update === undefined) return merged;
  for (const field of CUMULATIVE_FIELDS) {
    const value = update[field];
    if (value !== undefined && value !== null) merged[field] = value;
  }
  return merged;
}

/**
 * Anthropic usage in AG-UI accounting:
 * `inputTokens = input_tokens + cache_creation_input_tokens + cache_read_input_tokens`,
 * `cachedInputTokens = cache_read_input_tokens`, `cacheWriteInputTokens = cache_creation_input_tokens`,
 * `outputTokens = output_tokens`, `reasoningTokens = output_tokens_details.thinking_tokens`.
 * `provider` labels the entry (default `anthropic`; e.g. `amazon-bedrock` on Bedrock).
 */
export function mapAnthropicUsage(
  usage: AnthropicRawUsage,
  model: string | undefined,
  onWarning?: WarningHandler,
  provider?: string,
): TokenUsage | undefined {
  const options = onWarning === undefined ? {} : { onWarning };
  const details = asRecord(usage.output_tokens_details);
  return createTokenUsage(
    {
      provider: providerLabel(provider, "anthropic"),
      ...(model !== undefined && { model }),
      inputTokens: sumTokenCounts(
        [usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens],
        "inputTokens",
        options,
      ),
      outputTokens: usage.output_tokens,
      reasoningTokens: details?.thinking_tokens,
      cachedInputTokens: usage.cache_read_input_tokens,
      cacheWriteInputTokens: usage.cache_creation_input_tokens,
    },
    options,
  );
}
