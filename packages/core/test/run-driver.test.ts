import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { createSequentialIds, driveRun, type Event, type RunBuilder, type StreamMapper } from "../src/adapter.js";
import { CHUNK_BATCHES } from "../src/run/chunk-batches.js";

/**
 * driveRun is a hand-written async generator (no `async function*` hop per chunk or per event).
 * These tests hold it to the generator contract it replaces: lazy, calls answered in order,
 * return()/throw() close it and release the provider stream, done forever after the end.
 */

/** "text:…" streams text, "end" marks the end; every chunk is logged when mapped. */
function loggingMapper(log: string[]) {
  return (run: RunBuilder): StreamMapper<string> => {
    let text: string | undefined;
    let ended = false;
    return {
      chunk(chunk) {
        log.push(`map ${chunk}`);
        if (chunk === "end") ended = true;
        else {
          text ??= run.startText();
          run.text(text, chunk.slice("text:".length));
        }
      },
      end() {
        if (ended) run.finish({ finish: { reason: "stop", raw: "end" } });
      },
    };
  };
}

/** A source logging every pull and its release; `batches` are handed over via CHUNK_BATCHES when `batched`. */
function loggingSource(batches: string[][], log: string[], batched: boolean): AsyncIterable<string> {
  const open = (): AsyncIterator<string[]> => {
    let index = 0;
    return {
      async next() {
        log.push(`pull ${index}`);
        const batch = batches[index++];
        return batch === undefined ? { done: true, value: undefined } : { done: false, value: batch };
      },
      async return() {
        log.push("released");
        return { done: true, value: undefined };
      },
    };
  };
  const flat: AsyncIterable<string> = {
    [Symbol.asyncIterator]() {
      const inner = open();
      return {
        async next() {
          const step = await inner.next();
          return step.done === true ? { done: true, value: undefined } : { done: false, value: (step.value as string[])[0] as string };
        },
        return: () => inner.return?.() as Promise<IteratorResult<string>>,
      };
    },
  };
  return batched ? Object.assign(flat, { [CHUNK_BATCHES]: open }) : flat;
}

const deltas = (events: Array<Event | undefined>): string[] =>
  events.filter((e) => e?.type === "TEXT_MESSAGE_CONTENT").map((e) => (e as { delta: string }).delta);

function run(batches: string[][], log: string[], batched = true): AsyncGenerator<Event, void, undefined> {
  return driveRun<string>({
    source: loggingSource(batches, log, batched),
    createMapper: loggingMapper(log),
    threadId: "t",
    runId: "r",
    generateId: createSequentialIds("id"),
  });
}

describe("driveRun as an async generator", () => {
  it("is lazy, and pulls the next read only when every event of the last one was taken", async () => {
    const log: string[] = [];
    const events = run([["text:a", "text:b"], ["text:c"], ["end"]], log);
    expect(log).toEqual([]);
    const seen: Event[] = [];
    for await (const event of events) {
      seen.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") log.push(`got ${(event as { delta: string }).delta}`);
    }
    expect(log).toEqual(["pull 0", "map text:a", "map text:b", "got a", "got b", "pull 1", "map text:c", "got c", "pull 2", "map end", "pull 3"]);
    expect(deltas(seen)).toEqual(["a", "b", "c"]);
    await assertConformant(seen);
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  for (const batched of [true, false]) {
    it(`answers calls made without waiting in order, across reads (${batched ? "batched" : "one chunk per step"})`, async () => {
      const events = run([["text:a"], ["text:b"], ["text:c"], ["end"]], [], batched);
      const results = await Promise.all(Array.from({ length: 12 }, () => events.next()));
      const values = results.filter((r) => r.done !== true).map((r) => r.value as Event);
      expect(results.slice(values.length).every((r) => r.done === true)).toBe(true);
      expect(deltas(values)).toEqual(["a", "b", "c"]);
      expect(values.map((e) => e.type)).toEqual([
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
      ]);
    });
  }

  it("return() mid-read drops the rest, releases the provider stream at once, and is done afterwards", async () => {
    const log: string[] = [];
    const events = run([["text:a", "text:b"], ["end"]], log);
    await events.next(); // RUN_STARTED
    await events.next(); // TEXT_MESSAGE_START
    expect(await events.return(undefined)).toEqual({ done: true, value: undefined });
    expect(log).toEqual(["pull 0", "map text:a", "map text:b", "released"]);
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  it("return() while a pull is in flight: the pending call and later ones answer done, nothing more is mapped", async () => {
    const log: string[] = [];
    let resolvePull: (step: IteratorResult<string[]>) => void = () => {};
    const source: AsyncIterable<string> = Object.assign(
      { [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true as const, value: undefined }) }) },
      {
        [CHUNK_BATCHES]: (): AsyncIterator<string[]> => ({
          next: () => new Promise<IteratorResult<string[]>>((resolve) => (resolvePull = resolve)),
          return: async () => {
            log.push("released");
            return { done: true, value: undefined };
          },
        }),
      },
    );
    const events = driveRun<string>({ source, createMapper: loggingMapper(log), threadId: "t", runId: "r" });
    await events.next(); // RUN_STARTED
    const pending = events.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await events.return(undefined);
    expect(log).toEqual(["released"]);
    resolvePull({ done: false, value: ["text:late"] });
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(log).toEqual(["released"]);
  });

  it("return() before the first call runs nothing", async () => {
    const log: string[] = [];
    const events = run([["end"]], log);
    expect(await events.return(undefined)).toEqual({ done: true, value: undefined });
    expect(await events.next()).toEqual({ done: true, value: undefined });
    expect(log).toEqual([]);
  });

  it("throw() closes it, releases the provider stream and rejects with the error; yield* works as with a generator", async () => {
    const log: string[] = [];
    const events = run([["text:a"], ["end"]], log);
    await events.next();
    await events.next();
    await expect(events.throw(new Error("stop"))).rejects.toThrow("stop");
    expect(log).toEqual(["pull 0", "map text:a", "released"]);
    expect(await events.next()).toEqual({ done: true, value: undefined });

    async function* outer(): AsyncGenerator<Event> {
      yield* run([["text:x", "text:y"], ["end"]], []);
    }
    const seen: Event[] = [];
    for await (const event of outer()) seen.push(event);
    expect(deltas(seen)).toEqual(["x", "y"]);
    await assertConformant(seen);
  });

  it("releases a source function's request when the run ends before the stream does", async () => {
    let signal: AbortSignal | undefined;
    const events = driveRun<string>({
      source: (s) => {
        signal = s;
        return loggingSource([["end"], ["text:after"]], [], false);
      },
      createMapper: (runBuilder) => ({
        chunk: () => runBuilder.finish({ finish: { reason: "stop", raw: "end" } }),
        end: () => undefined,
      }),
      threadId: "t",
      runId: "r",
    });
    const first = await events.next();
    expect(first.value?.type).toBe("RUN_STARTED");
    const second = await events.next();
    expect(second.value?.type).toBe("RUN_FINISHED");
    // Released as soon as the terminal event is queued, before the consumer asks past it.
    expect(signal?.aborted).toBe(true);
  });
});
