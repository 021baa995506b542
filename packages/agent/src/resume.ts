import type { Event } from "@agui-bridge/core/adapter";
import type { AgentRun } from "./agent-run.js";
import { toolApprovalInterrupt } from "./approvals.js";
import { answer, runServerCalls } from "./answer-calls.js";
import { ABORTED } from "./execute-tool.js";
import { planResume, type ResumeAction } from "./resume-plan.js";
import { runSubagent } from "./run-subagent.js";

/** How the start of a run went: go on with the loop, or end the run. */
export type ResumeEnd = { kind: "continue" } | { kind: "aborted" } | { kind: "failed"; message: string; code: string };

/**
 * Before the first step: answers the calls the conversation left open, statelessly, from the
 * messages and `input.resume`. The whole resume is judged first ({@link planResume}: the agent's
 * approvals and frontend results, every suspended subagent's entries however nested, the entries
 * for a provider that is an agent); a bad one ends the run with RUN_ERROR (`invalid_resume` /
 * `interrupt_unanswered`, as AG-UI's interrupt contract asks) before any tool runs or any model is
 * called. Then: results that run nothing (errors, denials, `not_run`, frontend results), the
 * approved server calls (in parallel), the suspended subagents (one after the other). A call that
 * simply never got its result (an earlier run ended during it) is answered as not run: the
 * conversation comes from the client, and a call the model did not make in this run is never
 * executed without an explicit approval.
 */
export async function* resumeOpenCalls(agent: AgentRun): AsyncGenerator<Event, ResumeEnd, undefined> {
  const plan = await planResume(agent.options, agent.input, agent.warn);
  if (!plan.ok) return { kind: "failed", code: plan.code, message: plan.message };
  // Entries for the provider's own interrupts (an agent over an agent) go to the first step.
  agent.forwardedResume = plan.forwarded;
  const of = <K extends ResumeAction["kind"]>(kind: K) => plan.actions.filter((action): action is Extract<ResumeAction, { kind: K }> => action.kind === kind);

  for (const { call, reply } of of("answer")) yield* answer(agent, call.id, reply);
  // Approvals never asked (a run cancelled before it could): the run ends asking for them.
  for (const { call, tool, args } of of("ask")) agent.interrupts.push(toolApprovalInterrupt(call, tool, args, agent.warn));
  if ((yield* runServerCalls(agent, of("execute"))) === ABORTED) return { kind: "aborted" };
  for (const { call, sub, task, resume } of of("subagent")) {
    const end = yield* runSubagent(agent, sub, {
      toolCallId: call.id,
      task,
      resume,
      ...(call.parentMessageId !== undefined && { parentMessageId: call.parentMessageId }),
    });
    if (end.kind === "aborted") return { kind: "aborted" };
    // Only a subagent that is not an agent of this package can still refuse here (it could not be asked first).
    if (end.kind === "rejected") return { kind: "failed", code: end.code, message: end.message };
    if (end.kind === "suspended") agent.interrupts.push(...end.interrupts);
    else yield* answer(agent, call.id, end.answer);
  }
  return { kind: "continue" };
}
