import { newCallTally, reportCall, tallySum } from "../call-tally.js";
import { COUNT_TREE_TALLY, countTree } from "../count-tree.js";
import { asRecord } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/** The terminal metadata keys of per-response counts TokenUsage has no field for. */
export type ResponseCountKey = "toolUsage" | "cacheWriteDetails" | "serverToolUse" | "tokenDetails";

/**
 * Per-response counts beside `usage` → terminal metadata `key`, summed over the stream's responses
 * (a steered response and its successor, an agent loop's responses), each response's last report
 * winning (a running sum: the finished responses' total and the latest response's report, so a
 * stream of any number of responses holds two per key; call-tally.ts); set with
 * `setTerminalMetadata`, so they land on whatever ends the run:
 *
 * - `toolUsage`: `response.tool_usage` (openai-node 7.60 `Response.ToolUsage`: usage reported by
 *   hosted tools, separate from the model's `usage`: `image_gen` tokens, `web_search.num_requests`
 *   billable searches); it is not model token usage, so it does not enter TokenUsage.
 * - `cacheWriteDetails`: `usage.input_tokens_details.cache_write_tokens_details` (`ttl_30m_tokens`,
 *   `ttl_12h_tokens`: the cache writes split by retention, priced differently; their sum is the
 *   `cache_write_tokens` that TokenUsage has as `cacheWriteInputTokens`).
 * - `serverToolUse`: xAI's server-side tool counts in `usage` ({@link xaiServerToolUse}).
 * - `tokenDetails`: the counts of `usage.input_tokens_details` / `.output_tokens_details` that
 *   TokenUsage has no field for (`responsesTokenDetails`, token-details.ts: the rule of Chat's
 *   `tokenDetails`).
 *
 * Only positive safe integer counts (a family with no usage reports zeros, which carry nothing)
 * under field names like OpenAI's are kept, nested as sent; nothing is set while none survives.
 */
export function recordResponseCounts(state: ResponsesStreamState, key: ResponseCountKey, responseId: string, value: unknown): void {
  const own = countTree(value);
  const held = state.responseCounts?.get(key);
  // No counts: they withdraw the latest response's report, if it is this one's; else nothing changes.
  if (own === undefined && (held?.openKey !== responseId || held.open === undefined)) return;
  const byKey = (state.responseCounts ??= new Map());
  const tally = held ?? newCallTally(COUNT_TREE_TALLY);
  byKey.set(key, tally);
  reportCall(tally, COUNT_TREE_TALLY, responseId, own);
  const total = tallySum(tally, COUNT_TREE_TALLY);
  if (Object.keys(total).length > 0) state.run.setTerminalMetadata({ [key]: total });
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
