import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import {
  checkEvents,
  frontendToolIssues,
  knownInput,
  outcomeIssues,
  pendingCompletenessIssues,
  referenceIssues,
  runIdentityIssues,
} from "../src/index.js";

const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = (outcome?: unknown, extra: Record<string, unknown> = {}) => ({
  type: "RUN_FINISHED",
  threadId: "t",
  runId: "r",
  ...(outcome !== undefined && { outcome }),
  ...extra,
});
const call = (id: string, name = "f", parentMessageId?: string) => [
  { type: "TOOL_CALL_START", toolCallId: id, toolCallName: name, ...(parentMessageId !== undefined && { parentMessageId }) },
  { type: "TOOL_CALL_END", toolCallId: id },
];
const result = (toolCallId: string, messageId = `res-${toolCallId}`) => ({ type: "TOOL_CALL_RESULT", messageId, toolCallId, content: "ok" });
const text = (id: string, role?: string) => [
  { type: "TEXT_MESSAGE_START", messageId: id, ...(role !== undefined && { role }) },
  { type: "TEXT_MESSAGE_END", messageId: id },
];
const reasoning = (id: string) => [
  { type: "REASONING_MESSAGE_START", messageId: id, role: "reasoning" },
  { type: "REASONING_MESSAGE_END", messageId: id },
];
const encrypted = (subtype: string, entityId: string) => ({ type: "REASONING_ENCRYPTED_VALUE", subtype, entityId, encryptedValue: "x" });
const noInput = knownInput([]);
const emptyInput = knownInput([], { initialMessages: [] });
const earlier = knownInput([], {
  initialMessages: [
    { id: "u0", role: "user", content: "hi" },
    { id: "a0", role: "assistant", toolCalls: [{ id: "old", type: "function", function: { name: "f", arguments: "{}" } }] },
  ] as never,
});

describe("reference rules", () => {
  it("accepts results, parents, spawning calls and encrypted values that name what exists", async () => {
    const events = [
      started,
      ...text("m1"),
      ...call("c1", "f", "m1"),
      result("c1"),
      { type: "SUBAGENT_STARTED", subagentRunId: "s", name: "n", parentToolCallId: "c1", parentMessageId: "m1" },
      { type: "SUBAGENT_FINISHED", subagentRunId: "s" },
      ...reasoning("rm"),
      encrypted("message", "rm"),
      encrypted("tool-call", "c1"),
      finished(),
    ];
    expect(referenceIssues(events, emptyInput)).toEqual([]);
    expect((await checkEvents(events, { initialMessages: [] })).issues).toEqual([]);
    expect(referenceIssues([started, result("old", "r1"), encrypted("tool-call", "old"), encrypted("message", "u0"), finished()], earlier)).toEqual([]);
  });

  it("reports a result for a call that does not exist yet, or is still open", () => {
    expect(referenceIssues([started, result("ghost"), finished()], emptyInput)).toEqual([
      "#1 TOOL_CALL_RESULT: answers tool call ghost, which is neither a call of this run so far nor of its input",
    ]);
    expect(referenceIssues([started, result("ghost"), finished()], noInput)).toEqual([]); // input unknown: cannot tell
    expect(referenceIssues([started, result("c1"), ...call("c1"), finished()], noInput)).toEqual([
      "#1 TOOL_CALL_RESULT: answers tool call c1, which is only started later (#2)",
    ]);
    const open = [started, { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "f" }, result("c1"), { type: "TOOL_CALL_END", toolCallId: "c1" }, finished()];
    expect(referenceIssues(open, noInput)).toEqual(["#2 TOOL_CALL_RESULT: answers tool call c1 before its TOOL_CALL_END"]);
  });

  it("reports a call whose parentMessageId names a message that is not an assistant's", () => {
    expect(referenceIssues([started, ...text("u1", "user"), ...call("c1", "f", "u1"), finished()], noInput)).toEqual([
      "#3 TOOL_CALL_START: parentMessageId u1 names a user message, not an assistant message",
    ]);
    expect(referenceIssues([started, ...reasoning("rm"), ...call("c1", "f", "rm"), finished()], noInput)).toEqual([
      "#3 TOOL_CALL_START: parentMessageId rm names a reasoning message, not an assistant message",
    ]);
    expect(referenceIssues([started, ...call("c1", "f", "u0"), finished()], earlier)).toEqual([
      "#1 TOOL_CALL_START: parentMessageId u0 names a user message, not an assistant message",
    ]);
  });

  it("reports a subagent spawned by an unknown call, or naming another message than the call's", () => {
    const sub = (extra: Record<string, unknown>) => ({ type: "SUBAGENT_STARTED", subagentRunId: "s", name: "n", ...extra });
    const end = { type: "SUBAGENT_FINISHED", subagentRunId: "s" };
    expect(referenceIssues([started, sub({ parentToolCallId: "ghost" }), end, finished()], emptyInput)).toEqual([
      "#1 SUBAGENT_STARTED: parentToolCallId ghost is neither a call of this run so far nor of its input",
    ]);
    expect(referenceIssues([started, ...text("m1"), ...call("c1", "f", "m1"), sub({ parentToolCallId: "c1", parentMessageId: "m2" }), end, finished()], noInput)).toEqual([
      "#5 SUBAGENT_STARTED: parentMessageId m2 is not the message that holds tool call c1 (m1)",
    ]);
  });

  it("reports an encrypted value naming the wrong kind of entity, or one that does not exist yet", () => {
    expect(referenceIssues([started, ...call("c1"), encrypted("message", "c1"), finished()], noInput)).toEqual([
      "#3 REASONING_ENCRYPTED_VALUE: entityId c1 (subtype message) is the id of a tool call",
    ]);
    expect(referenceIssues([started, ...reasoning("rm"), encrypted("tool-call", "rm"), finished()], noInput)).toEqual([
      "#3 REASONING_ENCRYPTED_VALUE: entityId rm (subtype tool-call) is the id of a reasoning message",
    ]);
    expect(referenceIssues([started, encrypted("message", "rm"), ...reasoning("rm"), finished()], noInput)).toEqual([
      "#1 REASONING_ENCRYPTED_VALUE: entityId rm (subtype message) names a message only started later (#2)",
    ]);
    expect(referenceIssues([started, encrypted("message", "ghost"), finished()], emptyInput)).toEqual([
      "#1 REASONING_ENCRYPTED_VALUE: entityId ghost (subtype message) names no message of this run so far nor of its input",
    ]);
  });
});

describe("frontend tool rule", () => {
  const input = { threadId: "t", runId: "r", messages: [], tools: [{ name: "confirm", description: "asks the user" }] };
  it("accepts an agent-side tool answered in the run and a frontend call left unanswered", async () => {
    const events = [{ ...started, input }, ...call("c1", "search"), result("c1"), ...call("c2", "confirm"), finished({ type: "success", pendingToolCallIds: ["c2"] })];
    expect(frontendToolIssues(events, knownInput(events))).toEqual([]);
    expect((await checkEvents(events)).issues).toEqual([]);
  });

  it("does not judge a subagent's own tool that shares a frontend tool's name", () => {
    const inSubagent = (event: Record<string, unknown>) => ({ ...event, subagentRunId: "s1" });
    const events = [
      { ...started, input },
      ...call("c1", "delegate"),
      { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "helper", parentToolCallId: "c1" },
      ...call("s1-c1", "confirm").map(inSubagent),
      inSubagent(result("s1-c1")),
      { type: "SUBAGENT_FINISHED", subagentRunId: "s1", result: "done", outcome: { type: "success" } },
      result("c1"),
      finished(),
    ];
    expect(frontendToolIssues(events, knownInput(events))).toEqual([]);
    // A call inherits its message's attribution (AG-UI's Attributable): one inside a subagent's message is the subagent's.
    const inherited = [
      { ...started, input },
      { type: "TEXT_MESSAGE_START", messageId: "s1-m", role: "assistant", subagentRunId: "s1" },
      { type: "TEXT_MESSAGE_END", messageId: "s1-m", subagentRunId: "s1" },
      ...call("s1-c2", "confirm", "s1-m"),
      result("s1-c2"),
      finished(),
    ];
    expect(frontendToolIssues(inherited, knownInput(inherited))).toEqual([]);
  });

  it("reports a frontend call the producer answered itself", () => {
    const events = [{ ...started, input }, ...call("c1", "confirm"), result("c1"), finished()];
    expect(frontendToolIssues(events, knownInput(events))).toEqual([
      "#3 TOOL_CALL_RESULT: answers c1, a call to the frontend tool confirm the input advertised (the application answers it)",
    ]);
  });
});

describe("run identity rules", () => {
  const input = { threadId: "t", runId: "r", messages: [], tools: [], context: [] } as RunAgentInput;
  it("accepts a run closed under the ids it opened, echoing the input it was given", async () => {
    const events = [{ ...started, input }, finished()];
    expect(runIdentityIssues(events, input)).toEqual([]);
    expect((await checkEvents(events, { input })).issues).toEqual([]);
  });

  it("reports a RUN_FINISHED for another run, an echo of other ids, and an echo of another input", () => {
    expect(runIdentityIssues([started, finished(undefined, { runId: "r2" })])).toEqual([
      "#1 RUN_FINISHED: closes thread/run t/r2, but the run opened is t/r",
    ]);
    expect(runIdentityIssues([{ ...started, input: { ...input, runId: "other" } }, finished()])).toEqual([
      "#0 RUN_STARTED: input echoes thread/run t/other, not the run's t/r",
    ]);
    expect(runIdentityIssues([{ ...started, input }, finished()], { ...input, messages: [{ id: "u", role: "user", content: "x" }] as RunAgentInput["messages"] })).toEqual([
      "#0 RUN_STARTED: input is not the request the run was started from",
    ]);
    expect(runIdentityIssues([started, finished()], { ...input, runId: "r9" })).toEqual(["#0 RUN_STARTED: thread/run t/r is not the input's t/r9"]);
  });
});

describe("outcome details", () => {
  it("accepts an ISO 8601 expiresAt and a cancelled run without a result", () => {
    const interrupt = { id: "i1", reason: "approval", expiresAt: "2030-01-01T00:00:00Z" };
    expect(outcomeIssues([started, finished({ type: "interrupt", interrupts: [interrupt] })])).toEqual([]);
    expect(outcomeIssues([started, finished({ type: "cancelled" })])).toEqual([]);
  });

  it("reports an expiresAt that does not read as a date, and a cancelled run with a result", () => {
    const interrupt = { id: "i1", reason: "approval", expiresAt: "in five minutes" };
    expect(outcomeIssues([started, finished({ type: "interrupt", interrupts: [interrupt] })])).toEqual([
      '#1 RUN_FINISHED: interrupts[0] (i1) expiresAt "in five minutes" does not read as a date (ISO 8601)',
    ]);
    expect(outcomeIssues([started, finished({ type: "cancelled" }, { result: "partial" })])).toEqual(["#1 RUN_FINISHED: a cancelled run carries a result"]);
  });
});

describe("pendingToolCallIds completeness", () => {
  it("accepts a list naming every unanswered call, and an absent list", () => {
    expect(pendingCompletenessIssues([started, ...call("c1"), ...call("c2"), result("c2"), finished({ type: "success", pendingToolCallIds: ["c1"] })])).toEqual([]);
    expect(pendingCompletenessIssues([started, ...call("c1"), finished()])).toEqual([]);
  });

  it("reports a list that leaves an unanswered call out", () => {
    expect(pendingCompletenessIssues([started, ...call("c1"), ...call("c2"), finished({ type: "success", pendingToolCallIds: ["c2"] })])).toEqual([
      "#5 RUN_FINISHED: pendingToolCallIds leaves out unanswered call(s) c1",
    ]);
  });

  it("reports a list that leaves out a call cut off mid-arguments (closed interrupted)", async () => {
    const cut = [
      { type: "TOOL_CALL_START", toolCallId: "cut", toolCallName: "f" },
      { type: "TOOL_CALL_ARGS", toolCallId: "cut", delta: '{"a":' },
      { type: "TOOL_CALL_END", toolCallId: "cut", metadata: { "agui-bridge": { interrupted: true } } },
    ];
    const events = [started, ...cut, ...call("c2"), finished({ type: "success", pendingToolCallIds: ["c2"] })];
    const issue = "#6 RUN_FINISHED: pendingToolCallIds leaves out unanswered call(s) cut";
    expect(pendingCompletenessIssues(events)).toEqual([issue]);
    expect((await checkEvents(events)).issues).toEqual([issue]);
    const listed = [started, ...cut, ...call("c2"), finished({ type: "success", pendingToolCallIds: ["cut", "c2"] })];
    expect((await checkEvents(listed)).issues).toEqual([]);
  });

  it("exempts provider-executed calls (marked on START or on END) left without a result", async () => {
    const bridge = { "agui-bridge": { providerExecuted: true } };
    const onStart = [
      { type: "TOOL_CALL_START", toolCallId: "srv", toolCallName: "web_search", metadata: bridge },
      { type: "TOOL_CALL_END", toolCallId: "srv" },
    ];
    const onEnd = [
      { type: "TOOL_CALL_START", toolCallId: "prog", toolCallName: "program" },
      { type: "TOOL_CALL_END", toolCallId: "prog", metadata: bridge },
    ];
    const events = [started, ...onStart, ...onEnd, ...call("c1"), finished({ type: "success", pendingToolCallIds: ["c1"] })];
    expect(pendingCompletenessIssues(events)).toEqual([]);
    expect((await checkEvents(events)).issues).toEqual([]);
    // Only `true` exempts; another producer's key, or a false flag, does not.
    const notExempt = [
      started,
      { type: "TOOL_CALL_START", toolCallId: "x", toolCallName: "f", metadata: { other: { providerExecuted: true }, "agui-bridge": { providerExecuted: false } } },
      { type: "TOOL_CALL_END", toolCallId: "x" },
      ...call("c1"),
      finished({ type: "success", pendingToolCallIds: ["c1"] }),
    ];
    expect(pendingCompletenessIssues(notExempt)).toEqual(["#5 RUN_FINISHED: pendingToolCallIds leaves out unanswered call(s) x"]);
  });

  it("is run by checkEvents", async () => {
    const events = [started, ...call("c1"), ...call("c2"), finished({ type: "success", pendingToolCallIds: ["c2"] })];
    expect((await checkEvents(events)).issues).toEqual(["#5 RUN_FINISHED: pendingToolCallIds leaves out unanswered call(s) c1"]);
  });
});
