import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import {
  activityDeltaIssues,
  applyJsonPatch,
  checkEvents,
  knownInput,
  stateDeltaIssues,
  subagentSpawnIssues,
} from "../src/index.js";

const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
const runInput = (extra: Partial<RunAgentInput> = {}): RunAgentInput => ({ threadId: "t", runId: "r", messages: [], ...extra }) as RunAgentInput;
const noInput = knownInput([]);
const snapshot = (id: string, content: Record<string, unknown>, activityType = "plan") => ({ type: "ACTIVITY_SNAPSHOT", messageId: id, activityType, content });
const delta = (id: string, patch: unknown[], activityType = "plan") => ({ type: "ACTIVITY_DELTA", messageId: id, activityType, patch });

/** What checkEvents reports for `events`, keeping only the issues of the rule under test. */
async function reported(events: unknown[], match: string, options: Parameters<typeof checkEvents>[1] = {}): Promise<string[]> {
  return (await checkEvents(events, options)).issues.filter((issue) => issue.includes(match));
}

describe("JSON Patch application (RFC 6902)", () => {
  it("applies every operation to a copy, all or nothing", () => {
    const doc = { a: [1, 2], b: { c: 1 } };
    const patch = [
      { op: "add", path: "/a/-", value: 3 },
      { op: "replace", path: "/b/c", value: 2 },
      { op: "copy", from: "/b", path: "/d" },
      { op: "move", from: "/d/c", path: "/e" },
      { op: "remove", path: "/a/0" },
      { op: "test", path: "/e", value: 2 },
      { op: "add", path: "/x~1y", value: null },
    ];
    expect(applyJsonPatch(doc, patch)).toEqual({ ok: true, document: { a: [2, 3], b: { c: 2 }, d: {}, e: 2, "x/y": null } });
    expect(doc).toEqual({ a: [1, 2], b: { c: 1 } });
  });

  it("fails on a pointer that does not resolve, a move into its own child, and a failed test", () => {
    expect(applyJsonPatch({}, [{ op: "replace", path: "/missing", value: 1 }])).toMatchObject({ ok: false });
    expect(applyJsonPatch({ a: [] }, [{ op: "add", path: "/a/1", value: 1 }])).toMatchObject({ ok: false });
    expect(applyJsonPatch({ a: { b: {} } }, [{ op: "move", from: "/a", path: "/a/b/c" }])).toMatchObject({
      ok: false,
      error: expect.stringContaining("proper prefix"),
    });
    expect(applyJsonPatch({ a: 1 }, [{ op: "test", path: "/a", value: 2 }])).toMatchObject({ ok: false });
  });
});

describe("STATE_DELTA applies to the current state", () => {
  const bad = [started, { type: "STATE_SNAPSHOT", snapshot: { count: 1 } }, { type: "STATE_DELTA", delta: [{ op: "replace", path: "/total", value: 2 }] }, finished];

  it("reports a delta whose pointer does not resolve in the state a snapshot set", async () => {
    expect(stateDeltaIssues(bad, noInput)).toEqual([
      "#2 STATE_DELTA: does not apply to the current state: operation 0 (replace /total): the target does not exist",
    ]);
    expect(await reported(bad, "STATE_DELTA")).toHaveLength(1);
  });

  it("judges deltas against the input's state, and not at all when the state is unknown", async () => {
    const events = [started, { type: "STATE_DELTA", delta: [{ op: "remove", path: "/gone" }] }, finished];
    expect(stateDeltaIssues(events, noInput)).toEqual([]);
    expect(await reported(events, "STATE_DELTA", { input: runInput({ state: { here: 1 } }) })).toHaveLength(1);
    expect(await reported(events, "STATE_DELTA", { input: runInput({ state: { gone: 1 } }) })).toEqual([]);
  });

  it("accepts deltas that apply in sequence, a failed one leaving the state as it was", () => {
    const ok = [
      started,
      { type: "STATE_SNAPSHOT", snapshot: { items: [] } },
      { type: "STATE_DELTA", delta: [{ op: "add", path: "/items/-", value: "a" }] },
      { type: "STATE_DELTA", delta: [{ op: "test", path: "/items/0", value: "a" }, { op: "add", path: "/done", value: true }] },
      finished,
    ];
    expect(stateDeltaIssues(ok, noInput)).toEqual([]);
  });
});

describe("ACTIVITY_DELTA changes an existing activity of its type", () => {
  it("reports a patch that does not apply, a type that is not the activity's, and an id that is not an activity", async () => {
    const events = [
      started,
      snapshot("act", { steps: ["a"] }),
      delta("act", [{ op: "replace", path: "/steps/3", value: "x" }]),
      delta("act", [{ op: "add", path: "/steps/-", value: "b" }], "search"),
      { type: "TEXT_MESSAGE_START", messageId: "m" },
      { type: "TEXT_MESSAGE_END", messageId: "m" },
      delta("m", []),
      delta("later", []),
      snapshot("later", {}),
      finished,
    ];
    expect(activityDeltaIssues(events, noInput)).toEqual([
      "#2 ACTIVITY_DELTA: patch does not apply to activity act's content: operation 0 (replace /steps/3): array index 3 does not exist",
      '#3 ACTIVITY_DELTA: activityType "search" is not activity act\'s ("plan")',
      "#6 ACTIVITY_DELTA: messageId m names a text message, not an activity message",
      "#7 ACTIVITY_DELTA: messageId later names an activity only snapshotted later (#8)",
    ]);
    expect(await reported(events, "ACTIVITY_DELTA")).toHaveLength(4);
  });

  it("accepts deltas to a snapshotted or conversation activity, and an unknown id only when the conversation is not known", async () => {
    const ok = [started, snapshot("act", { steps: [] }), delta("act", [{ op: "add", path: "/steps/-", value: "a" }]), delta("act", [{ op: "test", path: "/steps/0", value: "a" }]), finished];
    expect(activityDeltaIssues(ok, noInput)).toEqual([]);
    const earlier = [{ id: "old", role: "activity" as const, activityType: "plan", content: { n: 1 } }];
    const onOld = [started, delta("old", [{ op: "replace", path: "/n", value: 2 }]), finished];
    expect(await reported(onOld, "ACTIVITY_DELTA", { initialMessages: earlier })).toEqual([]);
    expect(await reported(onOld, "ACTIVITY_DELTA")).toEqual([]);
    expect(await reported(onOld, "ACTIVITY_DELTA", { initialMessages: [] })).toEqual([
      "#1 ACTIVITY_DELTA: messageId old names no activity message of this run or its conversation",
    ]);
  });
});

describe("a subagent's spawning call is a call of the agent that spawned it", () => {
  const sub = (id: string, extra: Record<string, unknown> = {}) => ({ type: "SUBAGENT_STARTED", subagentRunId: id, name: "n", ...extra });
  const done = (id: string) => ({ type: "SUBAGENT_FINISHED", subagentRunId: id });
  const call = (id: string, subagentRunId?: string) => [
    { type: "TOOL_CALL_START", toolCallId: id, toolCallName: "delegate", ...(subagentRunId !== undefined && { subagentRunId }) },
    { type: "TOOL_CALL_END", toolCallId: id, ...(subagentRunId !== undefined && { subagentRunId }) },
  ];

  it("reports a subagent whose parentToolCallId is another agent's call", async () => {
    const events = [started, sub("a"), ...call("c1", "a"), sub("b", { parentToolCallId: "c1" }), done("b"), done("a"), finished];
    expect(subagentSpawnIssues(events, noInput)).toEqual([
      "#4 SUBAGENT_STARTED: spawned by the parent agent (parentSubagentRunId), but its parentToolCallId c1 is a call of subagent a",
    ]);
    expect(await reported(events, "spawned by")).toHaveLength(1);
    const fromInput = knownInput([], { initialMessages: [{ id: "m", role: "assistant", subagentRunId: "x", toolCalls: [{ id: "old", type: "function", function: { name: "d", arguments: "" } }] }] });
    expect(subagentSpawnIssues([started, sub("y", { parentToolCallId: "old" }), done("y"), finished], fromInput)).toEqual([
      "#1 SUBAGENT_STARTED: spawned by the parent agent (parentSubagentRunId), but its parentToolCallId old is a call of subagent x",
    ]);
  });

  it("accepts a parent's call spawning a top-level subagent and a subagent's call spawning a nested one", async () => {
    const events = [started, ...call("c0"), sub("a", { parentToolCallId: "c0" }), ...call("c1", "a"), sub("b", { parentToolCallId: "c1", parentSubagentRunId: "a" }), done("b"), done("a"), finished];
    expect(subagentSpawnIssues(events, noInput)).toEqual([]);
    expect((await checkEvents(events)).issues).toEqual([]);
  });
});

