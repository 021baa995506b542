import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateTokenUsage, createTokenUsage, UsageLedger, type TokenUsage } from "../src/adapter.js";

const usage = (model: string, inputTokens: number, outputTokens: number): TokenUsage =>
  createTokenUsage({ provider: "p", model, inputTokens, outputTokens }) as TokenUsage;

/**
 * The ledger as it behaved before calls could be settled: every call's latest entry kept, summed at
 * the end. Settling renames the call's entry, so a later report under its key is a new call.
 */
function reference() {
  const calls = new Map<string, TokenUsage>();
  let settled = 0;
  return {
    record: (key: string, entry: TokenUsage) => void calls.set(`open:${key}`, entry),
    clear: (key: string) => void calls.delete(`open:${key}`),
    settle(key: string) {
      const entry = calls.get(`open:${key}`);
      if (entry === undefined) return;
      // Renamed in place: Map order (the summing order) is kept.
      const entries = [...calls].map(([k, v]): [string, TokenUsage] => (k === `open:${key}` ? [`settled:${++settled}`, v] : [k, v]));
      calls.clear();
      for (const [k, v] of entries) calls.set(k, v);
    },
    entries: () => (calls.size === 0 ? undefined : aggregateTokenUsage([...calls.values()])),
  };
}

describe("UsageLedger memory", () => {
  it("holds no call once each is settled: one sum per (provider, model), whatever the number of calls", () => {
    const ledger = new UsageLedger();
    for (let i = 0; i < 10_000; i++) {
      const key = `resp_${i}`;
      ledger.record(key, usage(i % 2 === 0 ? "a" : "b", 1, 0));
      ledger.record(key, usage(i % 2 === 0 ? "a" : "b", 2, 1)); // cumulative: replaces
      ledger.settle(key);
      expect(ledger.retainedCalls).toBe(0);
    }
    expect(ledger.entries()).toEqual([
      { provider: "p", model: "a", inputTokens: 10_000, outputTokens: 5_000, totalTokens: 15_000 },
      { provider: "p", model: "b", inputTokens: 10_000, outputTokens: 5_000, totalTokens: 15_000 },
    ]);
  });

  it("keeps a settled call behind an older open one until that one settles", () => {
    const ledger = new UsageLedger();
    ledger.record("old", usage("a", 5, 1));
    ledger.record("new", usage("b", 3, 1));
    ledger.settle("new");
    expect(ledger.retainedCalls).toBe(2);
    ledger.record("old", usage("a", 7, 2));
    ledger.settle("old");
    expect(ledger.retainedCalls).toBe(0);
    expect(JSON.stringify(ledger.entries())).toBe(JSON.stringify(aggregateTokenUsage([usage("a", 7, 2), usage("b", 3, 1)])));
  });

  it("gives the entries of summing every call at the end, byte for byte, for any records, clears and settles", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("record" as const), key: fc.integer({ min: 0, max: 5 }), model: fc.constantFrom("a", "b", "c"), input: fc.nat(1000), output: fc.nat(1000) }),
      fc.record({ kind: fc.constant("clear" as const), key: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant("settle" as const), key: fc.integer({ min: 0, max: 5 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const ledger = new UsageLedger();
        const model = reference();
        for (const o of ops) {
          const key = `k${o.key}`;
          if (o.kind === "record") {
            ledger.record(key, usage(o.model, o.input, o.output));
            model.record(key, usage(o.model, o.input, o.output));
          } else {
            ledger[o.kind](key);
            model[o.kind](key);
          }
          expect(JSON.stringify(ledger.entries())).toBe(JSON.stringify(model.entries()));
        }
      }),
    );
  });

  it("drops cleared calls waiting behind an open one, and still sums as at the end over long runs", () => {
    const ledger = new UsageLedger();
    ledger.record("old", usage("a", 1, 1));
    for (let i = 0; i < 1000; i++) {
      ledger.record(`k${i}`, usage("a", 1, 1));
      ledger.clear(`k${i}`);
    }
    expect(ledger.retainedCalls).toBeLessThan(200);
    // Long, shuffled settles (the queue's front is cut and compacted on the way), checked against the reference.
    const model = reference();
    const other = new UsageLedger();
    let seed = 7;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 5000; i++) {
      const key = `c${next(300)}`;
      const action = next(4);
      if (action < 2) {
        const entry = usage(["a", "b", "c"][next(3)] as string, next(50), next(50));
        other.record(key, entry);
        model.record(key, entry);
      } else if (action === 2) {
        other.settle(key);
        model.settle(key);
      } else {
        other.clear(key);
        model.clear(key);
      }
    }
    expect(JSON.stringify(other.entries())).toBe(JSON.stringify(model.entries()));
  });
});
