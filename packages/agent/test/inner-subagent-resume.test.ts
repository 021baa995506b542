import type { Interrupt, Message, ProviderStreamOptions, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent, subagent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

/**
 * An outer agent over an inner agent whose subagent (`helper`, a leaf agent) suspends on an
 * approval: the inner model calls `helper` (call `s-1`), the leaf model calls `delete_file`
 * (`del-1`, needs approval). With `research`, the outer agent has a subagent of its own, which the
 * inner model calls too (`r-1`: a frontend tool for the inner agent, run by the outer agent). The
 * models answer from their input alone (no turn counter), so a new stack can resume a run another
 * stack started.
 */
function stack(options: { research?: boolean } = {}) {
  const deleted: string[] = [];
  const answered = (input: RunAgentInput): boolean => input.messages.some((m) => m.role === "tool");
  const leafModel = scriptedProvider("leaf", (input) =>
    answered(input) ? { text: "leaf done" } : { calls: [{ name: "delete_file", args: { path: "/a" }, id: "del-1" }] },
  );
  const leaf = createAgent({
    id: "leaf",
    provider: leafModel,
    tools: { delete_file: { description: "Deletes a file", needsApproval: true, execute: ({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`) } },
  });
  const model = scriptedProvider("p", (input) =>
    answered(input)
      ? { text: "Done." }
      : {
          calls: [
            { name: "helper", args: { task: "delete /a" }, id: "s-1" },
            ...(options.research === true ? [{ name: "research", args: { task: "look /a up" }, id: "r-1" }] : []),
          ],
        },
  );
  const inner = createAgent({ id: "inner", provider: model, tools: { helper: subagent({ name: "helper", description: "Helps", agent: leaf }) } });
  // What the outer agent hands the inner agent, step by step.
  const innerInputs: RunAgentInput[] = [];
  const stream = inner.stream.bind(inner);
  inner.stream = (input: RunAgentInput, streamOptions?: ProviderStreamOptions) => {
    innerInputs.push(structuredClone(input));
    return stream(input, streamOptions);
  };
  const researcher = scriptedProvider("researcher", () => ({ text: "found /a" }));
  let n = 0;
  const outer = createAgent({
    id: "outer",
    provider: inner,
    generateId: () => `run-id-${++n}`,
    ...(options.research === true && {
      tools: { research: subagent({ name: "research", description: "Researches", agent: createAgent({ id: "researcher", provider: researcher }) }) },
    }),
  });
  return { deleted, leafModel, model, innerInputs, researcher, outer };
}

const interruptsOf = (last: unknown): Interrupt[] => (last as { outcome?: { interrupts?: Interrupt[] } }).outcome?.interrupts ?? [];
const answer = (interrupts: Interrupt[], payload: unknown) => interrupts.map((i) => ({ interruptId: i.id, status: "resolved" as const, payload }));
const owners = (messages: readonly Message[]) => [...new Set(messages.flatMap((m) => (m.subagentRunId === undefined ? [] : [m.subagentRunId])))];

describe("an agent over an agent whose subagent suspends", () => {
  it("the approval raised inside the inner agent's subagent is answered through the outer run", async () => {
    const { deleted, leafModel, model, innerInputs, outer } = stack();
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go")] };
    const first = await runChecked(outer, input);
    const interrupts = interruptsOf(first.last);
    expect(interrupts.map((i) => i.id)).toEqual(["subagent:s-1/approve:del-1"]);
    expect(deleted).toEqual([]);

    const second = await runChecked(outer, { ...input, runId: "r2", messages: first.messages, resume: answer(interrupts, { approved: true }) });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(deleted).toEqual(["/a"]);
    // The inner agent was handed its subagent's messages; its model never sees them.
    expect(owners(innerInputs[1]!.messages)).toEqual(["subagent:s-1"]);
    expect(model.inputs.every((i) => i.messages.every((m) => m.subagentRunId === undefined))).toBe(true);
    // The leaf resumed from its own conversation, in its own ids.
    expect(leafModel.inputs[1]!.messages.map((m) => [m.role, m.role === "tool" ? m.toolCallId : m.id])).toEqual([
      ["user", "task"],
      ["assistant", expect.any(String)],
      ["tool", "del-1"],
    ]);
    expect(ofType(second.events, "SUBAGENT_FINISHED")).toMatchObject([{ subagentRunId: "subagent:s-1", result: "leaf done", outcome: { type: "success" } }]);
    expect(ofType(second.events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "s-1")).toMatchObject({ content: "leaf done" });
  });

  it("the messages of the outer agent's own subagents are not handed to the inner agent", async () => {
    const { deleted, researcher, innerInputs, outer } = stack({ research: true });
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go")] };
    const first = await runChecked(outer, input);
    // The outer agent ran its own subagent for the inner model's call; only the inner one is passed on.
    expect(ofType(first.events, "SUBAGENT_FINISHED").map((e) => [e.subagentRunId, e.outcome?.type])).toEqual([
      ["subagent:s-1", "suspended"],
      ["subagent:r-1", "success"],
    ]);
    const interrupts = interruptsOf(first.last);
    expect(interrupts.map((i) => i.id)).toEqual(["subagent:s-1/approve:del-1"]);
    expect(owners(first.messages).sort()).toEqual(["subagent:r-1", "subagent:s-1"]);

    const second = await runChecked(outer, { ...input, runId: "r2", messages: first.messages, resume: answer(interrupts, { approved: true }) });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(deleted).toEqual(["/a"]);
    expect(researcher.inputs).toHaveLength(1);
    expect(owners(innerInputs[1]!.messages)).toEqual(["subagent:s-1"]);
    // Everything else the outer agent has is handed over as before: its conversation, the research answer included.
    expect(innerInputs[1]!.messages.filter((m) => m.subagentRunId === undefined)).toEqual(first.messages.filter((m) => m.subagentRunId === undefined));
  });

  it("when the run re-ids the inner agent's subagent call, the subagent's namespace, messages and interrupt follow the new id, and it resumes", async () => {
    const { deleted, leafModel, outer } = stack();
    // A subagent of some earlier run used the call id `s-1`; the inner agent is not handed it, so it keeps `s-1`.
    const earlier: Message = {
      id: "sub-a1",
      role: "assistant",
      subagentRunId: "earlier-sub",
      toolCalls: [{ id: "s-1", type: "function", function: { name: "noop", arguments: "{}" } }],
    };
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go"), earlier] };
    const first = await runChecked(outer, input);
    const call = ofType(first.events, "TOOL_CALL_START").find((e) => e.toolCallName === "helper")!.toolCallId;
    expect(call).not.toBe("s-1");
    const sub = `subagent:${call}`;
    expect(ofType(first.events, "SUBAGENT_STARTED")).toMatchObject([{ subagentRunId: sub, parentToolCallId: call }]);
    expect(first.events.some((e) => (e as { subagentRunId?: string }).subagentRunId === "subagent:s-1")).toBe(false);
    const interrupts = interruptsOf(first.last);
    expect(interrupts).toMatchObject([{ id: `${sub}/approve:del-1`, subagentRunId: sub, toolCallId: `${sub}/del-1` }]);
    expect(ofType(first.events, "SUBAGENT_FINISHED")).toMatchObject([{ subagentRunId: sub, outcome: { type: "suspended", interruptIds: [`${sub}/approve:del-1`] } }]);
    const subMessages = first.messages.filter((m) => m.subagentRunId !== undefined && m.subagentRunId !== "earlier-sub");
    expect(subMessages.length).toBeGreaterThan(0);
    for (const message of subMessages) {
      expect(message.subagentRunId).toBe(sub);
      expect(message.id.startsWith(`${sub}/`)).toBe(true);
    }

    const second = await runChecked(outer, { ...input, runId: "r2", messages: first.messages, resume: answer(interrupts, { approved: true }) });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(deleted).toEqual(["/a"]);
    // The leaf saw its own ids again, whatever the run had renamed.
    expect(leafModel.inputs[1]!.messages.find((m) => m.role === "tool")).toMatchObject({ toolCallId: "del-1", content: "deleted /a" });
    expect(ofType(second.events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === call)).toMatchObject({ content: "leaf done" });
  });

  it("a denial through the outer run reaches the inner agent's subagent: nothing runs, its model is told", async () => {
    const { deleted, leafModel, outer } = stack();
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go")] };
    const first = await runChecked(outer, input);
    const interrupts = interruptsOf(first.last);
    const second = await runChecked(outer, {
      ...input,
      runId: "r2",
      messages: first.messages,
      resume: answer(interrupts, { approved: false, reason: "keep it" }),
    });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(deleted).toEqual([]);
    const told = leafModel.inputs[1]!.messages.find((m) => m.role === "tool");
    expect(told).toMatchObject({ toolCallId: "del-1" });
    expect(String(told?.content)).toContain("denied");
    expect(String(told?.content)).toContain("keep it");
    expect(ofType(second.events, "SUBAGENT_FINISHED")).toMatchObject([{ subagentRunId: "subagent:s-1", outcome: { type: "success" } }]);
  });

  it("resumes statelessly: a new stack given only the previous run's messages and the resume entries", async () => {
    const before = stack({ research: true });
    const first = await runChecked(before.outer, { threadId: "t", runId: "r1", messages: [user("go")] });
    const interrupts = interruptsOf(first.last);

    const after = stack({ research: true });
    const second = await runChecked(after.outer, { threadId: "t", runId: "r2", messages: first.messages, resume: answer(interrupts, { approved: true }) });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(before.deleted).toEqual([]);
    expect(after.deleted).toEqual(["/a"]);
    // Only the rest of the work: the leaf's and the inner model's next turns; the outer subagent is not run again.
    expect(after.leafModel.inputs).toHaveLength(1);
    expect(after.model.inputs).toHaveLength(1);
    expect(after.researcher.inputs).toHaveLength(0);
    expect(ofType(second.events, "TOOL_CALL_RESULT").map((r) => [r.toolCallId, r.content])).toEqual([
      ["subagent:s-1/del-1", "deleted /a"],
      ["s-1", "leaf done"],
    ]);
  });
});
