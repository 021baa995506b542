import type { Message, ResumeEntry, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { FRONTEND_INTERRUPT_REASON, approvalInterruptId, createAgent, frontendInterruptId } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

/** One step calls a frontend tool (`show_map`) and a server tool needing approval (`delete_file`). */
async function interrupted() {
  const deleted: string[] = [];
  const provider = scriptedProvider("p", [
    { text: "Map and delete.", calls: [{ name: "show_map", args: { city: "Tokyo" }, id: "f1" }, { name: "delete_file", args: { path: "/tmp/a" }, id: "del-1" }] },
    { text: "Done." },
  ]);
  const agent = createAgent({
    provider,
    tools: { delete_file: { description: "Deletes a file", needsApproval: true, execute: ({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`) } },
  });
  const input: RunAgentInput = {
    threadId: "t",
    runId: "r1",
    messages: [user("Show Tokyo and delete /tmp/a")],
    tools: [{ name: "show_map", description: "Shows a map", parameters: { type: "object" } }],
  };
  const first = await runChecked(agent, input);
  const resumed = (messages: Message[], resume: ResumeEntry[]) => runChecked(agent, { ...input, runId: "r2", messages, resume });
  return { deleted, provider, first, resumed };
}

const approve: ResumeEntry = { interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true } };
const mapMessage: Message = { id: "tool-f1", role: "tool", toolCallId: "f1", content: "map shown" };

describe("a frontend call on a run that ends on an interrupt", () => {
  it("is named by an interrupt of its own next to the approval (the interrupt outcome has no pendingToolCallIds)", async () => {
    const { first, deleted } = await interrupted();
    expect(deleted).toEqual([]);
    expect(first.last).toMatchObject({
      type: "RUN_FINISHED",
      outcome: {
        type: "interrupt",
        interrupts: [
          { id: approvalInterruptId("del-1"), reason: "tool_call", toolCallId: "del-1" },
          { id: frontendInterruptId("f1"), reason: FRONTEND_INTERRUPT_REASON, toolCallId: "f1", metadata: { "agui-bridge": { toolName: "show_map", args: { city: "Tokyo" }, frontend: true } } },
        ],
      },
    });
    expect(ofType(first.events, "TOOL_CALL_RESULT")).toHaveLength(0);
  });

  it("resumes with the frontend result as the interrupt's payload: a TOOL_CALL_RESULT for it, the approved call run, the model called with both", async () => {
    const { first, deleted, provider, resumed } = await interrupted();
    const second = await resumed(first.messages, [approve, { interruptId: frontendInterruptId("f1"), status: "resolved", payload: "map shown" }]);
    expect(deleted).toEqual(["/tmp/a"]);
    const results = ofType(second.events, "TOOL_CALL_RESULT");
    expect(results.map((r) => [r.toolCallId, r.content])).toEqual([["f1", "map shown"], ["del-1", "deleted /tmp/a"]]);
    expect(bridgeOf(results[0])).toMatchObject({ frontend: true });
    expect(provider.inputs[1]!.messages.filter((m) => m.role === "tool").map((m) => [(m as { toolCallId: string }).toolCallId, m.content])).toEqual([
      ["f1", "map shown"],
      ["del-1", "deleted /tmp/a"],
    ]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    // A JSON result is sent as JSON; a cancelled one tells the model the tool did not run.
    const json = await (await interrupted()).resumed(first.messages, [approve, { interruptId: frontendInterruptId("f1"), status: "resolved", payload: { shown: true } }]);
    expect(ofType(json.events, "TOOL_CALL_RESULT")[0]).toMatchObject({ toolCallId: "f1", content: '{"shown":true}' });
    const cancelled = await (await interrupted()).resumed(first.messages, [approve, { interruptId: frontendInterruptId("f1"), status: "cancelled" }]);
    expect(bridgeOf(ofType(cancelled.events, "TOOL_CALL_RESULT")[0])).toMatchObject({ frontend: true, toolError: { code: "cancelled" } });
    expect(cancelled.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("resumes with the frontend result as a tool message (the frontend-tool way), the entry resolved without a payload or left out", async () => {
    for (const resume of [[approve, { interruptId: frontendInterruptId("f1"), status: "resolved" as const }], [approve]]) {
      const { first, deleted, provider, resumed } = await interrupted();
      const second = await resumed([...first.messages, mapMessage], resume);
      expect(deleted).toEqual(["/tmp/a"]);
      expect(ofType(second.events, "TOOL_CALL_RESULT").map((r) => r.toolCallId)).toEqual(["del-1"]);
      expect(provider.inputs[1]!.messages.filter((m) => m.role === "tool").map((m) => (m as { toolCallId: string }).toolCallId).sort()).toEqual(["del-1", "f1"]);
      expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    }
  });

  it("fails before running anything when the frontend call is left unanswered, answered twice, or resolved with no result anywhere", async () => {
    const cases: Array<[boolean, ResumeEntry[], string]> = [
      [false, [approve], "interrupt_unanswered"],
      [true, [approve, { interruptId: frontendInterruptId("f1"), status: "resolved", payload: "again" }], "invalid_resume"],
      [true, [approve, { interruptId: frontendInterruptId("f1"), status: "cancelled" }], "invalid_resume"],
      [false, [approve, { interruptId: frontendInterruptId("f1"), status: "resolved" }], "invalid_resume"],
    ];
    for (const [withMessage, resume, code] of cases) {
      const { first, deleted, provider, resumed } = await interrupted();
      const run = await resumed(withMessage ? [...first.messages, mapMessage] : first.messages, resume);
      expect(run.last).toMatchObject({ type: "RUN_ERROR", code });
      expect(run.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
      expect(deleted).toEqual([]);
      expect(provider.inputs).toHaveLength(1);
    }
  });
});

describe("a frontend call on an interrupted run of an agent used as another agent's provider", () => {
  it("the inner agent's frontend interrupt passes through the outer run, and the outer run takes its answer", async () => {
    const deleted: string[] = [];
    const model = scriptedProvider("p", [
      { calls: [{ name: "show_map", args: { city: "Tokyo" }, id: "f1" }, { name: "delete_file", args: { path: "/tmp/a" }, id: "del-1" }] },
      { text: "Done." },
    ]);
    const inner = createAgent({
      id: "inner",
      provider: model,
      tools: { delete_file: { description: "Deletes a file", needsApproval: true, execute: ({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`) } },
    });
    const outer = createAgent({ id: "outer", provider: inner });
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go")], tools: [{ name: "show_map", description: "Shows a map", parameters: { type: "object" } }] };
    const first = await runChecked(outer, input);
    expect((first.last as { outcome?: { interrupts?: Array<{ id: string }> } }).outcome?.interrupts?.map((i) => i.id)).toEqual([approvalInterruptId("del-1"), frontendInterruptId("f1")]);
    const second = await runChecked(outer, { ...input, runId: "r2", messages: first.messages, resume: [approve, { interruptId: frontendInterruptId("f1"), status: "resolved", payload: "map shown" }] });
    expect(deleted).toEqual(["/tmp/a"]);
    expect(ofType(second.events, "TOOL_CALL_RESULT").map((r) => [r.toolCallId, r.content])).toEqual([["f1", "map shown"], ["del-1", "deleted /tmp/a"]]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    // Left unanswered: judged up front through the outer run, nothing runs.
    const unanswered = await runChecked(outer, { ...input, runId: "r3", messages: first.messages, resume: [approve] });
    expect(unanswered.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(unanswered.last).toMatchObject({ code: "interrupt_unanswered" });
    expect(deleted).toEqual(["/tmp/a"]);
  });
});

describe("a frontend call an earlier turn left unanswered", () => {
  it("does not hold up the resume of a later turn's approval", async () => {
    const deleted: string[] = [];
    const provider = scriptedProvider("p", [{ calls: [{ name: "delete_file", args: { path: "/tmp/b" }, id: "del-2" }] }, { text: "Deleted." }]);
    const agent = createAgent({
      provider,
      tools: { delete_file: { description: "Deletes a file", needsApproval: true, execute: ({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`) } },
    });
    // Turn 1: the model called the frontend tool and the client never answered; the user went on.
    const history: Message[] = [
      user("Show Tokyo"),
      { id: "a-1", role: "assistant", content: "", toolCalls: [{ id: "f-old", type: "function", function: { name: "show_map", arguments: '{"city":"Tokyo"}' } }] },
      user("Never mind, delete /tmp/b", "user-2"),
    ];
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: history, tools: [{ name: "show_map", description: "Shows a map", parameters: { type: "object" } }] };
    const first = await runChecked(agent, input);
    expect((first.last as { outcome?: { interrupts?: Array<{ id: string }> } }).outcome?.interrupts?.map((i) => i.id)).toEqual([approvalInterruptId("del-2")]);
    const second = await runChecked(agent, { ...input, runId: "r2", messages: first.messages, resume: [{ interruptId: approvalInterruptId("del-2"), status: "resolved", payload: { approved: true } }] });
    expect(deleted).toEqual(["/tmp/b"]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });
  it("answered in a resume whose messages carry a new user turn, is taken like the approval of the same outcome", async () => {
    const { deleted, provider, first, resumed } = await interrupted();
    const messages = [...first.messages, user("Also, thanks", "user-2")];
    const second = await resumed(messages, [approve, { interruptId: frontendInterruptId("f1"), status: "resolved", payload: "map shown" }]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(deleted).toEqual(["/tmp/a"]);
    expect(ofType(second.events, "TOOL_CALL_RESULT").find((result) => result.toolCallId === "f1")).toMatchObject({ content: "map shown" });
    expect(provider.inputs.length).toBe(2);
    // Left out, an earlier turn's frontend call still does not hold the resume up.
    const again = await interrupted();
    const third = await again.resumed([...again.first.messages, user("Also, thanks", "user-2")], [approve]);
    expect(third.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });
});
