import { asRecord } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/** The terminal metadata keys of per-response counts TokenUsage has no field for. */
export type ResponseCountKey = "toolUsage" | "cacheWriteDetails" | "serverToolUse";

/** Counts by field, nested as sent (`{ image_gen: { input_tokens, input_tokens_details: { … } }, web_search: { num_requests } }`). */
export interface CountTree {
  [field: string]: number | CountTree;
}

/** The shape of OpenAI's count names (`num_requests`, `ttl_12h_tokens`); anything else is not copied. */
const FIELD = /^[a-z][a-z0-9_]{0,63}$/;

/** How deep counts are read (`tool_usage.image_gen.input_tokens_details.image_tokens` is three levels). */
const MAX_DEPTH = 4;

/**
 * Per-response counts beside `usage` → terminal metadata `key`, summed over the stream's responses
 * (a steered response and its successor, an agent loop's responses), each response's last report
 * winning; set with `setTerminalMetadata`, so they land on whatever ends the run:
 *
 * - `toolUsage`: `response.tool_usage` (openai-node 7.60 `Response.ToolUsage`: usage reported by
 *   hosted tools, separate from the model's `usage`: `image_gen` tokens, `web_search.num_requests`
 *   billable searches); it is not model token usage, so it does not enter TokenUsage.
 * - `cacheWriteDetails`: `usage.input_tokens_details.cache_write_tokens_details` (`ttl_30m_tokens`,
 *   `ttl_12h_tokens`: the cache writes split by retention, priced differently; their sum is the
 *   `cache_write_tokens` that TokenUsage has as `cacheWriteInputTokens`).
 * - `serverToolUse`: xAI's server-side tool counts in `usage` ({@link xaiServerToolUse}).
 *
 * Only positive safe integer counts (a family with no usage reports zeros, which carry nothing)
 * under field names like OpenAI's are kept, nested as sent; nothing is set while none survives.
 */
export function recordResponseCounts(state: ResponsesStreamState, key: ResponseCountKey, responseId: string, value: unknown): void {
  const own = counts(value, 0);
  if (own === undefined && state.responseCounts?.get(key)?.has(responseId) !== true) return;
  const byKey = (state.responseCounts ??= new Map());
  const perResponse = byKey.get(key) ?? new Map<string, CountTree>();
  byKey.set(key, perResponse);
  if (own === undefined) perResponse.delete(responseId);
  else perResponse.set(responseId, own);
  const total: CountTree = {};
  for (const tree of perResponse.values()) addInto(total, tree);
  if (Object.keys(total).length > 0) state.run.setTerminalMetadata({ [key]: total });
}

function counts(value: unknown, depth: number): CountTree | undefined {
  const record = asRecord(value);
  if (record === undefined || depth >= MAX_DEPTH) return undefined;
  const out: CountTree = {};
  for (const field of Object.keys(record)) {
    const entry = record[field];
    if (typeof entry === "number") {
      if (Number.isSafeInteger(entry) && entry > 0 && FIELD.test(field)) out[field] = entry;
    } else if (FIELD.test(field)) {
      const nested = counts(entry, depth + 1);
      if (nested !== undefined) out[field] = nested;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Adds `tree` into `total` field by field (a sum past the safe range keeps the earlier value). */
function addInto(total: CountTree, tree: CountTree): void {
  for (const [field, value] of Object.entries(tree)) {
    const current = total[field];
    if (typeof value === "number") {
      if (current === undefined) total[field] = value;
      else if (typeof current === "number" && Number.isSafeInteger(current + value)) total[field] = current + value;
    } else if (current === undefined || typeof current === "object") {
      const nested: CountTree = current ?? {};
      addInto(nested, value);
      total[field] = nested;
    }
  }
}

/**
 * xAI's server-side tool counts in a response's `usage` (its tools overview prices tool requests by
 * tokens and by invocations): `num_server_side_tools_used` (the built-in tool calls the model made)
 * beside `server_side_tool_usage_details` (`web_search_calls`, `x_search_calls`,
 * `code_interpreter_calls`, …: per tool family, the successful invocations xAI's tool usage page
 * describes). The two measure different things and need not agree (an X search stream reports 6
 * calls against `x_search_calls: 1`), so both are kept, flattened into one object under xAI's
 * names; `undefined` when the usage has neither.
 */
export function xaiServerToolUse(usage: unknown): Record<string, unknown> | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  const details = asRecord(record.server_side_tool_usage_details);
  if (details === undefined && record.num_server_side_tools_used === undefined) return undefined;
  return { ...details, num_server_side_tools_used: record.num_server_side_tools_used };
}
