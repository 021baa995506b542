/**
 * AG-UI ids are unique across entity kinds within a run (the conformance kit's entity-id rule):
 * the run builder refuses to put a second entity under an id the run already used, whichever
 * kinds the two are, so an adapter that passes a provider's repeated id through ends the run with
 * RUN_ERROR `invalid_sequence` instead of emitting a merged entity. A reasoning span may share its
 * id with a reasoning message.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { createSequentialIds, RunBuilder, RunStateError } from "../src/adapter.js";

function newRun(): RunBuilder {
  const run = new RunBuilder({ threadId: "t", runId: "r", generateId: createSequentialIds("id") });
  run.start();
  return run;
}

type Opener = (run: RunBuilder, id: string) => void;
const OPENERS: Array<[string, Opener]> = [
  ["text message", (run, id) => run.endText(run.startText({ messageId: id }))],
  ["reasoning message", (run, id) => run.endReasoningMessage(run.startReasoningMessage({ messageId: id }))],
  ["tool call", (run, id) => run.endToolCall(run.startToolCall({ toolCallId: id, toolCallName: "f" }))],
  [
    "tool result message",
    (run, id) => {
      const call = run.startToolCall({ toolCallName: "f" });
      run.toolCallResult({ toolCallId: call, messageId: id, content: "ok" });
    },
  ],
];

describe("an entity id used twice in a run", () => {
  for (const [first, openFirst] of OPENERS) {
    for (const [second, openSecond] of OPENERS) {
      it(`a ${second} under the id of a ${first} throws RunStateError, and the run stays conformant`, async () => {
        const run = newRun();
        openFirst(run, "same");
        expect(() => openSecond(run, "same")).toThrow(RunStateError);
        run.fail({ message: "stopped", code: "invalid_sequence" });
        await assertConformant(run.drain());
      });
    }
  }

  it("a reasoning span and its message may share an id", async () => {
    const run = newRun();
    run.startReasoning("r1");
    run.endReasoningMessage(run.startReasoningMessage({ messageId: "r1" }));
    run.endReasoning();
    run.finish();
    await assertConformant(run.drain());
  });
});
