import { createTokenUsage, providerLabel, sumTokenCounts, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { mapAnthropicUsage, type AnthropicRawUsage } from "./map-anthropic-usage.js";
import { asArray, asNonEmptyString, asRecord, type JsonRecord } from "./narrow.js";

/** One ledger entry of a message's usage: `key` is appended to the message id to name the call. */
export interface MessageUsageEntry {
  /** `""` for the message's own entry, `/<model>` (or `/iterations/<model>`) for the others. */
  key: string;
  usage: TokenUsage;
}

/** Iteration types whose tokens the top-level usage counts: the sampling that produced the message. */
const SERVED = new Set(["message", "fallback_message"]);

/**
 * A message's usage as ledger entries, one per model. Without `usage.iterations` it is the
 * top-level usage ({@link mapAnthropicUsage}). With them, the top-level fields count only the
 * sampling that produced the message: the API documents that "a `compaction` entry's tokens are not
 * included in the top-level `usage` fields", and an `advisor_message` entry is another model's
 * call (the advisor's), billed beside it. So:
 * - when some entry is a `message` / `fallback_message`, every entry is summed per model (the
 *   entry's `model`, else the message's), with the same formula as the top level; the top-level
 *   `output_tokens_details.thinking_tokens` go to the model of the last such entry;
 * - otherwise the top-level entry stands and the entries are added beside it, per model.
 * Entries that are not objects are skipped; their counts are narrowed like any usage value.
 *
 * `servedModel` is the model a `fallback` block handed the message to (the SDK relabels the
 * message's `model` with it): the top-level usage and `fallback_message` entries that name no model
 * count under it; other entries that name none stay with the requested `model`.
 */
export function mapMessageUsage(
  usage: AnthropicRawUsage,
  model: string | undefined,
  onWarning?: WarningHandler,
  provider?: string,
  servedModel?: string,
): MessageUsageEntry[] {
  const servedOrRequested = servedModel ?? model;
  const listed = asArray(usage.iterations);
  const iterations = listed === undefined || listed.length === 0 ? [] : listed.map(asRecord).filter((entry): entry is JsonRecord => entry !== undefined);
  if (iterations.length === 0) {
    const top = mapAnthropicUsage(usage, servedOrRequested, onWarning, provider);
    return top === undefined ? [] : [{ key: "", usage: top }];
  }
  const ownerOf = (entry: JsonRecord): string | undefined =>
    asNonEmptyString(entry.model) ?? (entry.type === "fallback_message" ? servedOrRequested : model);
  const served = iterations.filter((entry) => SERVED.has(String(entry.type)));
  const groups = new Map<string | undefined, JsonRecord[]>();
  for (const entry of iterations) {
    const owner = ownerOf(entry);
    const list = groups.get(owner);
    if (list === undefined) groups.set(owner, [entry]);
    else list.push(entry);
  }
  const out: MessageUsageEntry[] = [];
  if (served.length === 0) {
    // Only entries the top level leaves out: the top-level entry stands, they are added beside it.
    const top = mapAnthropicUsage(usage, servedOrRequested, onWarning, provider);
    if (top !== undefined) out.push({ key: "", usage: top });
    for (const [owner, entries] of groups) {
      const summed = sumEntries(entries, owner, undefined, onWarning, provider);
      if (summed !== undefined) out.push({ key: `/iterations/${owner ?? "unknown-model"}`, usage: summed });
    }
    return out;
  }
  const lastServed = served[served.length - 1] as JsonRecord;
  const reasoningModel = ownerOf(lastServed);
  const thinking = asRecord(usage.output_tokens_details)?.thinking_tokens;
  for (const [owner, entries] of groups) {
    const summed = sumEntries(entries, owner, owner === reasoningModel ? thinking : undefined, onWarning, provider);
    if (summed === undefined) continue;
    if (owner === model) out.unshift({ key: "", usage: summed });
    else out.push({ key: `/${owner ?? "unknown-model"}`, usage: summed });
  }
  return out;
}

function sumEntries(
  entries: readonly JsonRecord[],
  model: string | undefined,
  reasoningTokens: unknown,
  onWarning: WarningHandler | undefined,
  provider: string | undefined,
): TokenUsage | undefined {
  const options = onWarning === undefined ? {} : { onWarning };
  const sum = (fields: readonly string[], name: string): number | undefined =>
    sumTokenCounts(
      entries.flatMap((entry) => fields.map((field) => entry[field])),
      name,
      options,
    );
  return createTokenUsage(
    {
      provider: providerLabel(provider, "anthropic"),
      // Passed even when undefined (createTokenUsage keeps only a non-empty string): a spread here
      // would make the whole literal a slow generic copy.
      model,
      inputTokens: sum(["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"], "inputTokens"),
      outputTokens: sum(["output_tokens"], "outputTokens"),
      reasoningTokens,
      cachedInputTokens: sum(["cache_read_input_tokens"], "cachedInputTokens"),
      cacheWriteInputTokens: sum(["cache_creation_input_tokens"], "cacheWriteInputTokens"),
    },
    options,
  );
}
