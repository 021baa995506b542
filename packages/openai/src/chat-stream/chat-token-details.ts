import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { addCountsInto, countTree, type CountTree } from "../count-tree.js";
import { asRecord } from "../narrow.js";

/**
 * Counts TokenUsage already carries (cache reads and writes, reasoning): kept out, so a count is
 * in one place only.
 */
const IN_TOKEN_USAGE = new Set(["cached_tokens", "cache_write_tokens", "cache_creation_input_tokens", "reasoning_tokens"]);

/**
 * The counts of a Chat `usage`'s `prompt_tokens_details` / `completion_tokens_details` that
 * TokenUsage (a closed object) has no field for: `audio_tokens` (input and output; OpenAI prices
 * audio tokens apart from text), `accepted_prediction_tokens` / `rejected_prediction_tokens`
 * (Predicted Outputs: rejected ones are billed as completion tokens), OpenRouter's `image_tokens`
 * / `video_tokens`, and whatever else a server reports there. Each is a part of the prompt or
 * completion total already in TokenUsage, never an addition. Positive safe integers only, as sent
 * ({@link countTree}: a server reports zeros for what the call did not use); `undefined` when none
 * survives.
 */
export function tokenDetails(usage: unknown): CountTree | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  return countTree({ prompt_tokens_details: withoutTokenUsageParts(record.prompt_tokens_details), completion_tokens_details: withoutTokenUsageParts(record.completion_tokens_details) });
}

function withoutTokenUsageParts(details: unknown): Record<string, unknown> | undefined {
  const record = asRecord(details);
  return record === undefined ? undefined : Object.fromEntries(Object.entries(record).filter(([name]) => !IN_TOKEN_USAGE.has(name)));
}

/**
 * Terminal metadata `tokenDetails` (`{ prompt_tokens_details?: { audio_tokens, … },
 * completion_tokens_details?: { … } }`), each count summed over the run's calls (each call's last
 * report); empty when no call reported any.
 */
export function tokenDetailsMetadata(perCall: ReadonlyMap<string, CountTree>): BridgeMetadata {
  const sum: CountTree = {};
  for (const details of perCall.values()) addCountsInto(sum, details);
  return Object.keys(sum).length > 0 ? { tokenDetails: sum } : {};
}
