import { createTokenUsage, providerLabel, sumTokenCounts, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { mapAnthropicUsage, type AnthropicRawUsage } from "./map-anthropic-usage.js";
import { asArray, asNonEmptyString, asRecord, type JsonRecord } from "../narrow.js";

/** One ledger entry of a message's usage: `key` is appended to the message id to name the call. */
export interface MessageUsageEntry {
  /** `""` for the message's own entry, `/<model>` (or `/iterations/<model>`) for the others. */
  key: string;
  usage: TokenUsage;
}

/** What a message's `fallback` blocks told (see `fallbackBlock`). */
export interface MessageFallback {
  /** The model the last hop handed the message to: the model that served it. */
  served: string | undefined;
  /** The model that declined at each hop (`from.model`), in order (`undefined` where a block named none). */
  declined: readonly (string | undefined)[];
}

const NO_FALLBACK: MessageFallback = { served: undefined, declined: [] };

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
 * `fallback` is what the message's `fallback` blocks told: the model each hop handed the message
 * to (`served`, the last `to.model`: the SDK relabels the message's `model` with it) and the model
 * that declined at each hop (`declined`, the `from.model`s in order). Anthropic's "Refusals and
 * fallback" guide: "A model that declined appears as an ordinary `message` entry, and the model
 * that served the turn appears as a `fallback_message` entry" ("a `message` entry for each earlier
 * hop"); the serving hop's earlier tool-loop iterations are `message` entries too (the SDK's
 * `BetaFallbackMessageIterationUsage`); "the top-level `usage` counts describe only the attempt that
 * produced the returned message. Tokens from different models are never summed into one field."
 * So an entry that names no model counts under: the served model for `fallback_message`; for the
 * i-th `message` entry, the i-th declined model while there is one, else the served model (tokens
 * the fallback model produced after the hand-over); the requested `model` for the other types. The
 * top-level usage counts under the served model.
 */
export function mapMessageUsage(
  usage: AnthropicRawUsage,
  model: string | undefined,
  onWarning?: WarningHandler,
  provider?: string,
  fallback: MessageFallback = NO_FALLBACK,
): MessageUsageEntry[] {
  const servedOrRequested = fallback.served ?? model;
  const listed = asArray(usage.iterations);
  const iterations = listed === undefined || listed.length === 0 ? [] : listed.map(asRecord).filter((entry): entry is JsonRecord => entry !== undefined);
  if (iterations.length === 0) {
    const top = mapAnthropicUsage(usage, servedOrRequested, onWarning, provider);
    return top === undefined ? [] : [{ key: "", usage: top }];
  }
  // The model each entry counts under, by position (see above).
  const owners = new Map<JsonRecord, string | undefined>();
  let messageEntries = 0;
  for (const entry of iterations) {
    const hop = entry.type === "message" ? messageEntries++ : -1;
    const named = asNonEmptyString(entry.model);
    if (named !== undefined) owners.set(entry, named);
    else if (entry.type === "fallback_message") owners.set(entry, servedOrRequested);
    else if (hop >= 0 && fallback.served !== undefined) owners.set(entry, fallback.declined[hop] ?? fallback.served);
    else owners.set(entry, model);
  }
  const ownerOf = (entry: JsonRecord): string | undefined => owners.get(entry);
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
