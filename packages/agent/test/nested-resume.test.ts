import { type Message, type ResumeEntry, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

/** An outer agent whose model is an inner agent; the inner agent's tool needs approval. */
function nested() {
  const deleted: string[] = [];
  const model = scriptedProvider("p", [
    { text: "I will delete it.", calls: [{ name: "delete_file", args: { path: "/tmp/a.txt" }, id: "del-1" }], usage: { inputTokens: 50, outputTokens: 5 } },
    { text: "Done.", usage: { inputTokens: 70, outputTokens: 3 } },
  ]);
  const inner = createAgent({
    id: "inner",
    provider: model,
    tools: {
      delete_file: {
        description: "Deletes a file",
        parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
        needsApproval: true,
        execute: ({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`),
      },
    },
  });
  const outer = createAgent({ id: "outer", provider: inner });
  return { deleted, model, outer };
}

const resumeWith = (messages: Message[], resume: ResumeEntry[]): RunAgentInput => ({ threadId: "t", runId: "r2", messages, resume });

describe("an agent over an agent: interrupts raised inside are answered through the outer run", () => {
  it("the inner approval ends the outer run with its interrupt; the resume reaches the inner agent, which runs the call and goes on", async () => {
    const { deleted, model, outer } = nested();
    const first = await runChecked(outer, { threadId: "t", runId: "r1", messages: [user("Delete /tmp/a.txt")] });
    expect(first.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt", interrupts: [{ id: approvalInterruptId("del-1"), toolCallId: "del-1" }] } });
    expect(deleted).toEqual([]);

    const second = await runChecked(outer, resumeWith(first.messages, [{ interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true } }]));
    expect(deleted).toEqual(["/tmp/a.txt"]);
    expect(ofType(second.events, "TOOL_CALL_RESULT").map((r) => [r.toolCallId, r.content])).toEqual([["del-1", "deleted /tmp/a.txt"]]);
    expect(model.inputs[1]!.messages.some((m) => m.role === "tool" && m.toolCallId === "del-1")).toBe(true);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ inputTokens: 70, outputTokens: 3 }] });
  });

  it("a denial reaches the inner agent too, and an answer to nothing is still RUN_ERROR invalid_resume", async () => {
    const { deleted, outer } = nested();
    const first = await runChecked(outer, { threadId: "t", runId: "r1", messages: [user("Delete /tmp/a.txt")] });
    const denied = await runChecked(outer, resumeWith(first.messages, [{ interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: false } }]));
    expect(deleted).toEqual([]);
    expect(denied.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const ghost = await runChecked(outer, resumeWith(first.messages, [
      { interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true } },
      { interruptId: "approve:ghost", status: "resolved", payload: { approved: true } },
    ]));
    expect(ghost.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
    // Judged before the outer run starts a step: the inner agent is asked up front, not at step 1.
    expect(ghost.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(deleted).toEqual([]);
  });

  it("over a plain provider (no interrupts of its own), an unknown resume entry is RUN_ERROR invalid_resume", async () => {
    const plain = scriptedProvider("p", [{ text: "hi" }]);
    const agent = createAgent({ provider: plain });
    const run = await runChecked(agent, resumeWith([user("hi")], [{ interruptId: "approve:ghost", status: "resolved", payload: { approved: true } }]));
    expect(run.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
    expect(plain.inputs).toHaveLength(0);
  });
});
