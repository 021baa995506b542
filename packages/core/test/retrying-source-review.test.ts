import { describe, expect, it } from "vitest";
import { retryingSource } from "../src/adapter.js";

/** A stream whose first read waits for `gate`, recording whether it was released. */
function gatedStream(gate: Promise<void>, log: string[]): AsyncIterable<string> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        await gate;
        return { done: false, value: "chunk" };
      },
      return: async () => {
        log.push("released");
        return { done: true, value: undefined };
      },
    }),
  };
}

describe("retryingSource, skeptically", () => {
  it("a stream that opens after the consumer let go is released, and its first chunk not handed on", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const log: string[] = [];
    const source = retryingSource<string>(() => gatedStream(gate, log), { policy: { maxRetries: 2 } }) as (signal: AbortSignal) => AsyncIterable<string>;
    const iterator = source(new AbortController().signal)[Symbol.asyncIterator]();
    const first = iterator.next();
    await iterator.return!();
    open();
    expect(await first).toEqual({ done: true, value: undefined });
    expect(log).toEqual(["released"]);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it("nothing is retried once a chunk arrived", async () => {
    let opens = 0;
    const source = retryingSource<string>(
      () => {
        opens++;
        return (async function* () {
          yield "first";
          throw Object.assign(new Error("overloaded"), { status: 503 });
        })();
      },
      { policy: { maxRetries: 3 }, sleep: async () => undefined },
    ) as (signal: AbortSignal) => AsyncIterable<string>;
    const iterator = source(new AbortController().signal)[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: "first" });
    await expect(iterator.next()).rejects.toThrow("overloaded");
    expect(opens).toBe(1);
  });
});
