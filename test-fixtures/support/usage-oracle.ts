/**
 * An independent reading of AG-UI usage aggregation for the reliability oracles (deliberately not
 * core's code): entries summed per (provider, model) in order of first appearance, absent kept
 * absent, a sum beyond the safe-integer range dropped together with the parts of it, and
 * `totalTokens` recomputed.
 */
import type { TokenUsage } from "@agui-bridge/core/adapter";

const COUNTS = ["inputTokens", "outputTokens", "reasoningTokens", "cachedInputTokens", "cacheWriteInputTokens"] as const;

/** Sums entries per (provider, model); `undefined` when there are none. */
export function sumPerModel(entries: readonly TokenUsage[]): TokenUsage[] | undefined {
  if (entries.length === 0) return undefined;
  const groups = new Map<string, TokenUsage>();
  for (const entry of entries) {
    const key = `${entry.provider ?? ""}\u0000${entry.model ?? ""}`;
    const seen = groups.get(key);
    if (seen === undefined) {
      groups.set(key, { ...entry });
      continue;
    }
    for (const field of COUNTS) {
      if (seen[field] === undefined && entry[field] === undefined) continue;
      const sum = (seen[field] ?? 0) + (entry[field] ?? 0);
      // A sum beyond the safe-integer range cannot be sent: absent, never a wrong number.
      if (Number.isSafeInteger(sum)) seen[field] = sum;
      else delete seen[field];
    }
    // A part whose total was dropped goes with it: AG-UI parts never stand alone.
    if (seen.outputTokens === undefined) delete seen.reasoningTokens;
    if (seen.inputTokens === undefined) {
      delete seen.cachedInputTokens;
      delete seen.cacheWriteInputTokens;
    }
    delete seen.totalTokens;
    if (seen.inputTokens !== undefined && seen.outputTokens !== undefined && Number.isSafeInteger(seen.inputTokens + seen.outputTokens)) {
      seen.totalTokens = seen.inputTokens + seen.outputTokens;
    }
  }
  return [...groups.values()];
}
