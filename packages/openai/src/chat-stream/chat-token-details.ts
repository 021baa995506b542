import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";

/** The two detail objects of a Chat `usage` whose counts are kept. */
const DETAIL_FIELDS = ["prompt_tokens_details", "completion_tokens_details"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/** One call's detail counts TokenUsage has no field for, by detail object, as sent. */
export type TokenDetails = Partial<Record<DetailField, Record<string, number>>>;

/**
 * Counts TokenUsage already carries (cache reads and writes, reasoning): kept out, so a count is
 * in one place only.
 */
const IN_TOKEN_USAGE = new Set(["cached_tokens", "cache_write_tokens", "cache_creation_input_tokens", "reasoning_tokens"]);

/** The shape of OpenAI's count names (`audio_tokens`, `rejected_prediction_tokens`); anything else is not copied. */
const FIELD = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * The counts of a Chat `usage`'s `prompt_tokens_details` / `completion_tokens_details` that
 * TokenUsage (a closed object) has no field for: `audio_tokens` (input and output; OpenAI prices
 * audio tokens apart from text), `accepted_prediction_tokens` / `rejected_prediction_tokens`
 * (Predicted Outputs: rejected ones are billed as completion tokens), OpenRouter's `image_tokens`
 * / `video_tokens`, and whatever else a server reports there. Each is a part of the prompt or
 * completion total already in TokenUsage, never an addition. Positive safe integers only (a
 * server reports zeros for what the call did not use); `undefined` when none survives.
 */
export function tokenDetails(usage: unknown): TokenDetails | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  let found: TokenDetails | undefined;
  for (const field of DETAIL_FIELDS) {
    const details = asRecord(record[field]);
    if (details === undefined) continue;
    for (const [name, value] of Object.entries(details)) {
      if (IN_TOKEN_USAGE.has(name) || !FIELD.test(name)) continue;
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) continue;
      ((found ??= {})[field] ??= {})[name] = value;
    }
  }
  return found;
}

/**
 * Terminal metadata `tokenDetails` (`{ prompt_tokens_details?: { audio_tokens, … },
 * completion_tokens_details?: { … } }`), each count summed over the run's calls (each call's last
 * report); empty when no call reported any.
 */
export function tokenDetailsMetadata(perCall: ReadonlyMap<string, TokenDetails>): BridgeMetadata {
  const sum: TokenDetails = {};
  for (const details of perCall.values()) {
    for (const field of DETAIL_FIELDS) {
      for (const [name, count] of Object.entries(details[field] ?? {})) {
        const into = (sum[field] ??= {});
        const total = (into[name] ?? 0) + count;
        if (Number.isSafeInteger(total)) into[name] = total;
      }
    }
  }
  return Object.keys(sum).length > 0 ? { tokenDetails: sum } : {};
}
