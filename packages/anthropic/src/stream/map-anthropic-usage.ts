import { createTokenUsage, providerLabel, sumTokenCounts, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asRecord, type JsonRecord } from "../narrow.js";

/** The usage fields Anthropic reports, as last seen (message_start, then each message_delta). */
export type AnthropicRawUsage = JsonRecord;

/** Options of {@link mergeAnthropicUsage}. */
export interface MergeUsageOptions {
  /**
   * A `0` input count (`input_tokens`, `cache_creation_input_tokens`, `cache_read_input_tokens`)
   * does not replace a positive one seen earlier. Set while no model fallback happened in the
   * message: the prompt a model read cannot shrink to nothing, but Anthropic-compatible servers
   * write `input_tokens: 0` on `message_delta` (sgl-project/sglang#20830,
   * envoyproxy/ai-gateway#1631), which would wipe `message_start`'s count. After a fallback a
   * zero is real (the serving model read no cache).
   */
  keepEarlierInputOnZero?: boolean;
}

/**
 * Folds a later usage report into the one seen so far. Anthropic reports usage cumulatively: a
 * present (non-null) value replaces the earlier one, never adds to it; absent or null keeps it.
 * The fields kept: `input_tokens`, `output_tokens`, `cache_creation_input_tokens`,
 * `cache_read_input_tokens`, `output_tokens_details`, `iterations`, `server_tool_use`,
 * `cache_creation`, `service_tier`, `speed`, `inference_geo`, `fallback_credit` (each read by name:
 * this runs on every `message_start` and `message_delta`).
 */
export function mergeAnthropicUsage(previous: AnthropicRawUsage | undefined, next: unknown, options: MergeUsageOptions = {}): AnthropicRawUsage {
  const merged: AnthropicRawUsage = { ...previous };
  const update = asRecord(next);
  if (update === undefined) return merged;
  const { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens } = update;
  const { output_tokens_details, iterations, server_tool_use, cache_creation, service_tier, speed, inference_geo, fallback_credit } = update;
  const input = (value: unknown, earlier: unknown): boolean =>
    present(value) && !(options.keepEarlierInputOnZero === true && value === 0 && typeof earlier === "number" && earlier > 0);
  if (input(input_tokens, merged.input_tokens)) merged.input_tokens = input_tokens;
  if (present(output_tokens)) merged.output_tokens = output_tokens;
  if (input(cache_creation_input_tokens, merged.cache_creation_input_tokens)) merged.cache_creation_input_tokens = cache_creation_input_tokens;
  if (input(cache_read_input_tokens, merged.cache_read_input_tokens)) merged.cache_read_input_tokens = cache_read_input_tokens;
  if (present(output_tokens_details)) merged.output_tokens_details = output_tokens_details;
  if (present(iterations)) merged.iterations = iterations;
  if (present(server_tool_use)) merged.server_tool_use = server_tool_use;
  if (present(cache_creation)) merged.cache_creation = cache_creation;
  if (present(service_tier)) merged.service_tier = service_tier;
  if (present(speed)) merged.speed = speed;
  if (present(inference_geo)) merged.inference_geo = inference_geo;
  if (present(fallback_credit)) merged.fallback_credit = fallback_credit;
  return merged;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
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
      // Passed even when undefined (createTokenUsage keeps only a non-empty string): a spread here
      // would make the whole literal a slow generic copy.
      model,
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

/**
 * The usage fields that say how the message was served and billed, for the finish details (where
 * the OpenAI adapters put the response's `service_tier`), each narrowed and left out when absent:
 * - `serviceTier` = `usage.service_tier` ("If the request used the priority, standard, or batch
 *   tier": it decides the price);
 * - `speed` = `usage.speed` ("The inference speed mode used for this request": `standard` / `fast`,
 *   fast mode being priced apart);
 * - `inferenceGeo` = `usage.inference_geo` ("The geographic region where inference was performed for
 *   this request", `BetaUsage` of `@anthropic-ai/sdk`; Data residency,
 *   https://platform.claude.com/docs/en/manage-claude/data-residency: the request's `inference_geo`
 *   is `global` or `us`, and the response's usage tells where inference actually ran). As sent:
 *   recorded responses of models that take no `inference_geo` say `not_available`;
 * - `fallbackCredit` = `usage.fallback_credit` ("Outcome of the `fallback_credit_token` presented on
 *   this request": `{ status: { type: "redeemed" } }` when the retry was repriced as if the
 *   conversation had been on the retry model all along, or `{ status: { type: "not_applied",
 *   reason, remove_to_redeem? } }`), with the fields the SDK's `BetaFallbackCreditUsage` defines.
 */
export function usageFinishDetails(usage: AnthropicRawUsage): Record<string, unknown> {
  const serviceTier = asNonEmptyString(usage.service_tier);
  const speed = asNonEmptyString(usage.speed);
  const inferenceGeo = asNonEmptyString(usage.inference_geo);
  const fallbackCredit = narrowFallbackCredit(usage.fallback_credit);
  return {
    ...(serviceTier !== undefined && { serviceTier }),
    ...(speed !== undefined && { speed }),
    ...(inferenceGeo !== undefined && { inferenceGeo }),
    ...(fallbackCredit !== undefined && { fallbackCredit }),
  };
}

function narrowFallbackCredit(value: unknown): JsonRecord | undefined {
  const status = asRecord(asRecord(value)?.status);
  const type = asNonEmptyString(status?.type);
  if (status === undefined || type === undefined) return undefined;
  const reason = asNonEmptyString(status.reason);
  const remove = asArray(status.remove_to_redeem)?.filter((field): field is string => typeof field === "string");
  return {
    status: { type, ...(reason !== undefined && { reason }), ...(remove !== undefined && remove.length > 0 && { remove_to_redeem: remove }) },
  };
}
