import { describe, expect, it } from "vitest";
import { aggregateTokenUsage, createTokenUsage, sumTokenCounts, sumTokenUsage, toTokenCount, UsageLedger, type BridgeWarning } from "../src/adapter.js";

const collect = () => {
  const warnings: BridgeWarning[] = [];
  return { warnings, onWarning: (w: BridgeWarning) => warnings.push(w) };
};

describe("toTokenCount", () => {
  const hostile: unknown[] = [Number.NaN, -1, 1.5, "12", Number.MAX_SAFE_INTEGER + 1, 2 ** 53, Infinity, -Infinity, true, {}, [], 10n];
  it.each(hostile.map((value) => [String(value), value]))("rejects %s with a warning", (_label, value) => {
    const { warnings, onWarning } = collect();
    expect(toTokenCount(value, "inputTokens", { onWarning })).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe("usage.invalid-count");
  });
  it("keeps absent absent, silently", () => {
    const { warnings, onWarning } = collect();
    expect(toTokenCount(undefined, "x", { onWarning })).toBeUndefined();
    expect(toTokenCount(null, "x", { onWarning })).toBeUndefined();
    expect(warnings).toHaveLength(0);
  });
  it("accepts zero and the largest safe integer", () => {
    expect(toTokenCount(0, "x")).toBe(0);
    expect(toTokenCount(Number.MAX_SAFE_INTEGER, "x")).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("createTokenUsage", () => {
  it("computes totalTokens as input + output and never copies one", () => {
    expect(createTokenUsage({ provider: "openai", model: "m", inputTokens: 10, outputTokens: 5 })).toEqual({
      provider: "openai",
      model: "m",
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 15,
    });
  });
  it("leaves totalTokens absent when a total is absent, and never invents zeros", () => {
    expect(createTokenUsage({ inputTokens: 10 })).toEqual({ inputTokens: 10 });
    expect(createTokenUsage({ outputTokens: 3 })).toEqual({ outputTokens: 3 });
  });
  it("returns nothing when no count survives", () => {
    const { warnings, onWarning } = collect();
    expect(createTokenUsage({ provider: "openai", inputTokens: "7", outputTokens: Number.NaN }, { onWarning })).toBeUndefined();
    expect(warnings.map((w) => w.details?.field)).toEqual(["inputTokens", "outputTokens"]);
    expect(createTokenUsage({})).toBeUndefined();
  });
  it("keeps parts within their totals", () => {
    const { warnings, onWarning } = collect();
    const entry = createTokenUsage(
      { inputTokens: 10, outputTokens: 4, cachedInputTokens: 6, cacheWriteInputTokens: 5, reasoningTokens: 9 },
      { onWarning },
    );
    expect(entry).toEqual({ inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 6 });
    expect(warnings.map((w) => w.details?.field).sort()).toEqual(["cacheWriteInputTokens", "reasoningTokens"]);
  });
  it("accepts parts equal to their totals", () => {
    expect(
      createTokenUsage({ inputTokens: 10, outputTokens: 4, cachedInputTokens: 6, cacheWriteInputTokens: 4, reasoningTokens: 4 }),
    ).toEqual({ inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 6, cacheWriteInputTokens: 4, reasoningTokens: 4 });
  });
  it("drops a part whose total is absent", () => {
    const { warnings, onWarning } = collect();
    expect(createTokenUsage({ outputTokens: 2, cachedInputTokens: 1 }, { onWarning })).toEqual({ outputTokens: 2 });
    expect(warnings).toHaveLength(1);
  });
  it("drops a total that would overflow the safe range", () => {
    const { warnings, onWarning } = collect();
    expect(createTokenUsage({ inputTokens: Number.MAX_SAFE_INTEGER, outputTokens: 1 }, { onWarning })).toEqual({
      inputTokens: Number.MAX_SAFE_INTEGER,
      outputTokens: 1,
    });
    expect(warnings).toHaveLength(1);
  });
  it("ignores empty or non-string provider and model labels", () => {
    expect(createTokenUsage({ provider: "", model: 5 as unknown as string, inputTokens: 1 })).toEqual({ inputTokens: 1 });
  });
});

describe("sumTokenCounts", () => {
  it("adds present parts, skips absent ones, and is absent when none is present", () => {
    expect(sumTokenCounts([3, undefined, 4, null], "inputTokens")).toBe(7);
    expect(sumTokenCounts([undefined, null], "inputTokens")).toBeUndefined();
  });
  it("drops the whole sum when any present part is invalid", () => {
    const { warnings, onWarning } = collect();
    expect(sumTokenCounts([3, -1], "inputTokens", { onWarning })).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
  it("drops a sum beyond the safe range", () => {
    const { warnings, onWarning } = collect();
    expect(sumTokenCounts([Number.MAX_SAFE_INTEGER, 1], "inputTokens", { onWarning })).toBeUndefined();
    expect(warnings[0]?.code).toBe("usage.overflow");
  });
});

describe("summing and aggregation", () => {
  it("sums present counts and keeps absent distinct from zero", () => {
    expect(sumTokenUsage({ inputTokens: 1, outputTokens: 2 }, { inputTokens: 3, reasoningTokens: 0 })).toEqual({
      inputTokens: 4,
      outputTokens: 2,
      totalTokens: 6,
      reasoningTokens: 0,
    });
    expect(sumTokenUsage({ inputTokens: 1 }, { inputTokens: 2 })).toEqual({ inputTokens: 3 });
  });
  it("drops a sum beyond the safe range together with the parts of it", () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(sumTokenUsage({ inputTokens: 1, outputTokens: max, reasoningTokens: 0 }, { inputTokens: 2, outputTokens: 1, reasoningTokens: 0 })).toEqual({
      inputTokens: 3,
    });
    expect(sumTokenUsage({ inputTokens: max, cachedInputTokens: 1, outputTokens: 1 }, { inputTokens: 1, outputTokens: 1 })).toEqual({ outputTokens: 2 });
  });

  it("groups by provider and model in order of first appearance", () => {
    const entries = aggregateTokenUsage([
      { provider: "openai", model: "a", inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      { provider: "anthropic", model: "b", inputTokens: 5 },
      { provider: "openai", model: "a", inputTokens: 2, outputTokens: 3, totalTokens: 5, cachedInputTokens: 1 },
      { provider: "openai", model: "c", outputTokens: 9 },
    ]);
    expect(entries).toEqual([
      { provider: "openai", model: "a", inputTokens: 3, outputTokens: 4, totalTokens: 7, cachedInputTokens: 1 },
      { provider: "anthropic", model: "b", inputTokens: 5 },
      { provider: "openai", model: "c", outputTokens: 9 },
    ]);
  });
});

describe("UsageLedger", () => {
  it("replaces a call's entry (cumulative provider usage) and sums different calls", () => {
    const ledger = new UsageLedger();
    expect(ledger.entries()).toBeUndefined();
    ledger.record("msg_1", createTokenUsage({ provider: "anthropic", model: "m", inputTokens: 10, outputTokens: 1 }));
    ledger.record("msg_1", createTokenUsage({ provider: "anthropic", model: "m", inputTokens: 10, outputTokens: 7 }));
    ledger.record("msg_2", createTokenUsage({ provider: "anthropic", model: "m", inputTokens: 20, outputTokens: 3 }));
    ledger.record("sub_1", createTokenUsage({ provider: "google", model: "g", inputTokens: 2, outputTokens: 2 }));
    ledger.record("nothing", undefined);
    ledger.record("gone", createTokenUsage({ provider: "x", inputTokens: 1 }));
    ledger.clear("gone");
    expect(ledger.entries()).toEqual([
      { provider: "anthropic", model: "m", inputTokens: 30, outputTokens: 10, totalTokens: 40 },
      { provider: "google", model: "g", inputTokens: 2, outputTokens: 2, totalTokens: 4 },
    ]);
  });
});

describe("a throwing onWarning given to the usage helpers", () => {
  const throwing = (seen: BridgeWarning[]) => (w: BridgeWarning) => {
    seen.push(w);
    throw new Error("handler failed");
  };

  it("is told each warning and ignored: the counts come back as with a quiet handler", () => {
    const told: BridgeWarning[] = [];
    const onWarning = throwing(told);
    expect(toTokenCount(-1, "inputTokens", { onWarning })).toBeUndefined();
    expect(sumTokenCounts([Number.MAX_SAFE_INTEGER, 2], "inputTokens", { onWarning })).toBeUndefined();
    expect(createTokenUsage({ inputTokens: 10, outputTokens: 2, reasoningTokens: 5, cachedInputTokens: "x" }, { onWarning })).toEqual({ inputTokens: 10, outputTokens: 2, totalTokens: 12 });
    expect(told.map((w) => w.code)).toEqual(["usage.invalid-count", "usage.overflow", "usage.invalid-count", "usage.part-exceeds-total"]);
  });
});
