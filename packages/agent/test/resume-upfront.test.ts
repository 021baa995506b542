import type { Event, ResumeEntry, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent, subagent, type AgentTool } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user, type ScriptedProvider } from "./support/scripted.js";

const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("pay and delegate")] };

/** A tool needing approval that records what it did (the side effect a bad resume must not cause). */
function recorded(log: string[], name: string): AgentTool<Record<string, unknown>> {
  return { description: name, needsApproval: true, execute: (args) => (log.push(`${name} ${JSON.stringify(args)}`), "ok") };
}

/**
 * The parent's model calls its own approval-gated `pay` and, in the same step, a subagent chain of
 * `depth` agents whose innermost one calls an approval-gated `send`.
 */
function setup(depth: number) {
  const log: string[] = [];
  const models: ScriptedProvider[] = [];
  let inner = createAgent({
    id: "leaf",
    provider: (models[0] = scriptedProvider("leaf", [{ calls: [{ name: "send", args: { to: "x" }, id: "s-1" }] }, { text: "sent" }])),
    tools: { send: recorded(log, "send") },
  });
  for (let level = 1; level < depth; level++) {
    const model = scriptedProvider(`mid${level}`, [{ calls: [{ name: "next", args: { task: "go on" }, id: `n-${level}` }] }, { text: "passed on" }]);
    models.push(model);
    inner = createAgent({ id: `mid${level}`, provider: model, tools: { next: subagent({ name: "next", description: "next", agent: inner }) } });
  }
  const lead = scriptedProvider("lead", [
    { calls: [{ name: "pay", args: { amount: 5 }, id: "pay-1" }, { name: "delegate", args: { task: "send x" }, id: "d-1" }] },
    { text: "all done" },
  ]);
  models.push(lead);
  const agent = createAgent({ id: "lead", provider: lead, tools: { pay: recorded(log, "pay"), delegate: subagent({ name: "delegate", description: "delegates", agent: inner }) } });
  return { log, models, agent };
}

function interruptsOf(last: Event): Array<{ id: string; subagentRunId?: string }> {
  return (last as { outcome: { interrupts: Array<{ id: string; subagentRunId?: string }> } }).outcome.interrupts;
}

describe("a resume is judged whole before anything runs", () => {
  for (const depth of [1, 3]) {
    it(`a bad answer for a subagent ${depth} level(s) down fails the run before the parent's approved call executes`, async () => {
      const { log, models, agent } = setup(depth);
      const first = await runChecked(agent, input);
      const interrupts = interruptsOf(first.last);
      expect(interrupts.map((i) => i.id)).toContain(approvalInterruptId("pay-1"));
      const nested = interrupts.find((i) => i.subagentRunId !== undefined)!;
      expect(log).toEqual([]);

      const approvePay: ResumeEntry = { interruptId: approvalInterruptId("pay-1"), status: "resolved", payload: { approved: true } };
      const cases: Array<[ResumeEntry, string]> = [
        [{ interruptId: nested.id, status: "resolved", payload: { yes: 1 } }, "invalid_resume"],
        [{ interruptId: nested.id, status: "resolved", payload: { approved: true, editedArgs: "to y" } }, "invalid_resume"],
        [{ interruptId: nested.id.replace("s-1", "ghost"), status: "resolved", payload: { approved: true } }, "interrupt_unanswered"],
      ];
      for (const [bad, code] of cases) {
        const calls = models.map((model) => model.inputs.length);
        const run = await runChecked(agent, { threadId: "t", runId: "r2", messages: first.messages, resume: [approvePay, bad] });
        expect(run.last).toMatchObject({ type: "RUN_ERROR", code });
        // Nothing executed, nothing started, no model called: RUN_STARTED then RUN_ERROR.
        expect(log).toEqual([]);
        expect(run.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
        expect(models.map((model) => model.inputs.length)).toEqual(calls);
      }

      // The same resume with a good answer runs everything.
      const good = await runChecked(agent, {
        threadId: "t",
        runId: "r3",
        messages: first.messages,
        resume: [approvePay, { interruptId: nested.id, status: "resolved", payload: { approved: true } }],
      });
      expect(good.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
      expect(log).toEqual(['pay {"amount":5}', 'send {"to":"x"}']);
      expect(ofType(good.events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "d-1")).toMatchObject({ content: depth === 1 ? "sent" : "passed on" });
    });

    it(`an approval ${depth} level(s) down left out of the resume fails the run; the subagent call is not answered "not run"`, async () => {
      const { log, models, agent } = setup(depth);
      const first = await runChecked(agent, input);
      const nested = interruptsOf(first.last).find((i) => i.subagentRunId !== undefined)!;
      const calls = models.map((model) => model.inputs.length);
      const approvePay: ResumeEntry = { interruptId: approvalInterruptId("pay-1"), status: "resolved", payload: { approved: true } };
      // Only the parent's own interrupt is answered: the subagent's is still open (AG-UI's coverage rule).
      const run = await runChecked(agent, { threadId: "t", runId: "r2", messages: first.messages, resume: [approvePay] });
      expect(run.last).toMatchObject({ type: "RUN_ERROR", code: "interrupt_unanswered" });
      expect((run.last as { message: string }).message).toContain(nested.id.slice(nested.id.lastIndexOf("/") + 1));
      expect(run.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
      expect(log).toEqual([]);
      expect(models.map((model) => model.inputs.length)).toEqual(calls);
    });
  }
});
