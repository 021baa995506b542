/**
 * A run cancelled while a subagent worked, before the subagent could ask for an approval: the run
 * after a cancelled one is an ordinary run ("the next run on the thread is an ordinary new run
 * rather than a resume", AG-UI's cancelled outcome). Retrying the same turn without `resume` asks
 * the subagent's approval then, as for the agent's own approvals (approvals.test.ts), instead of
 * failing every retry with `interrupt_unanswered` for an interrupt the client was never shown.
 */
import { describe, expect, it } from "vitest";
import { createAgent, subagent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

function setup() {
  const log: string[] = [];
  const controller = new AbortController();
  const leaf = createAgent({
    id: "leaf",
    provider: scriptedProvider("leaf", [{ calls: [{ name: "send", args: { to: "x" }, id: "s-1" }, { name: "slow", args: {}, id: "w-1" }] }, { text: "sent" }]),
    tools: {
      send: { description: "sends", needsApproval: true, approvalMessage: () => "Send to x?", execute: () => (log.push("send"), "ok") },
      // The user stops the run while this runs: the subagent's approval of `send` was collected, never raised.
      slow: { description: "slow", execute: (_args, { signal }) => new Promise((resolve) => (signal.addEventListener("abort", () => resolve("stopped")), controller.abort())) },
    },
  });
  const lead = scriptedProvider("lead", [{ calls: [{ name: "delegate", args: { task: "send x" }, id: "d-1" }] }, { text: "all done" }]);
  const agent = createAgent({ id: "lead", provider: lead, tools: { delegate: subagent({ name: "delegate", description: "delegates", agent: leaf }) } });
  return { log, controller, agent };
}

describe("a subagent's approval a cancelled run never raised", () => {
  it("is asked on an ordinary retry of the same turn (no resume); answering it runs the call", async () => {
    const { log, controller, agent } = setup();
    const first = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("send x")] }, { signal: controller.signal });
    expect(first.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });

    const retry = await runChecked(agent, { threadId: "t", runId: "r2", messages: first.messages });
    expect(retry.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt" } });
    const interrupts = (retry.last as { outcome: { interrupts: Array<{ id: string; subagentRunId?: string; message?: string }> } }).outcome.interrupts;
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0]).toMatchObject({ subagentRunId: "subagent:d-1", message: "Send to x?" });
    expect(log).toEqual([]);
    expect(ofType(retry.events, "SUBAGENT_FINISHED")).toMatchObject([{ subagentRunId: "subagent:d-1", outcome: { type: "suspended" } }]);

    const approved = await runChecked(agent, { threadId: "t", runId: "r3", messages: retry.messages, resume: [{ interruptId: interrupts[0]!.id, status: "resolved", payload: { approved: true } }] });
    expect(approved.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(log).toEqual(["send"]);
  });

  it("a resume that leaves it out still fails with interrupt_unanswered, nothing run", async () => {
    const { log, controller, agent } = setup();
    const first = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("send x")] }, { signal: controller.signal });
    const partial = await runChecked(agent, { threadId: "t", runId: "r2", messages: first.messages, resume: [] });
    expect(partial.last).toMatchObject({ type: "RUN_ERROR", code: "interrupt_unanswered" });
    expect(log).toEqual([]);
  });
});
