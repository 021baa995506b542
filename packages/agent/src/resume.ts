import { isRecord, readBridgeMetadata, subagentLocalId, type Event, type Provider, type ResumeEntry } from "@agui-bridge/core/adapter";
import { modelView, type AgentRun } from "./agent-run.js";
import { answer, argumentsOf, needsApproval, runServerCalls, type CallRef } from "./answer-calls.js";
import { approvalInterruptId } from "./approvals.js";
import { ABORTED, argsProblem, errorAnswer, parseArgs } from "./execute-tool.js";
import { runSubagent, subagentRunIdOf } from "./run-subagent.js";
import { subagentOf } from "./subagent.js";
import type { AgentTool } from "./types.js";

/** How the start of a run went: go on with the loop, or end the run. */
export type ResumeEnd = { kind: "continue" } | { kind: "aborted" } | { kind: "failed"; message: string; code: string };

/**
 * Before the first step: answers the server tool calls the conversation left open, statelessly,
 * from the messages and `input.resume`. A call that needs approval is executed (approved, possibly
 * with `editedArgs`), denied, or cancelled as its resume entry says; a suspended subagent is
 * resumed with its entries. A call that simply never got its result (an earlier run ended during
 * it) is answered as not run: the conversation comes from the client, and a call the model did not
 * make in this run is never executed without an explicit approval. An open approval without an
 * answer, an answer to nothing, or a malformed approval payload ends the run with RUN_ERROR, as
 * AG-UI's interrupt contract asks.
 */
export async function* resumeOpenCalls(agent: AgentRun): AsyncGenerator<Event, ResumeEnd, undefined> {
  const tools = agent.options.tools ?? {};
  const problem = resumeProblem(agent.input.resume ?? []);
  if (problem !== undefined) return { kind: "failed", code: "invalid_resume", message: problem };
  const entries = new Map((agent.input.resume ?? []).map((entry) => [entry.interruptId, entry]));
  const used = new Set<string>();
  const execute: Array<{ call: CallRef; tool: AgentTool<any>; args: Record<string, unknown>; fields?: Record<string, unknown> }> = [];
  const subagentCalls: Array<{ call: CallRef; tool: AgentTool<any>; args: Record<string, unknown>; resume: ResumeEntry[] }> = [];

  for (const call of openServerCalls(agent)) {
    const tool = tools[call.name]!;
    const parsed = parseArgs(argumentsOf(agent.fold.messages, call.id));
    const problem = parsed.ok ? argsProblem(tool, parsed.args) : parsed.message;
    if (subagentOf(tool) !== undefined) {
      const prefix = subagentRunIdOf(call.id);
      const resume: ResumeEntry[] = [];
      for (const [id, entry] of entries) {
        const local = subagentLocalId(prefix, id);
        if (local === undefined) continue;
        used.add(id);
        resume.push({ ...entry, interruptId: local });
      }
      if (!parsed.ok || problem !== undefined) yield* answer(agent, call.id, errorAnswer("invalid_arguments", problem ?? "invalid arguments"));
      else if (resume.length === 0) yield* answer(agent, call.id, notRun());
      else subagentCalls.push({ call, tool, args: parsed.args, resume });
      continue;
    }
    if (!parsed.ok || problem !== undefined) {
      yield* answer(agent, call.id, errorAnswer("invalid_arguments", problem ?? "invalid arguments"));
      continue;
    }
    const interruptId = approvalInterruptId(call.id);
    const entry = entries.get(interruptId);
    if (entry === undefined) {
      if (await needsApproval(tool, parsed.args)) {
        return { kind: "failed", code: "interrupt_unanswered", message: `Tool call ${call.id} (${call.name}) awaits approval: answer interrupt ${interruptId} in resume.` };
      }
      yield* answer(agent, call.id, notRun());
      continue;
    }
    used.add(interruptId);
    if (entry.status === "cancelled") {
      yield* answer(agent, call.id, errorAnswer("cancelled", "the approval request was cancelled; the tool did not run", { approved: false }));
      continue;
    }
    const payload = entry.payload;
    if (!isRecord(payload) || typeof payload.approved !== "boolean") {
      return { kind: "failed", code: "invalid_resume", message: `Resume entry ${interruptId} must carry a payload { approved: boolean, editedArgs?: object }.` };
    }
    if (!payload.approved) {
      const reason = typeof payload.reason === "string" && payload.reason !== "" ? `: ${payload.reason}` : "";
      yield* answer(agent, call.id, errorAnswer("denied", `the user denied this tool call${reason}`, { approved: false }));
      continue;
    }
    if (payload.editedArgs !== undefined) {
      const edited = payload.editedArgs;
      const editProblem = isRecord(edited) ? argsProblem(tool, edited) : "editedArgs must be an object";
      if (!isRecord(edited) || editProblem !== undefined) {
        return { kind: "failed", code: "invalid_resume", message: `Resume entry ${interruptId}: ${editProblem ?? "invalid editedArgs"}.` };
      }
      execute.push({ call, tool, args: edited, fields: { approved: true, editedArgs: edited } });
      continue;
    }
    execute.push({ call, tool, args: parsed.args, fields: { approved: true } });
  }

  const unowned = [...entries.values()].filter((entry) => !used.has(entry.interruptId));
  if (unowned.length > 0 && !raisesInterrupts(agent.options.provider)) {
    return { kind: "failed", code: "invalid_resume", message: `Resume entry ${unowned[0]!.interruptId} answers no open interrupt of this thread.` };
  }
  // The provider raises interrupts of its own (another agent): its entries go to the first step,
  // and it judges them (an answer to nothing is its RUN_ERROR invalid_resume, passed on).
  agent.forwardedResume = unowned;
  if ((yield* runServerCalls(agent, execute)) === ABORTED) return { kind: "aborted" };
  for (const { call, tool, args, resume } of subagentCalls) {
    const end = yield* runSubagent(agent, subagentOf(tool)!, {
      toolCallId: call.id,
      task: String(args.task),
      resume,
      ...(call.parentMessageId !== undefined && { parentMessageId: call.parentMessageId }),
    });
    if (end.kind === "aborted") return { kind: "aborted" };
    if (end.kind === "rejected") return { kind: "failed", code: end.code, message: end.message };
    if (end.kind === "suspended") agent.interrupts.push(...end.interrupts);
    else yield* answer(agent, call.id, end.answer);
  }
  return { kind: "continue" };
}

/**
 * What makes a `resume` array unusable as a whole: an entry that is not a ResumeEntry (a string
 * `interruptId`, `status` `resolved` or `cancelled`), or two entries answering one interrupt
 * (which answer would count is anyone's guess).
 */
function resumeProblem(resume: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const [index, entry] of resume.entries()) {
    if (!isRecord(entry) || typeof entry.interruptId !== "string") return `Resume entry ${index} has no interruptId.`;
    if (entry.status !== "resolved" && entry.status !== "cancelled") {
      return `Resume entry ${entry.interruptId} must have status "resolved" or "cancelled".`;
    }
    if (seen.has(entry.interruptId)) return `Interrupt ${entry.interruptId} is answered more than once in resume.`;
    seen.add(entry.interruptId);
  }
  return undefined;
}

/** Server (and subagent) tool calls in the conversation that no tool message answers, in order. */
function openServerCalls(agent: AgentRun): CallRef[] {
  const tools = agent.options.tools ?? {};
  const messages = modelView(agent);
  const answered = new Set(messages.flatMap((message) => (message.role === "tool" ? [message.toolCallId] : [])));
  const open: CallRef[] = [];
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      if (answered.has(call.id) || !Object.prototype.hasOwnProperty.call(tools, call.function.name)) continue;
      if (readBridgeMetadata(call.metadata)?.providerExecuted === true) continue;
      open.push({ id: call.id, name: call.function.name, parentMessageId: message.id });
    }
  }
  return open;
}

/** Whether a provider declares AG-UI interrupts of its own (an agent does, in its capabilities). */
function raisesInterrupts(provider: Provider): boolean {
  const capabilities = (provider as { capabilities?: unknown }).capabilities;
  const loop = isRecord(capabilities) ? capabilities.humanInTheLoop : undefined;
  return isRecord(loop) && loop.interrupts === true;
}

function notRun(): ReturnType<typeof errorAnswer> {
  return errorAnswer("not_run", "the call was not run: an earlier run ended before it completed");
}
