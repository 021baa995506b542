import type { Interrupt, Message, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent, subagent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const interruptsOf = (last: unknown): Interrupt[] => (last as { outcome?: { interrupts?: Interrupt[] } }).outcome?.interrupts ?? [];

describe("a subagent's own subagent whose call the run gave a new id", () => {
  /**
   * `lead` runs the subagent `mid` (call `m`); mid's model calls its subagent `leaf` (call `c`),
   * whose model calls `delete_file` (needs approval). The lead's conversation already holds the id
   * `subagent:m/c` (a call of some other subagent, not mid's), so the run gives mid's call a new id
   * in mid's namespace, and leaf's invocation, messages and interrupt follow it.
   */
  it("the nested invocation is named after the call's new id, and the approval resumes it", async () => {
    const deleted: string[] = [];
    const answered = (input: RunAgentInput): boolean => input.messages.some((m) => m.role === "tool");
    const leafModel = scriptedProvider("leaf", (input) => (answered(input) ? { text: "leaf done" } : { calls: [{ name: "delete_file", args: { path: "/a" }, id: "del-1" }] }));
    const leaf = createAgent({
      id: "leaf",
      provider: leafModel,
      tools: { delete_file: { description: "Deletes", needsApproval: true, execute: ({ path }: { path: string }) => (deleted.push(path), "ok") } },
    });
    const midModel = scriptedProvider("mid", (input) => (answered(input) ? { text: "mid done" } : { calls: [{ name: "leaf", args: { task: "delete /a" }, id: "c" }] }));
    const mid = createAgent({ id: "mid", provider: midModel, tools: { leaf: subagent({ name: "leaf", description: "Deletes", agent: leaf }) } });
    const leadModel = scriptedProvider("lead", (input) => (answered(input) ? { text: "Done." } : { calls: [{ name: "mid", args: { task: "clean up" }, id: "m" }] }));
    let n = 0;
    const lead = createAgent({ provider: leadModel, generateId: () => `run-id-${++n}`, tools: { mid: subagent({ name: "mid", description: "Cleans", agent: mid }) } });
    const earlier: Message = {
      id: "other-1",
      role: "assistant",
      subagentRunId: "other",
      toolCalls: [{ id: "subagent:m/c", type: "function", function: { name: "noop", arguments: "{}" } }],
    };
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go"), earlier] };

    const first = await runChecked(lead, input);
    const call = ofType(first.events, "TOOL_CALL_START").find((e) => e.toolCallName === "leaf")!.toolCallId;
    expect(call).not.toBe("subagent:m/c");
    const local = call.slice("subagent:m/".length);
    const nested = `subagent:m/subagent:${local}`;
    expect(ofType(first.events, "SUBAGENT_STARTED").map((e) => e.subagentRunId)).toEqual(["subagent:m", nested]);
    const interrupts = interruptsOf(first.last);
    expect(interrupts).toMatchObject([{ id: `${nested}/approve:del-1`, subagentRunId: nested, toolCallId: `${nested}/del-1` }]);

    const resume = interrupts.map((i) => ({ interruptId: i.id, status: "resolved" as const, payload: { approved: true } }));
    const second = await runChecked(lead, { ...input, runId: "r2", messages: first.messages, resume });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(deleted).toEqual(["/a"]);
    expect(leafModel.inputs.at(-1)!.messages.find((m) => m.role === "tool")).toMatchObject({ toolCallId: "del-1", content: "ok" });
  });
});
