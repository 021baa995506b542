import { checkEvents } from "@agui-bridge/conformance";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EntityIds, EventType, RunBuilder, RunStateError, createStepWriter, type Event } from "../src/adapter.js";

/** A subagent's stream cut at `cut` events after RUN_STARTED (everything it opened left open). */
function subagentPrefix(): Event[] {
  const run = new RunBuilder({ threadId: "t", runId: "sub", provider: "p" });
  run.start();
  run.startReasoningMessage({ messageId: "r-1" });
  run.reasoning("r-1", "thinking");
  run.startText({ messageId: "m-1" });
  run.text("m-1", "hel");
  run.startToolCall({ toolCallId: "tc-1", toolCallName: "lookup", parentMessageId: "m-1" });
  run.toolCallArgs("tc-1", '{"q"');
  return run.drain();
}

function outerWithSubagent(): { run: RunBuilder; write: (event: Event) => void } {
  const run = new RunBuilder({ threadId: "t", runId: "outer" });
  run.start();
  run.forward({ type: EventType.SUBAGENT_STARTED, subagentRunId: "sa", name: "helper" });
  const writer = createStepWriter({ run, ids: new EntityIds(), subagentRunId: "sa" });
  return { run, write: (event) => writer.write(event) };
}

const ENDS = new Set<string>([EventType.TEXT_MESSAGE_END, EventType.TOOL_CALL_END, EventType.REASONING_MESSAGE_END, EventType.REASONING_END]);

describe("a subagent's entities closed by the run carry the subagent's attribution", () => {
  for (const ending of ["cancel", "fail", "finish", "closeAll"] as const) {
    it(`${ending}: every END the run writes for a forwarded entity carries its start's subagentRunId`, async () => {
      const { run, write } = outerWithSubagent();
      for (const event of subagentPrefix()) write(event);
      if (ending === "closeAll") {
        run.closeAll({ interrupted: true });
        run.forward({ type: EventType.SUBAGENT_ERROR, subagentRunId: "sa", message: "cut" });
        run.finish();
      } else {
        run.forward({ type: EventType.SUBAGENT_ERROR, subagentRunId: "sa", message: "cut" });
        if (ending === "fail") run.fail({ message: "boom" });
        else run[ending]();
      }
      const events = run.drain();
      const ends = events.filter((event) => ENDS.has(event.type));
      expect(ends.map((event) => event.type).sort()).toEqual(["REASONING_END", "REASONING_MESSAGE_END", "TEXT_MESSAGE_END", "TOOL_CALL_END"]);
      for (const end of ends) expect(end).toMatchObject({ subagentRunId: "sa" });
      if (ending === "closeAll") expect((await checkEvents(events)).issues).toEqual([]);
    });
  }

  it("a forwarded tool result that closes its open call writes the END with the call's attribution", () => {
    const { run, write } = outerWithSubagent();
    for (const event of subagentPrefix()) write(event);
    write({ type: EventType.TOOL_CALL_RESULT, messageId: "res-1", toolCallId: "tc-1", role: "tool", content: "ok" });
    const end = run.drain().find((event) => event.type === EventType.TOOL_CALL_END);
    expect(end).toMatchObject({ toolCallId: "sa/tc-1", subagentRunId: "sa" });
  });

  it("the parent's own entities stay unattributed", () => {
    const run = new RunBuilder({ threadId: "t", runId: "outer" });
    run.start();
    run.startText({ messageId: "m" });
    run.startToolCall({ toolCallId: "c", toolCallName: "x" });
    run.cancel();
    for (const event of run.drain()) expect(event).not.toHaveProperty("subagentRunId");
  });

  it("a forwarded content or END attributed otherwise than its start is rejected", () => {
    const cases: Array<[Event, Event]> = [
      [{ type: EventType.TEXT_MESSAGE_START, messageId: "m", subagentRunId: "sa" }, { type: EventType.TEXT_MESSAGE_END, messageId: "m" }],
      [{ type: EventType.TEXT_MESSAGE_START, messageId: "m" }, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: "x", subagentRunId: "sa" }],
      [{ type: EventType.TOOL_CALL_START, toolCallId: "c", toolCallName: "x", subagentRunId: "sa" }, { type: EventType.TOOL_CALL_END, toolCallId: "c", subagentRunId: "other" }],
      [{ type: EventType.TOOL_CALL_START, toolCallId: "c", toolCallName: "x", subagentRunId: "sa" }, { type: EventType.TOOL_CALL_ARGS, toolCallId: "c", delta: "{" }],
      [{ type: EventType.REASONING_START, messageId: "r", subagentRunId: "sa" }, { type: EventType.REASONING_END, messageId: "r" }],
    ];
    for (const [start, next] of cases) {
      const run = new RunBuilder({ threadId: "t", runId: "outer" });
      run.start();
      run.forward({ type: EventType.SUBAGENT_STARTED, subagentRunId: "sa", name: "helper" });
      run.forward({ type: EventType.SUBAGENT_STARTED, subagentRunId: "other", name: "helper" });
      run.forward(start);
      expect(() => run.forward(next)).toThrow(RunStateError);
    }
  });

  it("property: cut anywhere and cancelled, a subagent's stream stays conformant and every END is attributed like its START", async () => {
    const prefix = subagentPrefix();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: prefix.length }), fc.constantFrom("cancel", "fail") , async (cut, ending) => {
        const { run, write } = outerWithSubagent();
        for (const event of prefix.slice(0, cut)) write(event);
        run.closeAll({ interrupted: true });
        run.forward({ type: EventType.SUBAGENT_ERROR, subagentRunId: "sa", message: "cut" });
        if (ending === "fail") run.fail({ message: "boom" });
        else run.cancel();
        const events = run.drain();
        const report = await checkEvents(events);
        expect(report.issues).toEqual([]);
        for (const event of events) if (ENDS.has(event.type)) expect(event).toMatchObject({ subagentRunId: "sa" });
      }),
      { numRuns: 30 },
    );
  });
});
