import { describe, expect, it } from "vitest";
import {
  boundedCopy,
  BRIDGE_METADATA_KEY,
  createSequentialIds,
  EventType,
  OMITTED_VALUE,
  RunBuilder,
  stringifyEvent,
  toSSEReadableStream,
  type BridgeWarning,
  type Event,
} from "../src/adapter.js";

function nest(depth: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = { child: value };
  return value;
}

describe("boundedCopy", () => {
  it("returns plain JSON within bounds as it is", () => {
    const value = { a: [1, "x", null, { b: true }] };
    const copy = boundedCopy(value);
    expect(copy.value).toBe(value);
    expect(copy.truncated).toBe(false);
  });

  it("replaces what is too deep, cyclic, too large or not JSON with a marker and lists it", () => {
    const deep = boundedCopy(nest(10_000), { maxDepth: 5 });
    expect(deep.truncated).toBe(true);
    expect(deep.omissions).toEqual([{ path: "child.child.child.child.child", reason: "depth" }]);
    // five levels kept, the sixth (and all below it) replaced
    expect(JSON.stringify(deep.value)).toBe(JSON.stringify(nest(5)).replace('"leaf"', `"${OMITTED_VALUE}"`));

    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(boundedCopy(cyclic)).toEqual({ value: { a: 1, self: OMITTED_VALUE }, omissions: [{ path: "self", reason: "cycle" }], truncated: true });

    const odd = boundedCopy({ n: 1n, s: Symbol("x"), f: () => 1, u: undefined, list: [undefined, Number.NaN], when: new Date(0) });
    expect(odd.value).toEqual({ n: OMITTED_VALUE, s: OMITTED_VALUE, list: [null, null], when: "1970-01-01T00:00:00.000Z" });
    expect(odd.omissions.map((o) => o.reason)).toEqual(["not-json", "not-json"]);

    const big = boundedCopy(Array.from({ length: 10 }, (_, i) => i), { maxNodes: 5 });
    expect(big.value).toEqual([0, 1, 2, 3, OMITTED_VALUE, OMITTED_VALUE, OMITTED_VALUE, OMITTED_VALUE, OMITTED_VALUE, OMITTED_VALUE]);
  });

  it("never throws, even on hostile getters", () => {
    const hostile = Object.defineProperty({}, "boom", { enumerable: true, get: () => { throw new Error("no"); } });
    expect(boundedCopy({ hostile }).value).toEqual({ hostile: { boom: OMITTED_VALUE } });
  });

  it("never throws on a toJSON getter that throws, at the root or nested", () => {
    const throwingToJSON = Object.defineProperty({ a: 1 }, "toJSON", { get: () => { throw new Error("no"); } });
    expect(boundedCopy(throwingToJSON)).toEqual({ value: OMITTED_VALUE, omissions: [{ path: "", reason: "not-json" }], truncated: true });
    expect(boundedCopy({ keep: 1, inner: throwingToJSON }).value).toEqual({ keep: 1, inner: OMITTED_VALUE });
  });

  it("never throws on a Proxy whose get trap throws, at the root or nested", () => {
    const trap = new Proxy({ a: 1 }, { get() { throw new Error("trap"); } });
    expect(boundedCopy(trap)).toEqual({ value: OMITTED_VALUE, omissions: [{ path: "", reason: "not-json" }], truncated: true });
    expect(boundedCopy([1, trap]).value).toEqual([1, OMITTED_VALUE]);
  });
});

describe("every event is encodable by construction", () => {
  it("RAW and CUSTOM payloads and the echoed input are bounded, marked in metadata, with a warning", () => {
    const warnings: BridgeWarning[] = [];
    const deepState = nest(10_000);
    const run = new RunBuilder({
      threadId: "t",
      runId: "r",
      input: { threadId: "t", runId: "r", messages: [], state: deepState },
      generateId: createSequentialIds(),
      onWarning: (w) => warnings.push(w),
    });
    run.start();
    run.raw({ groundingMetadata: nest(10_000) }, "google");
    run.custom("x", nest(10_000));
    run.finish();
    const events = run.drain();
    for (const event of events) expect(() => JSON.stringify(event)).not.toThrow();
    const [started, raw, custom] = events as Array<Event & { metadata?: Record<string, { omitted?: unknown[] }> }>;
    expect(started?.metadata?.[BRIDGE_METADATA_KEY]?.omitted).toEqual([{ field: "input", path: expect.stringMatching(/^state(\.child)+$/), reason: "depth" }]);
    expect(raw?.metadata?.[BRIDGE_METADATA_KEY]?.omitted).toHaveLength(1);
    expect(custom?.metadata?.[BRIDGE_METADATA_KEY]?.omitted).toHaveLength(1);
    expect(warnings.map((w) => w.code)).toEqual(["event.value-omitted", "event.value-omitted", "event.value-omitted"]);
    expect(warnings.map((w) => w.details?.field)).toEqual(["input", "event", "value"]);
  });

  it("stringifyEvent falls back to a bounded copy instead of throwing", () => {
    const warnings: BridgeWarning[] = [];
    const event = { type: EventType.CUSTOM, name: "x", value: nest(20_000) } as Event;
    expect(() => JSON.stringify(event)).toThrow();
    const text = stringifyEvent(event, (w) => warnings.push(w));
    const parsed = JSON.parse(text) as { metadata: Record<string, { omitted: unknown[] }> };
    expect(parsed.metadata[BRIDGE_METADATA_KEY]?.omitted.length).toBeGreaterThan(0);
    expect(warnings).toHaveLength(1);
  });
});

describe("toSSEReadableStream cancellation", () => {
  it("cancel() aborts the run at once while a read is pending", async () => {
    let aborted = false;
    let finalized = false;
    const reader = toSSEReadableStream((signal) =>
      (async function* () {
        try {
          yield { type: EventType.RUN_STARTED, threadId: "t", runId: "r" } as Event;
          // a provider read that only an abort ends
          await new Promise<void>((resolve) => signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          }, { once: true }));
        } finally {
          finalized = true;
        }
      })(),
    ).getReader();
    await reader.read();
    const pending = reader.read(); // the generator is now blocked in its pending next()
    await new Promise((resolve) => setImmediate(resolve));
    await reader.cancel();
    expect(aborted).toBe(true);
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
    await new Promise((resolve) => setImmediate(resolve));
    expect(finalized).toBe(true);
  });

  it("an aborted outer signal ends the stream and the run", async () => {
    const outer = new AbortController();
    let runAborted = false;
    const stream = toSSEReadableStream((signal) =>
      (async function* () {
        yield { type: EventType.RUN_STARTED, threadId: "t", runId: "r" } as Event;
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => {
          runAborted = true;
          resolve();
        }, { once: true }));
      })(),
      { signal: outer.signal },
    );
    const reader = stream.getReader();
    await reader.read();
    const pending = reader.read();
    await new Promise((resolve) => setImmediate(resolve)); // the run is now blocked in its read
    outer.abort();
    await expect(pending).resolves.toMatchObject({ done: true });
    expect(runAborted).toBe(true);
  });

  it("is pulled: nothing is read ahead of the consumer beyond one event", async () => {
    let yielded = 0;
    const stream = toSSEReadableStream((async function* () {
      for (let i = 0; i < 1000; i++) {
        yielded++;
        yield { type: EventType.CUSTOM, name: "n", value: i } as Event;
      }
    })());
    const reader = stream.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(yielded).toBeLessThanOrEqual(3);
    await reader.cancel();
  });
});

describe("metadata the adapters attach is bounded too", () => {
  it("a 10,000-deep citation on TEXT_MESSAGE_END encodes, marked and warned", () => {
    const warnings: BridgeWarning[] = [];
    const run = new RunBuilder({ threadId: "t", runId: "r", generateId: createSequentialIds(), onWarning: (w) => warnings.push(w) });
    run.start();
    const id = run.startText();
    run.endText(id, { citations: [nest(10_000)] });
    run.finish();
    const events = run.drain();
    for (const event of events) expect(() => JSON.stringify(event)).not.toThrow();
    const end = events.find((e) => e.type === EventType.TEXT_MESSAGE_END) as Event & { metadata: Record<string, { omitted?: unknown[]; provider?: unknown }> };
    expect(end.metadata[BRIDGE_METADATA_KEY]?.omitted).toEqual([{ field: "metadata", path: expect.stringMatching(/^\["agui-bridge"\]\.citations\[0\](\.child)+$/), reason: "depth" }]);
    expect(warnings).toHaveLength(1);
  });
});
