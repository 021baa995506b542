import { describe, expect, it } from "vitest";
import { addUsage, costOf, defaultPrice, type UsageRow } from "../src/web/usage-math.js";

describe("usage rows", () => {
  it("sums runs per provider and model, parts included, and ignores counts that are not counts", () => {
    const rows = new Map<string, UsageRow>();
    addUsage(rows, [{ provider: "anthropic", model: "claude-x", inputTokens: 100, cachedInputTokens: 60, cacheWriteInputTokens: 10, outputTokens: 20, reasoningTokens: 5, totalTokens: 120 }]);
    addUsage(rows, [
      { provider: "anthropic", model: "claude-x", inputTokens: 50, outputTokens: 10 },
      { provider: "openai", model: "o4-mini", inputTokens: 7, outputTokens: -3 as number, reasoningTokens: Number.NaN },
    ]);
    addUsage(rows, undefined);
    expect(rows.get("anthropic/claude-x")).toEqual({ provider: "anthropic", model: "claude-x", runs: 2, inputTokens: 150, cachedInputTokens: 60, cacheWriteInputTokens: 10, outputTokens: 30, reasoningTokens: 5, totalTokens: 180 });
    expect(rows.get("openai/o4-mini")).toMatchObject({ runs: 1, inputTokens: 7, outputTokens: 0, reasoningTokens: 0, totalTokens: 7 });
  });

  it("prices cache reads and writes as parts of the input, never on top of it", () => {
    const row: UsageRow = { provider: "p", model: "m", runs: 1, inputTokens: 1_000_000, cachedInputTokens: 500_000, cacheWriteInputTokens: 100_000, outputTokens: 1_000_000, reasoningTokens: 400_000, totalTokens: 2_000_000 };
    expect(costOf(row, { input: 2, cachedInput: 0.5, cacheWrite: 4, output: 10 })).toBeCloseTo(0.4 * 2 + 0.5 * 0.5 + 0.1 * 4 + 10, 10);
  });

  it("starts from a price matched by model prefix, zero for an unknown model", () => {
    expect(defaultPrice("claude-sonnet-4-6").output).toBeGreaterThan(0);
    expect(defaultPrice("unknown-model")).toEqual({ input: 0, cachedInput: 0, cacheWrite: 0, output: 0 });
  });
});
