/**
 * The usage an adapter must report for Anthropic, computed from the documented contract alone
 * (issue formula + AG-UI 1.0 invariants), independently of the adapter and of core's helpers:
 * - reports are cumulative: per field the last present (non-null) value wins, except that a 0
 *   input count (input, cache creation, cache read) does not replace a positive one (no generated
 *   message has a model fallback, after which a zero would be real);
 * - inputTokens = input_tokens + cache_creation_input_tokens + cache_read_input_tokens (absent parts
 *   skipped; any present part that is not a safe non-negative integer drops the whole sum);
 * - outputTokens = output_tokens; cachedInputTokens = cache_read; cacheWriteInputTokens =
 *   cache_creation; reasoningTokens = output_tokens_details.thinking_tokens — each only when valid
 *   and within its total;
 * - messages are summed per (provider, model), absent fields staying absent.
 */
import type { TokenUsage } from "@agui-bridge/core/adapter";
import { sumPerModel } from "@agui-bridge/test-support";

/** One usage report as Anthropic sends it (anything may arrive in hostile tests). */
export type UsageReport = Record<string, unknown>;

const FIELDS = ["input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens_details"];
const INPUT_FIELDS = new Set(["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"]);

const valid = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const present = (value: unknown): boolean => value !== undefined && value !== null;

/** Folds cumulative reports: the last present value of each field wins. */
export function mergeReports(reports: readonly UsageReport[]): UsageReport {
  const out: UsageReport = {};
  for (const report of reports) {
    if (typeof report !== "object" || report === null) continue;
    for (const field of FIELDS) {
      const value = report[field];
      if (!present(value)) continue;
      const earlier = out[field];
      if (INPUT_FIELDS.has(field) && value === 0 && typeof earlier === "number" && earlier > 0) continue;
      out[field] = value;
    }
  }
  return out;
}

/** One message's entry. */
export function anthropicEntry(usage: UsageReport, model: string | undefined): TokenUsage | undefined {
  const parts = [usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens].filter(present);
  let input: number | undefined;
  if (parts.length > 0 && parts.every(valid)) {
    const sum = (parts as number[]).reduce((a, b) => a + b, 0);
    input = Number.isSafeInteger(sum) ? sum : undefined;
  }
  const output = valid(usage.output_tokens) ? usage.output_tokens : undefined;
  if (input === undefined && output === undefined) return undefined;
  const details = usage.output_tokens_details;
  const thinking = typeof details === "object" && details !== null ? (details as Record<string, unknown>).thinking_tokens : undefined;
  const cached = valid(usage.cache_read_input_tokens) && input !== undefined && usage.cache_read_input_tokens <= input ? usage.cache_read_input_tokens : undefined;
  const write =
    valid(usage.cache_creation_input_tokens) && input !== undefined && usage.cache_creation_input_tokens + (cached ?? 0) <= input
      ? usage.cache_creation_input_tokens
      : undefined;
  const entry: TokenUsage = { provider: "anthropic", ...(model !== undefined && { model }) };
  if (input !== undefined) entry.inputTokens = input;
  if (output !== undefined) entry.outputTokens = output;
  if (input !== undefined && output !== undefined && Number.isSafeInteger(input + output)) entry.totalTokens = input + output;
  if (valid(thinking) && output !== undefined && thinking <= output) entry.reasoningTokens = thinking;
  if (cached !== undefined) entry.cachedInputTokens = cached;
  if (write !== undefined) entry.cacheWriteInputTokens = write;
  return entry;
}

/** The terminal event's usage for a stream of messages (each with its reports, in order). */
export function anthropicUsageOracle(messages: ReadonlyArray<{ model: string | undefined; reports: readonly UsageReport[] }>): TokenUsage[] | undefined {
  const entries = messages
    .map((message) => anthropicEntry(mergeReports(message.reports), message.model))
    .filter((entry): entry is TokenUsage => entry !== undefined);
  return sumPerModel(entries);
}


