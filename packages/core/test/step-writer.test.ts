import { checkEvents } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import {
  EntityIds,
  RunBuilder,
  RunStateError,
  applyEvents,
  createSequentialIds,
  createStepWriter,
  subagentLocalId,
  type Event,
  type Message,
} from "../src/adapter.js";

/** One provider run, as an adapter writes it, reusing the same ids every time. */
function providerRun(runId: string, withTool = true): Event[] {
  const run = new RunBuilder({ threadId: "t", runId, provider: "p" });
  run.start();
  const span = run.startReasoning("r-1");
  run.startReasoningMessage({ messageId: span });
  run.reasoning(span, "thinking");
  run.endReasoning();
  run.startText({ messageId: "m-1" });
  run.text("m-1", "hello");
  run.encryptedValue("message", "m-1", "opaque");
  run.endText("m-1");
  if (withTool) {
    run.startToolCall({ toolCallId: "tc-1", toolCallName: "lookup", parentMessageId: "m-1" });
    run.toolCallArgs("tc-1", '{"q":1}');
    run.encryptedValue("tool-call", "tc-1", "sig");
    run.endToolCall("tc-1");
  }
  run.usage.record("c", { provider: "p", model: "m", inputTokens: 1, outputTokens: 1, totalTokens: 2 });
  run.finish();
  return run.drain();
}

function outer(): { run: RunBuilder; ids: EntityIds } {
  const run = new RunBuilder({ threadId: "t", runId: "outer" });
  run.start();
  return { run, ids: new EntityIds(createSequentialIds("fresh")) };
}

describe("step writer: several provider streams in one run", () => {
  it("forwards two runs that reuse ids as one valid run with unique ids, keeping the terminal events back", async () => {
    const { run, ids } = outer();
    const terminals: Event[] = [];
    for (const [index, name] of ["one", "two"].entries()) {
      run.forward({ type: "STEP_STARTED" as never, stepName: name } as Event);
      const writer = createStepWriter({ run, ids });
      for (const event of providerRun(`p${index}`)) writer.write(event);
      expect(writer.started).toBe(true);
      terminals.push(writer.terminal!);
      run.forward({ type: "STEP_FINISHED" as never, stepName: name } as Event);
    }
    run.finish();
    const events = run.drain();
    const report = await checkEvents(events);
    expect(report.issues).toEqual([]);
    expect(terminals.map((t) => t.type)).toEqual(["RUN_FINISHED", "RUN_FINISHED"]);
    expect(events.filter((e) => e.type === "RUN_STARTED")).toHaveLength(1);
    const texts = events.filter((e) => e.type === "TEXT_MESSAGE_START").map((e) => (e as { messageId: string }).messageId);
    expect(texts[0]).toBe("m-1");
    expect(texts[1]).not.toBe("m-1");
    // References follow the remap: content, encrypted value, tool call parent and args.
    const second = events.slice(events.findIndex((e) => e.type === "STEP_STARTED" && (e as { stepName: string }).stepName === "two"));
    const call = second.find((e) => e.type === "TOOL_CALL_START") as { toolCallId: string; parentMessageId: string };
    expect(call.parentMessageId).toBe(texts[1]);
    expect(call.toolCallId).not.toBe("tc-1");
    const encrypted = second.filter((e) => e.type === "REASONING_ENCRYPTED_VALUE") as Array<{ entityId: string }>;
    expect(encrypted.map((e) => e.entityId)).toEqual([texts[1], call.toolCallId]);
    // The outer run lists the forwarded calls as pending, like its own.
    const last = events.at(-1) as { outcome?: { pendingToolCallIds?: string[] } };
    expect(last.outcome?.pendingToolCallIds).toEqual(["tc-1", call.toolCallId]);
    // Metadata of forwarded events is kept verbatim (the inner provider's stamp).
    expect(report.messages.find((m) => m.id === texts[1])?.metadata).toEqual({ "agui-bridge": { provider: "p" } });
  });

  it("namespaces a subagent's ids and attributes its events", async () => {
    const { run, ids } = outer();
    const writer = createStepWriter({ run, ids, subagentRunId: "sub-1" });
    run.forward({ type: "SUBAGENT_STARTED", subagentRunId: "sub-1", name: "helper" } as Event);
    for (const event of providerRun("inner")) writer.write(event);
    run.forward({ type: "SUBAGENT_FINISHED", subagentRunId: "sub-1" } as Event);
    run.finish();
    const events = run.drain();
    const report = await checkEvents(events);
    expect(report.issues).toEqual([]);
    const inner = events.slice(2, -2);
    for (const event of inner) expect((event as { subagentRunId?: string }).subagentRunId).toBe("sub-1");
    expect(events.find((e) => e.type === "TEXT_MESSAGE_START")).toMatchObject({ messageId: "sub-1/m-1" });
    expect(writer.runIdOf("tool", "tc-1")).toBe("sub-1/tc-1");
    expect(subagentLocalId("sub-1", "sub-1/tc-1")).toBe("tc-1");
    expect(subagentLocalId("sub-1", "other")).toBeUndefined();
    expect(report.messages.filter((m: { subagentRunId?: string }) => m.subagentRunId === "sub-1").length).toBeGreaterThan(0);
  });

  it("namespaces the interrupt ids a suspended nested invocation lists, as the interrupts are named on the parent", () => {
    const { run, ids } = outer();
    const writer = createStepWriter({ run, ids, subagentRunId: "sub-1" });
    run.forward({ type: "SUBAGENT_STARTED", subagentRunId: "sub-1", name: "helper" } as Event);
    const inner = new RunBuilder({ threadId: "t", runId: "inner" });
    inner.start();
    inner.forward({ type: "SUBAGENT_STARTED", subagentRunId: "leaf", name: "leaf" } as Event);
    inner.forward({ type: "SUBAGENT_FINISHED", subagentRunId: "leaf", outcome: { type: "suspended", interruptIds: ["leaf/approve:x"] } } as Event);
    inner.interrupt({ interrupts: [{ id: "leaf/approve:x", reason: "tool_call", subagentRunId: "leaf" }] });
    for (const event of inner.drain()) writer.write(event);
    const forwarded = run.drain().filter((e) => e.type === "SUBAGENT_FINISHED");
    expect(forwarded).toEqual([{ type: "SUBAGENT_FINISHED", subagentRunId: "sub-1/leaf", outcome: { type: "suspended", interruptIds: ["sub-1/leaf/approve:x"] } }]);
  });

  /**
   * A stream (an agent) calls `tc-1`, which starts its invocation `sub:tc-1` (a nested one inside
   * it) that suspends on `sub:tc-1/ask`. The run already took `tc-1`: the call gets a new id.
   */
  function renamedScenario(writerOptions: { subagentRunId?: string; subagentRunIdOf?: (id: string) => string }) {
    const sub = writerOptions.subagentRunId;
    const taken = sub === undefined ? "tc-1" : `${sub}/tc-1`;
    const run = new RunBuilder({ threadId: "t", runId: "outer" });
    run.start();
    if (sub !== undefined) run.forward({ type: "SUBAGENT_STARTED", subagentRunId: sub, name: "outer-sub" } as Event);
    const ids = EntityIds.fromMessages([{ id: "a", role: "assistant", toolCalls: [{ id: taken, type: "function", function: { name: "f", arguments: "{}" } }] }], createSequentialIds("fresh"));
    const writer = createStepWriter({ run, ids, ...writerOptions });
    const inner = new RunBuilder({ threadId: "t", runId: "inner" });
    inner.start();
    inner.startToolCall({ toolCallId: "tc-1", toolCallName: "helper" });
    inner.endToolCall("tc-1");
    inner.forward({ type: "SUBAGENT_STARTED", subagentRunId: "sub:tc-1", name: "helper", parentToolCallId: "tc-1" } as Event);
    inner.forward({ type: "TEXT_MESSAGE_START", messageId: "sub:tc-1/m-1", role: "assistant", subagentRunId: "sub:tc-1" } as Event);
    inner.forward({ type: "TEXT_MESSAGE_END", messageId: "sub:tc-1/m-1", subagentRunId: "sub:tc-1" } as Event);
    inner.forward({ type: "SUBAGENT_STARTED", subagentRunId: "sub:tc-1/leaf", parentSubagentRunId: "sub:tc-1", name: "leaf", parentToolCallId: "sub:tc-1/c" } as Event);
    inner.forward({ type: "SUBAGENT_FINISHED", subagentRunId: "sub:tc-1/leaf", outcome: { type: "success" } } as Event);
    inner.forward({ type: "SUBAGENT_FINISHED", subagentRunId: "sub:tc-1", outcome: { type: "suspended", interruptIds: ["sub:tc-1/ask"] } } as Event);
    inner.interrupt({ interrupts: [{ id: "sub:tc-1/ask", reason: "tool_call", subagentRunId: "sub:tc-1" }] });
    for (const event of inner.drain()) writer.write(event);
    return { writer, events: run.drain() };
  }

  it("renames a stream's invocation after its calling tool call's new id, its namespace following (subagentRunIdOf)", () => {
    const { writer, events } = renamedScenario({ subagentRunIdOf: (id) => `sub:${id}` });
    const call = writer.runIdOf("tool", "tc-1");
    expect(call).not.toBe("tc-1");
    const renamed = `sub:${call}`;
    expect(events.filter((e) => e.type !== "RUN_STARTED" && e.type !== "TOOL_CALL_START" && e.type !== "TOOL_CALL_END")).toEqual([
      { type: "SUBAGENT_STARTED", subagentRunId: renamed, name: "helper", parentToolCallId: call },
      { type: "TEXT_MESSAGE_START", messageId: `${renamed}/m-1`, role: "assistant", subagentRunId: renamed },
      { type: "TEXT_MESSAGE_END", messageId: `${renamed}/m-1`, subagentRunId: renamed },
      { type: "SUBAGENT_STARTED", subagentRunId: `${renamed}/leaf`, parentSubagentRunId: renamed, name: "leaf", parentToolCallId: `${renamed}/c` },
      { type: "SUBAGENT_FINISHED", subagentRunId: `${renamed}/leaf`, outcome: { type: "success" } },
      { type: "SUBAGENT_FINISHED", subagentRunId: renamed, outcome: { type: "suspended", interruptIds: [`${renamed}/ask`] } },
    ]);
    // The interrupts the stream ends on are named through the writer the same way.
    expect(writer.inRunNamespace("sub:tc-1/ask")).toBe(`${renamed}/ask`);
    expect(writer.inRunNamespace("sub:tc-1")).toBe(renamed);
    expect(writer.inRunNamespace("sub:tc-10/ask")).toBe("sub:tc-10/ask");
    expect(writer.runIdOf("message", "sub:tc-1/m-1")).toBe(`${renamed}/m-1`);
  });

  it("inside a subagent, the rename is derived from the call's id local to the invocation", () => {
    const { writer, events } = renamedScenario({ subagentRunId: "outer-sub", subagentRunIdOf: (id) => `sub:${id}` });
    const call = writer.runIdOf("tool", "tc-1");
    const local = subagentLocalId("outer-sub", call)!;
    expect(local).not.toBe("tc-1");
    expect(events.find((e) => e.type === "SUBAGENT_STARTED" && e.name === "helper")).toMatchObject({ subagentRunId: `outer-sub/sub:${local}`, parentToolCallId: call });
    expect(events.find((e) => e.type === "TEXT_MESSAGE_START")).toMatchObject({ messageId: `outer-sub/sub:${local}/m-1`, subagentRunId: `outer-sub/sub:${local}` });
    expect(writer.inRunNamespace("sub:tc-1/ask")).toBe(`sub:${local}/ask`);
  });

  it("without subagentRunIdOf, or when the call keeps its id, the stream's invocation keeps its name", () => {
    const plain = renamedScenario({});
    expect(plain.writer.runIdOf("tool", "tc-1")).not.toBe("tc-1");
    expect(plain.events.find((e) => e.type === "SUBAGENT_STARTED")).toMatchObject({ subagentRunId: "sub:tc-1" });
    expect(plain.writer.inRunNamespace("sub:tc-1/ask")).toBe("sub:tc-1/ask");
    // Not derived from the call by this rule: not renamed.
    const other = renamedScenario({ subagentRunIdOf: (id) => `other:${id}` });
    expect(other.events.find((e) => e.type === "SUBAGENT_STARTED")).toMatchObject({ subagentRunId: "sub:tc-1" });
  });

  it("drops a stream's MESSAGES_SNAPSHOT: it states the stream's view in the stream's ids, not the run's conversation", async () => {
    const history: Message[] = [
      { id: "u", role: "user", content: "hi" },
      { id: "a", role: "assistant", toolCalls: [{ id: "tc-1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { id: "s", role: "assistant", subagentRunId: "sub-0", content: "a subagent's answer, not shown to the stream" },
    ];
    const run = new RunBuilder({ threadId: "t", runId: "outer" });
    run.start();
    const writer = createStepWriter({ run, ids: EntityIds.fromMessages(history, createSequentialIds("fresh")) });
    const inner = new RunBuilder({ threadId: "t", runId: "inner" });
    inner.start();
    inner.startToolCall({ toolCallId: "tc-1", toolCallName: "g" });
    inner.endToolCall("tc-1");
    inner.forward({ type: "MESSAGES_SNAPSHOT", messages: [history[0]!, { id: "m", role: "assistant", toolCalls: [{ id: "tc-1", type: "function", function: { name: "g", arguments: "" } }] }] } as Event);
    inner.interrupt({ interrupts: [{ id: "i-1", reason: "tool_call", toolCallId: "tc-1" }] });
    for (const event of inner.drain()) writer.write(event);
    run.finish();
    const events = run.drain();
    expect(events.map((e) => e.type)).not.toContain("MESSAGES_SNAPSHOT");
    const report = await checkEvents(events, { initialMessages: history as never });
    expect(report.issues).toEqual([]);
    const runId = writer.runIdOf("tool", "tc-1");
    expect(runId).not.toBe("tc-1");
    expect(report.messages.map((m) => m.id)).toEqual(["u", "a", "s", expect.any(String)]);
    expect(report.messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []).map((tc) => tc.id) : []))).toEqual(["tc-1", runId]);
  });

  it("rejects what would break the outer run, and what is not an AG-UI event", () => {
    const cases: unknown[][] = [
      [{ type: "TEXT_MESSAGE_START", messageId: "m" }],
      [{ type: "RUN_STARTED", threadId: "t", runId: "x" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x" }],
      [{ type: "RUN_STARTED", threadId: "t", runId: "x" }, { type: "NOPE" }],
      [{ type: "RUN_STARTED", threadId: "t", runId: "x" }, { type: "TOOL_CALL_START", toolCallId: 5, toolCallName: "x" }],
      [{ type: "RUN_STARTED", threadId: "t", runId: "x" }, { type: "RUN_FINISHED", threadId: "t", runId: "x" }, { type: "TEXT_MESSAGE_START", messageId: "m" }],
      [{ type: "RUN_STARTED", threadId: "t", runId: "x" }, { type: "TEXT_MESSAGE_CHUNK", messageId: "m", delta: "x" }],
      [{ type: "RUN_STARTED", threadId: "t", runId: "x" }, { type: "REASONING_END", messageId: "never" }],
      [null],
    ];
    for (const events of cases) {
      const { run, ids } = outer();
      const writer = createStepWriter({ run, ids });
      expect(() => events.forEach((event) => writer.write(event))).toThrow(RunStateError);
    }
  });

  it("RunBuilder: a result for a call of an earlier run, and the interrupt outcome", async () => {
    const run = new RunBuilder({ threadId: "t", runId: "r2" });
    run.start();
    expect(() => run.toolCallResult({ toolCallId: "old", content: "x" })).toThrow(RunStateError);
    run.adoptToolCall("old");
    expect(() => run.adoptToolCall("old")).toThrow(RunStateError);
    run.toolCallResult({ toolCallId: "old", content: "done", messageId: "res-1" });
    run.startToolCall({ toolCallId: "new", toolCallName: "danger" });
    run.toolCallArgs("new", "{}");
    run.interrupt({ interrupts: [{ id: "i-1", reason: "tool_call", toolCallId: "new" }] });
    const events = run.drain();
    const history: Message[] = [{ id: "a", role: "assistant", toolCalls: [{ id: "old", type: "function", function: { name: "f", arguments: "{}" } }] }];
    const report = await checkEvents(events, { initialMessages: history as never });
    expect(report.issues).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt", interrupts: [{ id: "i-1" }] } });
    expect(applyEvents(history, events)).toEqual(report.messages);
    expect(report.messages.map((m) => m.id)).toEqual(["a", "res-1", "new"]);
  });
});

describe("applyEvents on what adapters do not produce", () => {
  it("matches the reference client for snapshots, activities and state-free events", async () => {
    const run = new RunBuilder({ threadId: "t", runId: "r" });
    run.start();
    const history: Message[] = [{ id: "u", role: "user", content: "hi" }];
    const events: Event[] = [
      ...run.drain(),
      { type: "ACTIVITY_SNAPSHOT", messageId: "act", activityType: "plan", content: { steps: ["a"] } } as Event,
      { type: "ACTIVITY_DELTA", messageId: "act", activityType: "plan", patch: [{ op: "add", path: "/steps/-", value: "b" }, { op: "replace", path: "/steps/0", value: "A" }] } as Event,
      { type: "ACTIVITY_DELTA", messageId: "act", activityType: "plan", patch: [{ op: "remove", path: "/nope" }] } as Event,
      { type: "STATE_SNAPSHOT", snapshot: { x: 1 } } as Event,
      { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u", role: "user", content: "hi (edited)" }, { id: "s2", role: "assistant", content: "from snapshot" }] } as Event,
      { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant", metadata: { k: 1 } } as Event,
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x", metadata: { k: 2, j: 1 } } as Event,
      { type: "TEXT_MESSAGE_END", messageId: "m" } as Event,
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f", parentMessageId: "m" } as Event,
      { type: "TOOL_CALL_END", toolCallId: "c" } as Event,
      { type: "TOOL_CALL_RESULT", messageId: "res", toolCallId: "c", content: [{ type: "text", text: "ok" }] } as Event,
      { type: "RUN_FINISHED", threadId: "t", runId: "r" } as Event,
    ];
    const report = await checkEvents(events, { initialMessages: history as never });
    // The patch that does not apply is there on purpose (both clients skip it); the kit names it.
    expect(report.issues).toEqual(["#3 ACTIVITY_DELTA: patch does not apply to activity act's content: operation 0 (remove /nope): the target does not exist"]);
    expect(applyEvents(history, events)).toEqual(report.messages);
    expect(report.messages.find((m) => m.id === "act")).toMatchObject({ content: { steps: ["A", "b"] } });
  });
});
