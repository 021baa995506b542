import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import {
  createSequentialIds,
  driveRun,
  readBridgeMetadata,
  RunBuilder,
  RunStateError,
  type BridgeWarning,
  type Event,
  type StreamMapper,
} from "../src/adapter.js";

function newRun(onWarning?: (warning: BridgeWarning) => void): RunBuilder {
  const run = new RunBuilder({ threadId: "t", runId: "r", provider: "test", generateId: createSequentialIds("id"), ...(onWarning && { onWarning }) });
  run.start();
  return run;
}

const bridge = (event: Event | undefined) => readBridgeMetadata(event?.metadata);
const endOf = (events: Event[], type: string) => events.find((event) => event.type === type);

describe("endMetadata: an entity's own END fields", () => {
  it("land on the normal end, under the fields the end call passes (which win per key)", async () => {
    const run = newRun();
    const tokens: number[] = [];
    const id = run.startText({ metadata: { kind: "a" }, endMetadata: () => ({ logprobs: [...tokens], note: "own" }) });
    tokens.push(1);
    run.text(id, "hi");
    tokens.push(2);
    run.endText(id, { note: "explicit" });
    run.finish();
    const events = run.drain();
    // Read when the message closes: every token so far, the end call's own field winning.
    expect(bridge(endOf(events, "TEXT_MESSAGE_END"))).toEqual({ provider: "test", kind: "a", note: "explicit", logprobs: [1, 2] });
    await assertConformant(events);
  });

  it("land on text, reasoning and tool call ENDs the run closes itself on fail, beside `interrupted`", async () => {
    const run = newRun();
    const text = run.startText({ endMetadata: () => ({ logprobs: ["t"] }) });
    run.text(text, "partial");
    const reasoning = run.startReasoningMessage({ endMetadata: () => ({ logprobs: ["r"] }) });
    run.reasoning(reasoning, "thinking");
    run.startToolCall({ toolCallName: "f", endMetadata: () => ({ detail: "c" }) });
    run.fail({ message: "cut" });
    const events = run.drain();
    expect(bridge(endOf(events, "TEXT_MESSAGE_END"))).toMatchObject({ interrupted: true, logprobs: ["t"] });
    expect(bridge(endOf(events, "REASONING_MESSAGE_END"))).toMatchObject({ interrupted: true, logprobs: ["r"] });
    expect(bridge(endOf(events, "TOOL_CALL_END"))).toMatchObject({ interrupted: true, detail: "c" });
    await assertConformant(events);
  });

  it("land on the ENDs of a cancel and of a finish that closes what is open", () => {
    for (const end of [(run: RunBuilder) => run.cancel(), (run: RunBuilder) => run.finish()]) {
      const run = newRun();
      run.startText({ endMetadata: () => ({ logprobs: [0] }) });
      end(run);
      expect(bridge(endOf(run.drain(), "TEXT_MESSAGE_END"))).toMatchObject({ logprobs: [0] });
    }
  });

  it("reach the TEXT_MESSAGE_END the driver emits before RUN_ERROR when the stream is cut", async () => {
    const mapper = (run: RunBuilder): StreamMapper<string> => {
      const seen: string[] = [];
      let id: string | undefined;
      return {
        chunk: (delta) => {
          id ??= run.startText({ endMetadata: () => (seen.length > 0 ? { logprobs: [...seen] } : undefined) });
          seen.push(delta);
          run.text(id, delta);
        },
        end: () => undefined,
      };
    };
    const source = (async function* () {
      yield "a";
      yield "b";
    })();
    const events: Event[] = [];
    for await (const event of driveRun({ source, createMapper: mapper })) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(events.at(-2)).toMatchObject({ type: "TEXT_MESSAGE_END" });
    expect(bridge(events.at(-2))).toMatchObject({ interrupted: true, logprobs: ["a", "b"] });
    await assertConformant(events);
  });

  it("add nothing when they return nothing, and a function that throws never stops the close", async () => {
    const warnings: BridgeWarning[] = [];
    const run = newRun((warning) => warnings.push(warning));
    const quiet = run.startText({ endMetadata: () => undefined });
    run.endText(quiet);
    run.startText({
      endMetadata: () => {
        throw new Error("adapter bug");
      },
    });
    run.fail({ message: "boom" });
    const events = run.drain();
    const ends = events.filter((event) => event.type === "TEXT_MESSAGE_END");
    expect(ends[0]?.metadata).toBeUndefined();
    expect(bridge(ends[1])).toEqual({ provider: "test", interrupted: true });
    expect(events.at(-1)?.type).toBe("RUN_ERROR");
    expect(warnings.map((warning) => warning.code)).toEqual(["run.end-metadata-failed"]);
    await assertConformant(events);
  });
});

describe("RunBuilder.setErrorMetadata", () => {
  it("lands on RUN_ERROR over the terminal fields; fail's own metadata and finish win", async () => {
    const run = newRun();
    run.setTerminalMetadata({ costs: [1], note: "terminal" });
    run.setErrorMetadata({ note: "error", finishDetails: { safetyRatings: ["so far"] } });
    run.setErrorMetadata({ extra: true });
    run.fail({ message: "boom", metadata: { extra: false } });
    const events = run.drain();
    expect(bridge(events.at(-1))).toEqual({ costs: [1], note: "error", finishDetails: { safetyRatings: ["so far"] }, extra: false });
    await assertConformant(events);

    const blocked = newRun();
    blocked.setErrorMetadata({ finishDetails: { safetyRatings: ["so far"] } });
    blocked.fail({ message: "blocked", finish: { reason: "content-filter", details: { blockReason: "SAFETY" } } });
    expect(bridge(blocked.drain().at(-1))).toMatchObject({ finishReason: "content-filter", finishDetails: { blockReason: "SAFETY" } });
  });

  it("stays off RUN_FINISHED of every outcome", () => {
    const endings = [
      (run: RunBuilder) => run.finish({ finish: { reason: "stop" } }),
      (run: RunBuilder) => run.interrupt({ interrupts: [{ id: "i1", reason: "approval" }] }),
      (run: RunBuilder) => run.cancel(),
    ];
    for (const end of endings) {
      const run = newRun();
      run.setErrorMetadata({ only: "error" });
      end(run);
      expect(bridge(run.drain().at(-1)) ?? {}).not.toHaveProperty("only");
    }
  });

  it("reaches the driver's RUN_ERROR of a truncation and of a thrown iterator, and refuses after the end", async () => {
    const mapper = (run: RunBuilder): StreamMapper<number> => ({ chunk: (n) => run.setErrorMetadata({ seen: n }), end: () => undefined });
    const cut = (async function* () {
      yield 1;
    })();
    const thrown = (async function* () {
      yield 2;
      throw new Error("socket hang up");
    })();
    for (const [source, seen] of [[cut, 1], [thrown, 2]] as const) {
      const events: Event[] = [];
      for await (const event of driveRun({ source, createMapper: mapper })) events.push(event);
      expect(events.at(-1)?.type).toBe("RUN_ERROR");
      expect(bridge(events.at(-1))).toMatchObject({ seen });
      await assertConformant(events);
    }
    const run = newRun();
    run.fail({ message: "x" });
    expect(() => run.setErrorMetadata({ late: true })).toThrow(RunStateError);
  });
});
