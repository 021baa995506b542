import type { TokenUsage } from "../types/common.js";
import { createTokenUsage } from "./create-token-usage.js";

const COUNT_FIELDS = [
  "inputTokens",
  "outputTokens",
  "reasoningTokens",
  "cachedInputTokens",
  "cacheWriteInputTokens",
] as const;

/**
 * Adds two entries field by field. A count absent from both stays absent (never a made-up zero);
 * a count present in either is summed over the entries that report it. `totalTokens` is recomputed
 * from the summed totals. Provider and model are kept only where both entries agree.
 */
export function sumTokenUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const sums: Partial<Record<(typeof COUNT_FIELDS)[number], number>> = {};
  for (const field of COUNT_FIELDS) {
    const x = a[field];
    const y = b[field];
    if (x === undefined && y === undefined) continue;
    // A sum beyond the safe range is dropped (and its parts with it, below), never wrapped.
    const sum = (x ?? 0) + (y ?? 0);
    if (Number.isSafeInteger(sum)) sums[field] = sum;
  }
  // Re-checked like any entry: a part whose total was dropped goes too, totalTokens is recomputed.
  const checked = createTokenUsage(sums) ?? {};
  const out: TokenUsage = {};
  if (a.provider !== undefined && a.provider === b.provider) out.provider = a.provider;
  if (a.model !== undefined && a.model === b.model) out.model = a.model;
  return Object.assign(out, checked);
}

/**
 * Sums entries into one per `(provider, model)` pair, in order of first appearance, keeping absent
 * distinct from zero.
 */
export function aggregateTokenUsage(entries: readonly TokenUsage[]): TokenUsage[] {
  // Most runs make one model call: nothing to group.
  if (entries.length === 1) return [{ ...(entries[0] as TokenUsage) }];
  const groups = new Map<string, TokenUsage>();
  for (const entry of entries) addToGroup(groups, entry);
  return [...groups.values()];
}

/**
 * One step of {@link aggregateTokenUsage}: adds `entry` to the running sum of its `(provider,
 * model)` pair (a new pair goes last). Never mutates a sum already in `groups`: it is replaced.
 */
export function addToGroup(groups: Map<string, TokenUsage>, entry: TokenUsage): void {
  const key = JSON.stringify([entry.provider ?? null, entry.model ?? null]);
  const seen = groups.get(key);
  groups.set(key, seen === undefined ? { ...entry } : withIdentity(sumTokenUsage(seen, entry), entry));
}

function withIdentity(sum: TokenUsage, like: TokenUsage): TokenUsage {
  const out: TokenUsage = {};
  if (like.provider !== undefined) out.provider = like.provider;
  if (like.model !== undefined) out.model = like.model;
  return Object.assign(out, sum);
}
