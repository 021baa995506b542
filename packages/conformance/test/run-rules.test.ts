import { describe, expect, it } from "vitest";
import { checkEvents, outcomeIssues, subagentIssues, usageIssues } from "../src/index.js";

const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = (outcome?: unknown) => ({ type: "RUN_FINISHED", threadId: "t", runId: "r", ...(outcome !== undefined && { outcome }) });
const sub = (id: string, parent?: string) => ({ type: "SUBAGENT_STARTED", subagentRunId: id, name: "n", ...(parent !== undefined && { parentSubagentRunId: parent }) });
const subDone = (id: string, outcome?: unknown) => ({ type: "SUBAGENT_FINISHED", subagentRunId: id, ...(outcome !== undefined && { outcome }) });
const call = (id: string, subagentRunId?: string) => [
  { type: "TOOL_CALL_START", toolCallId: id, toolCallName: "f", ...(subagentRunId !== undefined && { subagentRunId }) },
  { type: "TOOL_CALL_END", toolCallId: id, ...(subagentRunId !== undefined && { subagentRunId }) },
];
const interrupt = (id: string, extra: Record<string, unknown> = {}) => ({ id, reason: "tool_call", ...extra });

describe("subagent rules", () => {
  it("accepts nested invocations that end innermost first, with their work attributed while active", async () => {
    const events = [started, sub("a"), sub("a/b", "a"), ...call("c1", "a/b"), subDone("a/b"), subDone("a"), finished()];
    expect((await checkEvents(events)).issues).toEqual([]);
  });

  it("reports work attributed to an invocation that never started or already ended", () => {
    expect(subagentIssues([started, ...call("c1", "ghost"), finished()])).toEqual([
      "#1 TOOL_CALL_START: attributed to subagent ghost, which is not active (it was never started)",
      "#2 TOOL_CALL_END: attributed to subagent ghost, which is not active (it was never started)",
    ]);
    expect(subagentIssues([started, sub("a"), subDone("a"), { type: "CUSTOM", name: "x", value: 1, subagentRunId: "a" }, finished()])).toEqual([
      "#3 CUSTOM: attributed to subagent a, which is not active (it already ended)",
    ]);
  });

  it("reports a content or END attributed otherwise than its START (an END a run closed without the subagent's id)", async () => {
    const text = (type: string, subagentRunId?: string) => ({ type, messageId: "m", ...(type === "TEXT_MESSAGE_CONTENT" && { delta: "x" }), ...(subagentRunId !== undefined && { subagentRunId }) });
    const cut = [started, sub("a"), text("TEXT_MESSAGE_START", "a"), text("TEXT_MESSAGE_CONTENT", "a"), text("TEXT_MESSAGE_END"), subDone("a"), finished()];
    expect(subagentIssues(cut)).toEqual(["#4 TEXT_MESSAGE_END: text message m is attributed to the parent agent, its start to subagent a"]);
    expect((await checkEvents(cut)).issues).toContain("#4 TEXT_MESSAGE_END: text message m is attributed to the parent agent, its start to subagent a");
    const [start] = call("c", "a");
    expect(subagentIssues([started, sub("a"), sub("a/b", "a"), start!, { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: "{}", subagentRunId: "a/b" }, { type: "TOOL_CALL_END", toolCallId: "c", subagentRunId: "a" }, subDone("a/b"), subDone("a"), finished()])).toEqual([
      "#4 TOOL_CALL_ARGS: tool call c is attributed to subagent a/b, its start to subagent a",
    ]);
    const span = [started, sub("a"), { type: "REASONING_START", messageId: "r", subagentRunId: "a" }, { type: "REASONING_END", messageId: "r" }, subDone("a"), finished()];
    expect(subagentIssues(span)).toEqual(["#3 REASONING_END: reasoning span r is attributed to the parent agent, its start to subagent a"]);
    // Consistent attribution, the parent's and a subagent's, is fine; an id reused after its END is a new entity.
    const ok = [started, text("TEXT_MESSAGE_START"), text("TEXT_MESSAGE_END"), sub("a"), text("TEXT_MESSAGE_START", "a"), text("TEXT_MESSAGE_END", "a"), subDone("a"), finished()];
    expect(subagentIssues(ok)).toEqual([]);
  });

  it("reports an invocation spawned by an ended one, or ending before what it spawned", () => {
    expect(subagentIssues([started, sub("a"), subDone("a"), sub("b", "a"), subDone("b"), finished()])).toEqual([
      "#3 SUBAGENT_STARTED: parentSubagentRunId a is not an active subagent (it already ended)",
    ]);
    expect(subagentIssues([started, sub("a"), sub("a/b", "a"), subDone("a"), subDone("a/b"), finished()])).toEqual([
      "#3 SUBAGENT_FINISHED: subagent a ends while its subagent(s) a/b are still active",
    ]);
  });

  it("reports steps and subagents left open at RUN_ERROR", async () => {
    const report = await checkEvents([started, { type: "STEP_STARTED", stepName: "s" }, sub("a"), { type: "RUN_ERROR", message: "x" }]);
    expect(report.issues).toContain("#3 RUN_ERROR: still open: step s, subagent a");
  });
});

describe("outcome rules", () => {
  it("accepts a suspended subagent whose interrupt is on the run's outcome", async () => {
    const events = [
      started,
      sub("a"),
      ...call("c1", "a"),
      subDone("a", { type: "suspended", interruptIds: ["i1"] }),
      finished({ type: "interrupt", interrupts: [interrupt("i1", { subagentRunId: "a", toolCallId: "c1" })] }),
    ];
    expect((await checkEvents(events)).issues).toEqual([]);
  });

  it("reports a suspended subagent listing an interrupt the run does not carry, or one it does not own", () => {
    expect(outcomeIssues([started, sub("a"), subDone("a", { type: "suspended", interruptIds: ["local"] }), finished({ type: "interrupt", interrupts: [interrupt("run-level", { subagentRunId: "a" })] })])).toEqual([
      "#3 RUN_FINISHED: subagent a lists interrupt local, which is not on the run's interrupt outcome",
    ]);
    expect(outcomeIssues([started, sub("a"), subDone("a", { type: "suspended", interruptIds: ["i1"] }), finished({ type: "interrupt", interrupts: [interrupt("i1")] })])).toEqual([
      "#3 RUN_FINISHED: subagent a lists interrupt i1, which belongs to the parent agent",
    ]);
  });

  it("reports a success while a subagent is suspended, and interrupts owned by a subagent that did not suspend", () => {
    expect(outcomeIssues([started, sub("a"), subDone("a", { type: "suspended" }), finished()])).toEqual([
      "#3 RUN_FINISHED: ends as a success while subagent a is suspended (#1) awaiting an answer",
    ]);
    expect(outcomeIssues([started, sub("a"), subDone("a"), finished({ type: "interrupt", interrupts: [interrupt("i1", { subagentRunId: "a" }), interrupt("i2", { subagentRunId: "b" })] })])).toEqual([
      "#3 RUN_FINISHED: interrupts[0] (i1) belongs to subagent a, which ended success rather than suspended",
      "#3 RUN_FINISHED: interrupts[1] (i2) belongs to subagent b, which this run never started",
    ]);
  });

  it("reports repeated interrupt ids and interrupts about unknown tool calls", async () => {
    expect(outcomeIssues([started, ...call("c1"), finished({ type: "interrupt", interrupts: [interrupt("i1", { toolCallId: "c1" }), interrupt("i1", { toolCallId: "c9" })] })])).toEqual([
      "#3 RUN_FINISHED: interrupt id i1 appears more than once",
      "#3 RUN_FINISHED: interrupts[1] (i1) concerns tool call c9, which is neither in this run nor in its input",
    ]);
    // A call of the conversation the run started from is known.
    const initialMessages = [{ id: "a1", role: "assistant" as const, toolCalls: [{ id: "c9", type: "function" as const, function: { name: "f", arguments: "{}" } }] }];
    const report = await checkEvents([started, finished({ type: "interrupt", interrupts: [interrupt("i1", { toolCallId: "c9" })] })], { initialMessages });
    expect(report.issues).toEqual([]);
  });

  it("reports pendingToolCallIds that name answered, unknown, repeated or reordered calls", () => {
    const result = { type: "TOOL_CALL_RESULT", messageId: "m", toolCallId: "c2", content: "x" };
    const events = [started, ...call("c1"), ...call("c2"), ...call("c3"), result, finished({ type: "success", pendingToolCallIds: ["c3", "c1", "c2", "c9", "c3"] })];
    expect(outcomeIssues(events)).toEqual([
      "#8 RUN_FINISHED: pendingToolCallIds is not in the order the calls were made (c1)",
      "#8 RUN_FINISHED: pendingToolCallIds names c2, which this run answered",
      "#8 RUN_FINISHED: pendingToolCallIds names c9, which this run did not start",
      "#8 RUN_FINISHED: pendingToolCallIds names c3 twice",
    ]);
  });

  it("counts a call started by TOOL_CALL_CHUNK (a new toolCallId) as started, in both directions", async () => {
    const chunked = [started, { type: "TOOL_CALL_CHUNK", toolCallId: "c1", toolCallName: "f", delta: "{}" }, ...call("c2")];
    // Listing it is right; leaving it out of a non-empty list is not.
    expect((await checkEvents([...chunked, finished({ type: "success", pendingToolCallIds: ["c1", "c2"] })])).issues).toEqual([]);
    expect((await checkEvents([...chunked, finished({ type: "success", pendingToolCallIds: ["c2"] })])).issues).toEqual([
      "#4 RUN_FINISHED: pendingToolCallIds leaves out unanswered call(s) c1",
    ]);
  });
});

describe("usage entries", () => {
  it("reports two entries for one provider and model", () => {
    expect(usageIssues([{ provider: "p", model: "m", inputTokens: 1 }, { provider: "p", model: "n", inputTokens: 1 }, { provider: "p", model: "m", inputTokens: 2 }])).toEqual([
      "usage[2] repeats the provider and model of usage[0] (one entry per provider and model)",
    ]);
  });
});
