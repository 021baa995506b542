import * as v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { driveRun, type Event, type RunAgentInput, type RunBuilder, type StreamMapper } from "../src/adapter.js";

/**
 * A finished run holds nothing of what it was given or built: a consumer that keeps the generator
 * (a server logging it, a list of past runs) must not keep the conversation, the run's ledgers or
 * the mapper's stream state alive with it.
 */

/** The stream state of one mapper, a class so the heap can be asked how many are alive. */
class MapperState {
  text: string | undefined;
  ended = false;
}

/** The whole conversation, a class for the same reason. */
class Conversation {
  readonly turns = ["hello"];
}

/** "end" marks the end, "boom" throws, anything else is text. */
function mapper(run: RunBuilder): StreamMapper<string> {
  const state = new MapperState();
  return {
    chunk(chunk) {
      if (chunk === "end") state.ended = true;
      else if (chunk === "boom") throw new Error("mapper failed");
      else {
        state.text ??= run.startText();
        run.text(state.text, chunk);
      }
    },
    end() {
      if (state.ended) run.finish();
    },
  };
}

async function* chunks(list: string[]): AsyncGenerator<string> {
  for (const chunk of list) yield chunk;
}

function input(): RunAgentInput {
  const conversation = new Conversation();
  return {
    threadId: "t",
    runId: "r",
    messages: [{ id: "u1", role: "user", content: "hello" }],
    tools: [],
    context: [],
    state: null,
    // Not plain JSON: the echo on RUN_STARTED is a copy, only the input itself references it.
    forwardedProps: { conversation },
  };
}

const retained = (run: AsyncGenerator<Event>): string[] => (run as unknown as { retained: string[] }).retained;

async function drain(run: AsyncGenerator<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of run) events.push(event);
  return events;
}

describe("a run that is over lets go of what it was given and built", () => {
  it("holds the run while it goes, nothing once it finished", async () => {
    const run = driveRun({ source: chunks(["a", "b", "end"]), createMapper: mapper, input: input() });
    await run.next();
    await run.next();
    expect(retained(run)).toEqual(expect.arrayContaining(["options", "run", "mapper", "redact"]));
    const rest = await drain(run);
    expect(rest.at(-1)?.type).toBe("RUN_FINISHED");
    expect(retained(run)).toEqual([]);
  });

  it("already when the terminal event is queued, before it is taken", async () => {
    const run = driveRun({ source: chunks(["a", "boom"]), createMapper: mapper, input: input() });
    let event: IteratorResult<Event, void>;
    do event = await run.next();
    while (!event.done && event.value.type !== "RUN_ERROR");
    expect(event.done).toBe(false);
    expect(retained(run)).toEqual([]);
    expect(await run.next()).toEqual({ done: true, value: undefined });
  });

  it("when aborted, cut short, or closed by the consumer (mid-stream and before starting)", async () => {
    const controller = new AbortController();
    const aborted = driveRun({ source: () => chunks(["a", "b"]), createMapper: mapper, input: input(), signal: controller.signal });
    await aborted.next();
    controller.abort();
    expect((await drain(aborted)).at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(retained(aborted)).toEqual([]);

    const truncated = driveRun({ source: chunks(["a"]), createMapper: mapper, input: input() });
    expect((await drain(truncated)).at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(retained(truncated)).toEqual([]);

    const closed = driveRun({ source: () => chunks(["a", "b", "end"]), createMapper: mapper, input: input() });
    await closed.next();
    await closed.next();
    await closed.return();
    expect(retained(closed)).toEqual([]);

    const unstarted = driveRun({ source: chunks(["end"]), createMapper: mapper, input: input() });
    await unstarted.return();
    expect(retained(unstarted)).toEqual([]);
  });

  // v8.queryObjects (Node 20.13+) runs a full garbage collection and counts what survives: a
  // deterministic count, not a timing-dependent WeakRef check.
  const queryObjects = (v8 as { queryObjects?: (ctor: unknown, options: { format: "count" }) => number }).queryObjects;
  it.runIf(typeof queryObjects === "function")("the heap keeps neither the mapper's state nor the input once the kept generator finished", async () => {
    const count = (ctor: unknown): number => (queryObjects as NonNullable<typeof queryObjects>)(ctor, { format: "count" });
    const before = { state: count(MapperState), input: count(Conversation) };
    const runs: AsyncGenerator<Event>[] = [];
    for (let i = 0; i < 3; i++) runs.push(driveRun({ source: chunks(["a", "end"]), createMapper: mapper, input: input() }));
    for (const run of runs) await run.next();
    await runs[0]?.next(); // the mapper exists once the source is opened
    expect(count(MapperState)).toBe(before.state + 1);
    expect(count(Conversation)).toBe(before.input + 3);
    for (const run of runs) await drain(run);
    expect(count(MapperState)).toBe(before.state);
    expect(count(Conversation)).toBe(before.input);
    expect(runs).toHaveLength(3);
  });
});

describe("a generator closed from inside its own run", () => {
  // A consumer's callback (an onWarning that stops reading, a mapper handed the generator) may call
  // return() while the driver is mapping a chunk or ending the stream: what it let go is not touched.
  for (const where of ["chunk", "end", "createMapper", "createMapper (source function)"] as const) {
    it(`while in the mapper's ${where}: the pending next() answers done`, async () => {
      let generator: AsyncGenerator<Event> | undefined;
      const close = () => void generator?.return(undefined);
      generator = driveRun<string>({
        source: where === "createMapper (source function)" ? () => chunks(["a", "b"]) : chunks(["a", "b"]),
        createMapper: (run) => {
          if (where.startsWith("createMapper")) close();
          const inner = mapper(run);
          return {
            chunk(chunk) {
              inner.chunk(chunk);
              if (where === "chunk" && chunk === "b") close();
            },
            end() {
              if (where === "end") close();
              inner.end();
            },
          };
        },
      });
      const seen: string[] = [];
      for (;;) {
        const result = await generator.next();
        if (result.done === true) break;
        seen.push(result.value.type);
      }
      expect(seen[0]).toBe("RUN_STARTED");
      expect(await generator.next()).toEqual({ done: true, value: undefined });
    });
  }
});
