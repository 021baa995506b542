import type { CallTally, TallyOps } from "./call-tally.js";
import { asRecord } from "./narrow.js";

/** Counts by field, nested as sent (`{ image_gen: { input_tokens, input_tokens_details: { … } }, web_search: { num_requests } }`). */
export interface CountTree {
  [field: string]: number | CountTree;
}

/** The shape of OpenAI's count names (`num_requests`, `ttl_12h_tokens`); anything else is not copied. */
const FIELD = /^[a-z][a-z0-9_]{0,63}$/;

/** How deep counts are read (`tool_usage.image_gen.input_tokens_details.image_tokens` is three levels). */
const MAX_DEPTH = 4;

/**
 * The positive safe integer counts of `value` under field names like OpenAI's, nested as sent (at
 * most {@link MAX_DEPTH} levels); `undefined` when none survives.
 */
export function countTree(value: unknown, depth = 0): CountTree | undefined {
  const record = asRecord(value);
  if (record === undefined || depth >= MAX_DEPTH) return undefined;
  const out: CountTree = {};
  for (const field of Object.keys(record)) {
    const entry = record[field];
    if (typeof entry === "number") {
      if (Number.isSafeInteger(entry) && entry > 0 && FIELD.test(field)) out[field] = entry;
    } else if (FIELD.test(field)) {
      const nested = countTree(entry, depth + 1);
      if (nested !== undefined) out[field] = nested;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Adds `tree` into `total` field by field (a sum past the safe range keeps the earlier value). */
export function addCountsInto(total: CountTree, tree: CountTree): void {
  for (const [field, value] of Object.entries(tree)) {
    const current = total[field];
    if (typeof value === "number") {
      if (current === undefined) total[field] = value;
      else if (typeof current === "number" && Number.isSafeInteger(current + value)) total[field] = current + value;
    } else if (current === undefined || typeof current === "object") {
      const nested: CountTree = current ?? {};
      addCountsInto(nested, value);
      total[field] = nested;
    }
  }
}

/** Count trees summed per call (a {@link CallTally}): a sum is a count tree, copied deeply. */
export const COUNT_TREE_TALLY: TallyOps<CountTree, CountTree> = {
  empty: () => ({}),
  add: addCountsInto,
  copy: (sum) => {
    const out: CountTree = {};
    addCountsInto(out, sum);
    return out;
  },
};
