import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { countTree, type CountTree } from "./count-tree.js";
import { asRecord } from "./narrow.js";

/**
 * Counts of a Chat usage's details that TokenUsage already carries (cache reads and writes,
 * reasoning): kept out, so a count is in one place only.
 */
const IN_TOKEN_USAGE = new Set(["cached_tokens", "cache_write_tokens", "cache_creation_input_tokens", "reasoning_tokens"]);

/**
 * The same for a Responses usage's details, where Perplexity's Agent API names its cache counts
 * the Anthropic way (map-openai-usage.ts reads them) and the cache write split by retention has
 * a terminal key of its own (`cacheWriteDetails`, response-counts.ts).
 */
const IN_RESPONSES_TOKEN_USAGE = new Set([...IN_TOKEN_USAGE, "cache_read_input_tokens", "cache_write_tokens_details"]);

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
  return countTree({
    prompt_tokens_details: without(record.prompt_tokens_details, IN_TOKEN_USAGE),
    completion_tokens_details: without(record.completion_tokens_details, IN_TOKEN_USAGE),
  });
}

/**
 * {@link tokenDetails} for a Responses `usage`: the counts of its `input_tokens_details` /
 * `output_tokens_details` that TokenUsage has no field for (`audio_tokens`, `text_tokens`,
 * `image_tokens`, a server's own), parts of `input_tokens` / `output_tokens`, nested under those
 * names as sent; `undefined` when none survives.
 */
export function responsesTokenDetails(usage: unknown): CountTree | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  return countTree({
    input_tokens_details: without(record.input_tokens_details, IN_RESPONSES_TOKEN_USAGE),
    output_tokens_details: without(record.output_tokens_details, IN_RESPONSES_TOKEN_USAGE),
  });
}

function without(details: unknown, names: ReadonlySet<string>): Record<string, unknown> | undefined {
  const record = asRecord(details);
  return record === undefined ? undefined : Object.fromEntries(Object.entries(record).filter(([name]) => !names.has(name)));
}

/**
 * Chat's terminal metadata `tokenDetails` (`{ prompt_tokens_details?: { audio_tokens, … },
 * completion_tokens_details?: { … } }`) from `sum`, each count summed over the run's calls (each
 * call's last report: call-tally.ts); empty when no call reported any. (Responses sums its per
 * response, response-counts.ts.)
 */
export function tokenDetailsMetadata(sum: CountTree): BridgeMetadata {
  return Object.keys(sum).length > 0 ? { tokenDetails: sum } : {};
}
