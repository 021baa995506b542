import type { TokenUsage } from "@agui-bridge/core";

/** Usage summed for one provider and model over the session. */
export interface UsageRow {
  provider: string;
  model: string;
  /** How many terminal events (runs) contributed. */
  runs: number;
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  totalTokens: number;
}

/** USD per million tokens, per kind. Cache reads and writes are parts of the input. */
export interface Price {
  input: number;
  cachedInput: number;
  cacheWrite: number;
  output: number;
}

/** The key of a row: `provider/model`. */
export function usageKey(entry: Pick<TokenUsage, "provider" | "model">): string {
  return `${entry.provider ?? "?"}/${entry.model ?? "?"}`;
}

const count = (value: number | undefined): number => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0);

/**
 * Adds one run's usage (the entries of its RUN_FINISHED or RUN_ERROR, already summed over the
 * run's steps by the producer) into the session's rows, one per provider and model.
 */
export function addUsage(rows: Map<string, UsageRow>, entries: readonly TokenUsage[] | undefined): void {
  for (const entry of entries ?? []) {
    const key = usageKey(entry);
    const row = rows.get(key) ?? { provider: entry.provider ?? "?", model: entry.model ?? "?", runs: 0, inputTokens: 0, cachedInputTokens: 0, cacheWriteInputTokens: 0, outputTokens: 0, reasoningTokens: 0, totalTokens: 0 };
    row.runs += 1;
    row.inputTokens += count(entry.inputTokens);
    row.cachedInputTokens += count(entry.cachedInputTokens);
    row.cacheWriteInputTokens += count(entry.cacheWriteInputTokens);
    row.outputTokens += count(entry.outputTokens);
    row.reasoningTokens += count(entry.reasoningTokens);
    row.totalTokens += count(entry.totalTokens ?? count(entry.inputTokens) + count(entry.outputTokens));
    rows.set(key, row);
  }
}

/**
 * The cost of a row in USD: uncached input, cache reads and cache writes at their own prices
 * (they are parts of the input, never added to it), output (reasoning included) at the output price.
 */
export function costOf(row: UsageRow, price: Price): number {
  const uncached = Math.max(0, row.inputTokens - row.cachedInputTokens - row.cacheWriteInputTokens);
  return (uncached * price.input + row.cachedInputTokens * price.cachedInput + row.cacheWriteInputTokens * price.cacheWrite + row.outputTokens * price.output) / 1_000_000;
}

/** Starting prices (USD per million tokens; edit them on the page). Matched by model prefix. */
export const DEFAULT_PRICES: ReadonlyArray<readonly [modelPrefix: string, price: Price]> = [
  ["claude", { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 }],
  ["gpt-4.1-mini", { input: 0.4, cachedInput: 0.1, cacheWrite: 0, output: 1.6 }],
  ["gpt-5-mini", { input: 0.25, cachedInput: 0.025, cacheWrite: 0, output: 2 }],
  ["o4-mini", { input: 1.1, cachedInput: 0.275, cacheWrite: 0, output: 4.4 }],
  ["gemini", { input: 0.3, cachedInput: 0.075, cacheWrite: 0, output: 2.5 }],
  ["deepseek", { input: 0.55, cachedInput: 0.14, cacheWrite: 0, output: 2.19 }],
];

/** The starting price of a model (zero when no prefix matches). */
export function defaultPrice(model: string): Price {
  return DEFAULT_PRICES.find(([prefix]) => model.startsWith(prefix))?.[1] ?? { input: 0, cachedInput: 0, cacheWrite: 0, output: 0 };
}
