import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { createSequentialIds, driveRun, readBridgeMetadata, RunBuilder, RunStateError, type Event, type StreamMapper } from "../src/adapter.js";

function newRun(): RunBuilder {
  const run = new RunBuilder({ threadId: "t", runId: "r", provider: "test", generateId: createSequentialIds("id") });
  run.start();
  return run;
}

const terminal = (events: Event[]) => readBridgeMetadata(events[events.length - 1]?.metadata);

describe("RunBuilder.setTerminalMetadata", () => {
  const endings: Array<[string, (run: RunBuilder) => void]> = [
    ["finish", (run) => run.finish({ finish: { reason: "stop" } })],
    ["interrupt", (run) => run.interrupt({ interrupts: [{ id: "i1", reason: "approval" }] })],
    ["fail", (run) => run.fail({ message: "boom", code: "x" })],
    ["cancel", (run) => run.cancel()],
  ];
  for (const [name, end] of endings) {
    it(`lands on the terminal event of ${name}, merged last-write-wins`, async () => {
      const run = newRun();
      run.setTerminalMetadata({ costs: [1], note: "a" });
      run.setTerminalMetadata({ costs: [1, 2] });
      end(run);
      const events = run.drain();
      expect(terminal(events)).toMatchObject({ costs: [1, 2], note: "a" });
      await assertConformant(events);
    });
  }

  it("yields to metadata the terminal call passes itself, and keeps the finish reason", () => {
    const run = newRun();
    run.setTerminalMetadata({ costs: [1], note: "terminal" });
    run.finish({ finish: { reason: "stop" }, metadata: { note: "explicit" } });
    expect(terminal(run.drain())).toEqual({ costs: [1], note: "explicit", finishReason: "stop" });
  });

  it("adds nothing when never set, and refuses after the run ended", () => {
    const run = newRun();
    run.cancel();
    expect(run.drain().at(-1)?.metadata).toBeUndefined();
    expect(() => run.setTerminalMetadata({ costs: [] })).toThrow(RunStateError);
  });
});

describe("driveRun applies terminal metadata to the driver's own terminal events", () => {
  const mapper = (run: RunBuilder): StreamMapper<number> => ({
    chunk: (n) => run.setTerminalMetadata({ seen: n }),
    end: () => undefined,
  });

  it("truncation", async () => {
    const events: Event[] = [];
    for await (const e of driveRun({ source: (async function* () { yield 1; })(), createMapper: mapper })) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(terminal(events)).toMatchObject({ seen: 1 });
    await assertConformant(events);
  });

  it("a thrown iterator", async () => {
    const source = (async function* () {
      yield 7;
      throw new Error("socket hang up");
    })();
    const events: Event[] = [];
    for await (const e of driveRun({ source, createMapper: mapper })) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR" });
    expect(terminal(events)).toMatchObject({ seen: 7 });
    await assertConformant(events);
  });

  it("an abort after a chunk", async () => {
    const controller = new AbortController();
    const source = (async function* () {
      yield 3;
      controller.abort();
      await new Promise(() => undefined);
    })();
    const events: Event[] = [];
    for await (const e of driveRun({ source, createMapper: mapper, signal: controller.signal })) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(terminal(events)).toMatchObject({ seen: 3 });
    await assertConformant(events);
  });
});
