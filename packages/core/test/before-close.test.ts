import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { createSequentialIds, driveRun, type BridgeWarning, type Event, type RunBuilder, type StreamMapper } from "../src/adapter.js";

/**
 * `StreamMapper.beforeClose`: the mapper's last word before the driver ends the run itself (abort
 * at open or mid-stream, truncation, a thrown or invalid provider step, a throwing mapper). It is
 * called once, before the terminal event (and before the error is described), only while the run is
 * open; what it writes is closed by the run like anything else open. An exception in it never
 * escapes: the run ends all the same.
 */

/**
 * A toy mapper that holds back "hold:…" argument text (as OpenAI Chat holds a tool call waiting for
 * its name) and writes it out as a nameless tool call in `beforeClose`. "text:…" streams text,
 * "end" marks the end, "boom" throws, "finish"/"fail" end the run from the mapper.
 */
function holdingMapper(log: string[], hooks: { beforeClose?: (run: RunBuilder) => void; endThrows?: boolean } = {}) {
  return (run: RunBuilder): StreamMapper<string> => {
    let text: string | undefined;
    let held: string[] = [];
    let ended = false;
    return {
      chunk(chunk) {
        const [kind, value = ""] = chunk.split(/:(.*)/s);
        if (kind === "hold") held.push(value);
        else if (kind === "text") run.text((text ??= run.startText()), value);
        else if (kind === "end") ended = true;
        else if (kind === "finish") run.finish();
        else if (kind === "fail") run.fail({ message: "mapper failed", code: "mapper_failed" });
        else if (kind === "boom") throw new Error("mapper exploded");
      },
      end() {
        if (hooks.endThrows === true) throw new Error("end exploded");
        if (ended) run.finish();
      },
      describeError(error) {
        log.push("describeError");
        return { message: error instanceof Error ? error.message : "failed" };
      },
      beforeClose() {
        log.push(`beforeClose ended=${run.ended}`);
        if (hooks.beforeClose !== undefined) return hooks.beforeClose(run);
        if (held.length === 0) return;
        const id = run.startToolCall({ toolCallId: "held", toolCallName: "" });
        for (const fragment of held) run.toolCallArgs(id, fragment);
        held = [];
      },
    };
  };
}

/** A provider stream of `chunks`, then (at `hangAt`) a pull that never settles, or (at `throwAt`) a throw. */
function source(chunks: string[], options: { throwAt?: number; hangAt?: number; invalidAt?: number } = {}): AsyncIterable<string> {
  return {
    [Symbol.asyncIterator]() {
      let index = 0;
      return {
        async next() {
          if (index === options.hangAt) return new Promise<IteratorResult<string>>(() => {});
          if (index === options.throwAt) throw new Error("socket hang up");
          if (index === options.invalidAt) return null as unknown as IteratorResult<string>;
          if (index >= chunks.length) return { done: true, value: undefined };
          return { done: false, value: chunks[index++] as string };
        },
        async return() {
          return { done: true, value: undefined };
        },
      };
    },
  };
}

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const base = { provider: "toy", threadId: "t", runId: "r", generateId: createSequentialIds("id") };

/** The held call as the run closes it: START (empty name), its argument text, END interrupted, all before the terminal event. */
function expectHeldCallBeforeTerminal(events: Event[], args: string[]): void {
  const held = events.filter((e) => "toolCallId" in e && e.toolCallId === "held");
  expect(held.map((e) => e.type)).toEqual(["TOOL_CALL_START", ...args.map(() => "TOOL_CALL_ARGS"), "TOOL_CALL_END"]);
  expect(held[0]).toMatchObject({ toolCallName: "" });
  expect(held.filter((e) => e.type === "TOOL_CALL_ARGS").map((e) => (e as { delta: string }).delta)).toEqual(args);
  expect(held.at(-1)).toMatchObject({ metadata: { "agui-bridge": { interrupted: true } } });
  expect(events.indexOf(held.at(-1) as Event)).toBeLessThan(events.length - 1);
}

describe("StreamMapper.beforeClose", () => {
  it("an abort mid-stream (a pull pending): what the mapper held reaches the cancelled run", async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const events: Event[] = [];
    for await (const event of driveRun({ ...base, createMapper: holdingMapper(log), signal: controller.signal, source: source(["text:a", "hold:{\"x\"", "hold::1}"], { hangAt: 3 }) })) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") setTimeout(() => controller.abort(), 1);
    }
    await assertConformant(events);
    expectHeldCallBeforeTerminal(events, ['{"x"', ":1}"]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(log).toEqual(["beforeClose ended=false"]);
  });

  it("an abort between chunks (the consumer aborts while handling an event)", async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const events: Event[] = [];
    for await (const event of driveRun({ ...base, createMapper: holdingMapper(log), signal: controller.signal, source: source(["hold:{}", "text:a", "text:b", "end"]) })) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") controller.abort();
    }
    await assertConformant(events);
    expect(events.filter((e) => e.type === "TOOL_CALL_ARGS")).toMatchObject([{ toolCallId: "held", delta: "{}" }]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(log).toEqual(["beforeClose ended=false"]);
  });

  it("an abort while the request opens: called once (the mapper exists), then the cancelled outcome", async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const events: Event[] = [];
    for await (const event of driveRun({
      ...base,
      createMapper: holdingMapper(log),
      signal: controller.signal,
      source: () => {
        setTimeout(() => controller.abort(), 1);
        return new Promise<AsyncIterable<string>>(() => {});
      },
    })) events.push(event);
    await assertConformant(events);
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    expect(events.at(-1)).toMatchObject({ outcome: { type: "cancelled" } });
    expect(log).toEqual(["beforeClose ended=false"]);
  });

  it("a stream that ends without the end marker: the held text is in the truncated run", async () => {
    const log: string[] = [];
    const events = await collect(driveRun({ ...base, createMapper: holdingMapper(log), source: source(["hold:{\"cut"]) }));
    await assertConformant(events);
    expectHeldCallBeforeTerminal(events, ['{"cut']);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(log).toEqual(["beforeClose ended=false"]);
  });

  it("a thrown pull: called before the error is described, the held text in the failed run", async () => {
    const log: string[] = [];
    const events = await collect(driveRun({ ...base, createMapper: holdingMapper(log), source: source(["hold:{"], { throwAt: 1 }) }));
    await assertConformant(events);
    expectHeldCallBeforeTerminal(events, ["{"]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "socket hang up" });
    expect(log).toEqual(["beforeClose ended=false", "describeError"]);
  });

  it("an invalid provider step: the held text is in the failed run", async () => {
    const log: string[] = [];
    const events = await collect(driveRun({ ...base, createMapper: holdingMapper(log), source: source(["hold:{"], { invalidAt: 1 }) }));
    await assertConformant(events);
    expectHeldCallBeforeTerminal(events, ["{"]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "invalid_step" });
    expect(log).toEqual(["beforeClose ended=false"]);
  });

  it("a mapper that throws in chunk or in end: called once, before the error is described", async () => {
    for (const [chunks, endThrows, message] of [
      [["hold:{", "boom"], false, "mapper exploded"],
      [["hold:{"], true, "end exploded"],
    ] as const) {
      const log: string[] = [];
      const events = await collect(driveRun({ ...base, createMapper: holdingMapper(log, { endThrows }), source: source([...chunks]) }));
      await assertConformant(events);
      expectHeldCallBeforeTerminal(events, ["{"]);
      expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", message });
      expect(log).toEqual(["beforeClose ended=false", "describeError"]);
    }
  });

  it("not called when the mapper ends the run itself, nor when the consumer stops reading", async () => {
    for (const chunks of [["hold:{", "end"], ["hold:{", "finish"], ["hold:{", "fail"]]) {
      const log: string[] = [];
      const events = await collect(driveRun({ ...base, createMapper: holdingMapper(log), source: source(chunks) }));
      await assertConformant(events);
      expect(log).toEqual([]);
      expect(events.some((e) => e.type === "TOOL_CALL_START")).toBe(false);
    }
    const log: string[] = [];
    for await (const event of driveRun({ ...base, createMapper: holdingMapper(log), source: source(["hold:{", "text:a", "end"]) })) {
      if (event.type === "TEXT_MESSAGE_CONTENT") break;
    }
    expect(log).toEqual([]);
  });

  it("a hook that throws: warned, what it wrote before throwing is closed, and the run ends as it would have", async () => {
    const warnings: BridgeWarning[] = [];
    const log: string[] = [];
    const mapper = holdingMapper(log, {
      beforeClose(run) {
        run.toolCallArgs(run.startToolCall({ toolCallId: "held", toolCallName: "" }), "{");
        throw new Error("hook exploded");
      },
    });
    const events = await collect(driveRun({ ...base, createMapper: mapper, onWarning: (w) => warnings.push(w), source: source(["text:a"], { throwAt: 1 }) }));
    await assertConformant(events);
    expectHeldCallBeforeTerminal(events, ["{"]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "socket hang up" });
    expect(warnings.map((w) => w.code)).toEqual(["run.before-close-failed"]);
    expect(JSON.stringify(warnings)).not.toContain("hook exploded");

    // On an abort too, with a warning handler that throws as well.
    const controller = new AbortController();
    const cancelled: Event[] = [];
    const throwing = holdingMapper([], {
      beforeClose() {
        throw new Error("hook exploded");
      },
    });
    const onWarning = (): void => {
      throw new Error("handler exploded");
    };
    for await (const event of driveRun({ ...base, createMapper: throwing, onWarning, signal: controller.signal, source: source(["text:a"], { hangAt: 1 }) })) {
      cancelled.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") setTimeout(() => controller.abort(), 1);
    }
    await assertConformant(cancelled);
    expect(cancelled.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
  });

  it("a hook that ends the run itself: that ending stands, and there is one terminal event", async () => {
    const mapper = holdingMapper([], { beforeClose: (run) => run.fail({ message: "hook failed the run", code: "hook" }) });
    const events = await collect(driveRun({ ...base, createMapper: mapper, source: source(["text:a"]) }));
    await assertConformant(events);
    expect(events.filter((e) => e.type === "RUN_ERROR" || e.type === "RUN_FINISHED")).toMatchObject([{ type: "RUN_ERROR", code: "hook" }]);
  });
});
