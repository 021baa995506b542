import type { Message, ResumeEntry, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent, frontendInterruptId, subagent } from "../src/index.js";
import { runChecked, scriptedProvider, user } from "./support/scripted.js";

/**
 * Turn 1 ended on the approval of `old` (never answered); the user went on, and turn 2's run ended
 * on the approval of `new`. The history still holds `old` open (a client that dropped its
 * `not_run` result, or built the messages itself).
 */
function history(extra: Message[] = []): Message[] {
  return [
    user("delete /tmp/a", "u1"),
    { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "old", type: "function", function: { name: "rm", arguments: '{"path":"/tmp/a"}' } }] },
    ...extra,
    user("delete /tmp/b instead", "u2"),
    { id: "a2", role: "assistant", content: "", toolCalls: [{ id: "new", type: "function", function: { name: "rm", arguments: '{"path":"/tmp/b"}' } }] },
  ];
}

function setup() {
  const removed: string[] = [];
  const provider = scriptedProvider("p", [{ text: "done" }]);
  const agent = createAgent({
    provider,
    tools: { rm: { description: "rm", needsApproval: true, execute: ({ path }: { path: string }) => (removed.push(path), "removed") } },
  });
  return { removed, provider, agent };
}

const yes = (id: string): ResumeEntry => ({ interruptId: id, status: "resolved", payload: { approved: true } });

describe("a resume entry answering an earlier turn's interrupt (not one the resumed run raised)", () => {
  it("is invalid_resume: nothing runs, no model is called", async () => {
    for (const resume of [[yes(approvalInterruptId("old")), yes(approvalInterruptId("new"))], [yes(approvalInterruptId("old"))]]) {
      const { removed, provider, agent } = setup();
      const run = await runChecked(agent, { threadId: "t", runId: "r3", messages: history(), resume });
      expect(run.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
      expect(run.last).toMatchObject({ code: "invalid_resume", message: expect.stringContaining(approvalInterruptId("old")) });
      expect(removed).toEqual([]);
      expect(provider.inputs).toHaveLength(0);
    }
  });

  it("the same for an earlier turn's frontend interrupt and an earlier turn's subagent", async () => {
    const { agent } = setup();
    const messages: Message[] = [
      user("show", "u0"),
      { id: "a0", role: "assistant", content: "", toolCalls: [{ id: "f-old", type: "function", function: { name: "show_map", arguments: "{}" } }] },
      ...history(),
    ];
    const input: RunAgentInput = { threadId: "t", runId: "r3", messages, tools: [{ name: "show_map", description: "map", parameters: { type: "object" } }] };
    const frontend = await runChecked(agent, { ...input, resume: [yes(approvalInterruptId("new")), { interruptId: frontendInterruptId("f-old"), status: "resolved", payload: "shown" }] });
    expect(frontend.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });

    const ran: string[] = [];
    const inner = createAgent({ provider: scriptedProvider("i", [{ text: "inner done" }]), tools: { rm: { description: "rm", needsApproval: true, execute: () => (ran.push("inner rm"), "removed") } } });
    const parent = createAgent({ provider: scriptedProvider("p", [{ text: "done" }]), tools: { helper: subagent({ name: "helper", description: "helps", agent: inner }), rm: { description: "rm", needsApproval: true, execute: () => (ran.push("rm"), "removed") } } });
    const subMessages: Message[] = [
      user("help", "u0"),
      { id: "a0", role: "assistant", content: "", toolCalls: [{ id: "h-old", type: "function", function: { name: "helper", arguments: '{"task":"rm it"}' } }] },
      { id: "s1", role: "assistant", content: "", subagentRunId: "subagent:h-old", toolCalls: [{ id: "subagent:h-old/ic", type: "function", function: { name: "rm", arguments: "{}" } }] },
      ...history(),
    ];
    const sub = await runChecked(parent, { threadId: "t", runId: "r3", messages: subMessages, resume: [yes(approvalInterruptId("new")), yes(`subagent:h-old/${approvalInterruptId("ic")}`)] });
    expect(sub.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
    expect(ran).toEqual([]);
  });

  it("the resumed turn's own interrupts still resume (a new user message sent with the resume included)", async () => {
    const { removed, agent } = setup();
    const run = await runChecked(agent, { threadId: "t", runId: "r3", messages: history(), resume: [yes(approvalInterruptId("new"))] });
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(removed).toEqual(["/tmp/b"]);
    const late = setup();
    const withNote = await runChecked(late.agent, { threadId: "t", runId: "r3", messages: [...history(), user("thanks", "u3")], resume: [yes(approvalInterruptId("new"))] });
    expect(withNote.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(late.removed).toEqual(["/tmp/b"]);
  });
});
