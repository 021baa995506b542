import { checkEvents } from "@agui-bridge/conformance";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTokenUsage, driveRun, type Event, type RunBuilder, type StreamMapper } from "../src/adapter.js";

type Op = "text" | "tool" | "reason" | "end-text" | "usage" | "throw" | "finish" | "fail" | "deep-meta";

function deep(n: number): unknown {
  let value: unknown = "x";
  for (let i = 0; i < n; i++) value = { v: value };
  return value;
}

function mapperOf(run: RunBuilder, onEnd: "finish" | "nothing" | "throw"): StreamMapper<Op> {
  let text: string | undefined;
  let calls = 0;
  return {
    chunk(op) {
      switch (op) {
        case "text":
          text ??= run.startText();
          run.text(text, "a");
          break;
        case "end-text":
          if (text !== undefined) run.endText(text);
          text = undefined;
          break;
        case "tool":
          run.startToolCall({ toolCallId: `c${++calls}`, toolCallName: "f" });
          run.toolCallArgs(`c${calls}`, "{");
          break;
        case "reason":
          run.reasoning(run.startReasoningMessage(), "r");
          break;
        case "usage":
          run.usage.record("call", createTokenUsage({ provider: "p", model: "m", inputTokens: 3, outputTokens: 1 }));
          break;
        case "throw":
          throw new Error("mapper boom");
        case "finish":
          run.finish();
          break;
        case "fail":
          run.fail({ message: "in-band" });
          break;
        case "deep-meta":
          run.setErrorMetadata({ details: deep(200) });
          break;
      }
    },
    end() {
      if (onEnd === "finish") run.finish();
      if (onEnd === "throw") throw new Error("end boom");
    },
  };
}

async function* source(ops: Op[], failAt: number | undefined, signal: AbortSignal | undefined): AsyncGenerator<Op> {
  for (let i = 0; i < ops.length; i++) {
    if (i === failAt) throw new Error("source boom");
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (signal?.aborted) return;
    yield ops[i]!;
  }
}

const ops = fc.array(fc.constantFrom<Op>("text", "tool", "reason", "end-text", "usage", "throw", "finish", "fail", "deep-meta"), { maxLength: 8 });

describe("driveRun under random mappers, sources, aborts and early returns", () => {
  it("property: RUN_STARTED first, exactly one terminal last, conformant, never a rejection", async () => {
    await fc.assert(
      fc.asyncProperty(
        ops,
        fc.option(fc.nat(8), { nil: undefined }),
        fc.constantFrom<"finish" | "nothing" | "throw">("finish", "nothing", "throw"),
        fc.option(fc.nat(12), { nil: undefined }),
        fc.option(fc.nat(12), { nil: undefined }),
        async (script, failAt, onEnd, abortAfter, returnAfter) => {
          const controller = new AbortController();
          const gen = driveRun<Op>({
            source: (signal) => source(script, failAt, signal),
            createMapper: (run) => mapperOf(run, onEnd),
            signal: controller.signal,
            threadId: "t",
            runId: "r",
          });
          const events: Event[] = [];
          for (;;) {
            if (returnAfter !== undefined && events.length === returnAfter) {
              await gen.return();
            }
            const step = await gen.next();
            if (step.done === true) break;
            events.push(step.value);
            if (abortAfter !== undefined && events.length === abortAfter) controller.abort();
          }
          // Nothing after the end, whatever is called.
          controller.abort();
          expect((await gen.next()).done).toBe(true);
          if (returnAfter !== undefined && returnAfter < events.length + 1 && events.at(-1)?.type !== "RUN_FINISHED" && events.at(-1)?.type !== "RUN_ERROR") return; // closed early: a prefix
          expect(events[0]?.type).toBe("RUN_STARTED");
          const terminals = events.filter((event) => event.type === "RUN_FINISHED" || event.type === "RUN_ERROR");
          expect(terminals).toHaveLength(1);
          expect(events.at(-1)).toBe(terminals[0]);
          const report = await checkEvents(events);
          expect(report.issues).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("usage recorded before a mapper throws is on RUN_ERROR", async () => {
    const events: Event[] = [];
    for await (const event of driveRun<Op>({ source: source(["usage", "text", "throw"], undefined, undefined), createMapper: (run) => mapperOf(run, "finish") })) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", usage: [{ provider: "p", inputTokens: 3 }] });
  });

  it("an abort while a pull is pending ends the run cancelled at once, with usage", async () => {
    const controller = new AbortController();
    let released = false;
    const hanging: AsyncIterable<Op> = {
      [Symbol.asyncIterator]: () => {
        let n = 0;
        return {
          next: () => (n++ === 0 ? Promise.resolve({ done: false, value: "usage" as Op }) : new Promise<IteratorResult<Op>>(() => undefined)),
          return: () => ((released = true), Promise.resolve({ done: true, value: undefined })),
        };
      },
    };
    const gen = driveRun<Op>({ source: hanging, createMapper: (run) => mapperOf(run, "finish"), signal: controller.signal });
    expect((await gen.next()).value?.type).toBe("RUN_STARTED");
    const pending = gen.next();
    setTimeout(() => controller.abort(), 5);
    expect((await pending).value).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" }, usage: [{ inputTokens: 3 }] });
    expect(released).toBe(true);
    expect((await gen.next()).done).toBe(true);
  });

  it("return() while a pull is pending answers the pending call done and releases the source", async () => {
    let released = false;
    // As an SDK stream does: return() settles the read in flight.
    let settle: ((step: IteratorResult<Op>) => void) | undefined;
    const hanging: AsyncIterable<Op> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<Op>>((resolve) => (settle = resolve)),
        return: () => ((released = true), settle?.({ done: true, value: undefined }), Promise.resolve({ done: true, value: undefined })),
      }),
    };
    const gen = driveRun<Op>({ source: hanging, createMapper: (run) => mapperOf(run, "finish") });
    await gen.next();
    const pending = gen.next();
    await gen.return();
    expect(released).toBe(true);
    await expect(Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve("still pending"), 50))])).resolves.toEqual({ done: true, value: undefined });
    expect((await gen.next()).done).toBe(true);
  });
});

describe("driveRun and the application's own callbacks", () => {
  it("a throwing onWarning while the run writes RUN_ERROR still ends in RUN_ERROR, not a rejection", async () => {
    const events: Event[] = [];
    const run = driveRun<Op>({
      source: source(["deep-meta", "throw"], undefined, undefined),
      createMapper: (builder) => mapperOf(builder, "finish"),
      onWarning: () => {
        throw new Error("handler boom");
      },
    });
    for await (const event of run) events.push(event);
    expect(events.at(-1)?.type).toBe("RUN_ERROR");
  });

  it("a throwing onWarning while a chunk is mapped is ignored (the value is bounded, the run goes on)", async () => {
    const events: Event[] = [];
    const run = driveRun<"deep">({
      source: (async function* () {
        yield "deep" as const;
      })(),
      createMapper: (builder) => ({
        chunk: () => builder.custom("x", deep(200)),
        end: () => builder.finish(),
      }),
      onWarning: () => {
        throw new Error("handler boom");
      },
    });
    for await (const event of run) events.push(event);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(events.find((event) => event.type === "CUSTOM")).toBeDefined();
  });

  for (const ending of ["mapper throws", "abort", "truncated"] as const) {
    it(`a throwing endMetadata and a throwing onWarning while the run closes an entity (${ending}): a terminal event, not a rejection`, async () => {
      const controller = new AbortController();
      const run = driveRun<string>({
        source: (async function* () {
          yield "open";
          if (ending === "mapper throws") yield "throw";
        })(),
        signal: controller.signal,
        createMapper: (builder) => ({
          chunk: (chunk) => {
            if (chunk === "throw") throw new Error("mapper boom");
            builder.startText({
              messageId: "m",
              endMetadata: () => {
                throw new Error("end metadata boom");
              },
            });
            if (ending === "abort") controller.abort();
          },
          end: () => undefined,
        }),
        onWarning: () => {
          throw new Error("handler boom");
        },
      });
      const events: Event[] = [];
      for await (const event of run) events.push(event);
      expect(events.map((event) => event.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_END", ending === "abort" ? "RUN_FINISHED" : "RUN_ERROR"]);
      expect((await checkEvents(events)).issues).toEqual([]);
    });
  }
});
