import { describe, expect, it } from "vitest";
import { EventType, type Event } from "../src/adapter.js";
import { flattenBatches } from "../src/run/flatten-batches.js";

const ev = (delta: string): Event => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta });
const deltas = (events: Array<Event | undefined>): string[] => events.map((e) => (e as { delta: string }).delta);

/** A driver yielding the given batches, logging pulls and its own end. */
function driver(batches: Event[][], log: string[]): AsyncGenerator<Event[], void, undefined> {
  return (async function* () {
    try {
      for (let i = 0; i < batches.length; i++) {
        log.push(`pull ${i}`);
        yield batches[i] as Event[];
      }
      log.push("end");
    } finally {
      log.push("finally");
    }
  })();
}

describe("flattenBatches: a driver's batches as one event generator", () => {
  it("is lazy, yields every event in order, and pulls the next batch only when the last one is used up", async () => {
    const log: string[] = [];
    const events = flattenBatches(driver([[ev("a"), ev("b")], [ev("c")]], log));
    expect(log).toEqual([]);
    const seen: string[] = [];
    for await (const event of events) {
      seen.push((event as { delta: string }).delta);
      log.push(`got ${seen.at(-1)}`);
    }
    expect(seen).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["pull 0", "got a", "got b", "pull 1", "got c", "end", "finally"]);
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  it("answers calls made without waiting in order, across batch boundaries", async () => {
    const events = flattenBatches(driver([[ev("a")], [ev("b"), ev("c")], [ev("d")]], []));
    const results = await Promise.all([events.next(), events.next(), events.next(), events.next(), events.next()]);
    expect(deltas(results.slice(0, 4).map((r) => r.value as Event))).toEqual(["a", "b", "c", "d"]);
    expect(results[4]).toEqual({ done: true, value: undefined });
  });

  it("return() drops the rest of the batch and runs the driver's finally; later calls are done", async () => {
    const log: string[] = [];
    const events = flattenBatches(driver([[ev("a"), ev("b")], [ev("c")]], log));
    expect(deltas([(await events.next()).value as Event])).toEqual(["a"]);
    expect(await events.return(undefined)).toEqual({ done: true, value: undefined });
    expect(log).toEqual(["pull 0", "finally"]);
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  it("a driver that throws rejects the call waiting on it, and is done afterwards", async () => {
    const events = flattenBatches(
      (async function* () {
        yield [ev("a")];
        throw new Error("driver broke");
      })(),
    );
    expect(deltas([(await events.next()).value as Event])).toEqual(["a"]);
    await expect(events.next()).rejects.toThrow("driver broke");
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  it("throw() is passed to the driver, and works with yield* like the generator it replaces", async () => {
    const log: string[] = [];
    const events = flattenBatches(driver([[ev("a")], [ev("b")]], log));
    await events.next();
    await expect(events.throw(new Error("stop"))).rejects.toThrow("stop");
    expect(log).toEqual(["pull 0", "finally"]);
    async function* outer(): AsyncGenerator<Event> {
      yield* flattenBatches(driver([[ev("x"), ev("y")]], []));
    }
    const seen: Event[] = [];
    for await (const event of outer()) seen.push(event);
    expect(deltas(seen)).toEqual(["x", "y"]);
  });
});
