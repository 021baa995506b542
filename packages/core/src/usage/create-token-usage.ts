import type { TokenUsage } from "../types/common.js";
import type { BridgeWarning, WarningHandler } from "../warnings.js";

/** Raw counts as a provider reported them: anything may arrive, nothing is trusted. */
export interface RawTokenCounts {
  provider?: string;
  model?: string;
  inputTokens?: unknown;
  outputTokens?: unknown;
  reasoningTokens?: unknown;
  cachedInputTokens?: unknown;
  cacheWriteInputTokens?: unknown;
}

/** Options for {@link createTokenUsage} and {@link toTokenCount}. */
export interface TokenUsageOptions {
  /** Told about every value that was rejected or dropped, with the reason; if it throws, that is ignored. */
  onWarning?: WarningHandler;
}

/** Tells `options.onWarning` (if any) about `warning`; a handler that throws changes nothing. */
function tell(options: TokenUsageOptions, warning: BridgeWarning): void {
  try {
    options.onWarning?.(warning);
  } catch {
    // The counts do not depend on the application's handler.
  }
}

/**
 * Narrows one untrusted count. `undefined` and `null` are "not reported" and stay absent silently;
 * anything that is not a safe non-negative integer (NaN, negatives, fractions, strings, values above
 * `Number.MAX_SAFE_INTEGER`) is rejected with a warning and also comes back absent.
 */
export function toTokenCount(value: unknown, field: string, options: TokenUsageOptions = {}): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  tell(options, {
    code: "usage.invalid-count",
    message: `Token count ${field} is not a safe non-negative integer and was dropped: ${describe(value)}`,
    details: { field, value: describe(value) },
  });
  return undefined;
}

/**
 * Adds counts a provider reports separately (e.g. Anthropic's uncached + cache-read + cache-write
 * input). Absent addends are skipped; if none is present the sum is absent; if any present addend is
 * invalid the whole sum is dropped (a partial sum would be a wrong number, not a smaller one).
 */
export function sumTokenCounts(
  values: readonly unknown[],
  field: string,
  options: TokenUsageOptions = {},
): number | undefined {
  let total: number | undefined;
  for (const value of values) {
    if (value === undefined || value === null) continue;
    const count = toTokenCount(value, field, options);
    if (count === undefined) return undefined;
    total = (total ?? 0) + count;
  }
  if (total !== undefined && !Number.isSafeInteger(total)) {
    tell(options, {
      code: "usage.overflow",
      message: `Token count ${field} overflows the safe integer range and was dropped`,
      details: { field },
    });
    return undefined;
  }
  return total;
}

/**
 * Builds a valid AG-UI {@link TokenUsage} entry from untrusted counts, or returns `undefined` when
 * no count survives. Guarantees: every count is a safe non-negative integer; absent stays absent
 * (never a zero the provider did not report); `cachedInputTokens + cacheWriteInputTokens <=
 * inputTokens` and `reasoningTokens <= outputTokens` (a part that breaks this, or whose total is
 * absent, is dropped with a warning); `totalTokens` is computed as input + output, never copied.
 */
export function createTokenUsage(raw: RawTokenCounts, options: TokenUsageOptions = {}): TokenUsage | undefined {
  const inputTokens = toTokenCount(raw.inputTokens, "inputTokens", options);
  const outputTokens = toTokenCount(raw.outputTokens, "outputTokens", options);
  let reasoningTokens = toTokenCount(raw.reasoningTokens, "reasoningTokens", options);
  let cachedInputTokens = toTokenCount(raw.cachedInputTokens, "cachedInputTokens", options);
  let cacheWriteInputTokens = toTokenCount(raw.cacheWriteInputTokens, "cacheWriteInputTokens", options);

  const dropPart = (field: string, why: string): undefined => {
    tell(options, {
      code: "usage.part-exceeds-total",
      message: `Token count ${field} was dropped: ${why}`,
      details: { field },
    });
    return undefined;
  };

  if (reasoningTokens !== undefined) {
    if (outputTokens === undefined) reasoningTokens = dropPart("reasoningTokens", "outputTokens is absent");
    else if (reasoningTokens > outputTokens) reasoningTokens = dropPart("reasoningTokens", "it exceeds outputTokens");
  }
  if (cachedInputTokens !== undefined) {
    if (inputTokens === undefined) cachedInputTokens = dropPart("cachedInputTokens", "inputTokens is absent");
    else if (cachedInputTokens > inputTokens) cachedInputTokens = dropPart("cachedInputTokens", "it exceeds inputTokens");
  }
  if (cacheWriteInputTokens !== undefined) {
    if (inputTokens === undefined) cacheWriteInputTokens = dropPart("cacheWriteInputTokens", "inputTokens is absent");
    else if (cacheWriteInputTokens + (cachedInputTokens ?? 0) > inputTokens) {
      cacheWriteInputTokens = dropPart("cacheWriteInputTokens", "cache reads plus writes exceed inputTokens");
    }
  }

  let totalTokens: number | undefined;
  if (inputTokens !== undefined && outputTokens !== undefined) {
    const sum = inputTokens + outputTokens;
    if (Number.isSafeInteger(sum)) totalTokens = sum;
    else dropPart("totalTokens", "input + output overflows the safe integer range");
  }

  if (inputTokens === undefined && outputTokens === undefined) return undefined;

  const entry: TokenUsage = {};
  if (typeof raw.provider === "string" && raw.provider !== "") entry.provider = raw.provider;
  if (typeof raw.model === "string" && raw.model !== "") entry.model = raw.model;
  if (inputTokens !== undefined) entry.inputTokens = inputTokens;
  if (outputTokens !== undefined) entry.outputTokens = outputTokens;
  if (totalTokens !== undefined) entry.totalTokens = totalTokens;
  if (reasoningTokens !== undefined) entry.reasoningTokens = reasoningTokens;
  if (cachedInputTokens !== undefined) entry.cachedInputTokens = cachedInputTokens;
  if (cacheWriteInputTokens !== undefined) entry.cacheWriteInputTokens = cacheWriteInputTokens;
  return entry;
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === null) return "null";
  return typeof value;
}
