import { isRecord, readBridgeMetadata, subagentLocalId, type BridgeMetadata, type Message, type Provider, type ResumeEntry, type RunAgentInput, type WarningHandler } from "@agui-bridge/core/adapter";
import { argumentsOf, cutOffAnswer, isCutOff, needsApproval, type CallRef } from "./answer-calls.js";
import { approvalInterruptId } from "./approvals.js";
import { offeredTools, ownTools } from "./capabilities.js";
import { argsProblem, capAnswer, errorAnswer, parseArgs, type ToolAnswer } from "./execute-tool.js";
import { resultContent } from "./result-json.js";
import { frontendInterruptId } from "./frontend-calls.js";
import { providerMessages } from "./provider-view.js";
import { subagentMessages, subagentRunIdOf } from "./run-subagent.js";
import { subagentOf } from "./subagent.js";
import type { AgentTool, CreateAgentOptions, SubagentOptions } from "./types.js";

/**
 * What a resume is judged against: the run's messages, frontend tools and resume entries, and
 * whether the run is a resume at all (`resuming`, by default: the input carries `resume`, as
 * `@ag-ui/client` sends it only when resuming).
 */
export type ResumeView = Pick<RunAgentInput, "messages" | "tools" | "resume"> & { resuming?: boolean };

/** Why a run cannot continue from its `resume` (the run ends RUN_ERROR with `code`). */
export interface ResumeFailure {
  code: string;
  message: string;
}

/** One thing the start of a run does for a call the conversation left open. */
export type ResumeAction =
  /** A result that runs nothing: an error, a denial, a frontend result from `resume`. */
  | { kind: "answer"; call: CallRef; reply: ToolAnswer }
  /** An approved server call: executed with these arguments. */
  | { kind: "execute"; call: CallRef; tool: AgentTool<any>; args: Record<string, unknown>; fields: BridgeMetadata }
  /**
   * A suspended subagent: resumed with its entries (ids local to it); with none, run again as an
   * ordinary run of its own, to ask what it never asked (an ordinary run of the turn).
   */
  | { kind: "subagent"; call: CallRef; sub: SubagentOptions; task: string; resume: ResumeEntry[] }
  /** An approval the turn needs and never asked for (an ordinary run, not a resume): asked now. */
  | { kind: "ask"; call: CallRef; tool: AgentTool<any>; args: Record<string, unknown> };

/** The start of a run, decided before anything runs: what to do, or why the run must fail. */
export type ResumePlan = { ok: true; actions: ResumeAction[]; forwarded: ResumeEntry[] } | ({ ok: false } & ResumeFailure);

const RESUME_CHECK = Symbol.for("@agui-bridge/agent.resume-check");

/** A provider's own judgement of resume entries meant for it (what an agent attaches). */
type ResumeCheck = (view: ResumeView) => Promise<ResumeFailure | undefined>;

/** Attaches to an agent the check a parent runs on the resume entries it would hand it. */
export function attachResumeCheck<T extends object>(provider: T, options: CreateAgentOptions): T {
  const check: ResumeCheck = async (view) => {
    const plan = await planResume(options, view);
    return plan.ok ? undefined : { code: plan.code, message: plan.message };
  };
  Object.defineProperty(provider, RESUME_CHECK, { value: check, enumerable: false });
  return provider;
}

function resumeCheckOf(provider: Provider): ResumeCheck | undefined {
  const check = (provider as { [RESUME_CHECK]?: unknown })[RESUME_CHECK];
  return typeof check === "function" ? (check as ResumeCheck) : undefined;
}

/**
 * The one place a run's `resume` is judged. Decides, from the messages and `resume` alone
 * (statelessly), what the start of the run does with each call the conversation left open, and
 * checks every answer of the whole run before anything runs: the agent's own approvals and
 * frontend results, the entries of each suspended subagent (by that subagent's own check, so
 * however deeply nested), and the entries handed on to a provider that is itself an agent (asked
 * on every resume, with or without entries of its own, as its first step would judge it). A
 * malformed payload, an answer to nothing (an unknown interrupt id, or a stale one: an interrupt of
 * a turn before the run being resumed), an open interrupt left unanswered or two answers to one
 * call fail the plan, so a bad resume ends the run with nothing executed and no model called.
 *
 * A provider or subagent that raises interrupts but is not an agent of this package cannot be
 * asked beforehand: its entries are handed on unchecked and it judges them itself.
 */
export async function planResume(options: CreateAgentOptions, view: ResumeView, warn?: WarningHandler): Promise<ResumePlan> {
  const resume = view.resume ?? [];
  // A run that carries `resume` (even empty) continues from an interrupt; one without is ordinary.
  const resuming = view.resuming ?? view.resume !== undefined;
  const problem = resumeProblem(resume);
  if (problem !== undefined) return { ok: false, code: "invalid_resume", message: problem };
  const entries = new Map(resume.map((entry) => [entry.interruptId, entry]));
  const used = new Set<string>();
  const actions: ResumeAction[] = [];
  const tools = ownTools(options.tools, view.tools);
  const messages = view.messages.filter((message) => message.subagentRunId === undefined);
  const answered = new Set(messages.flatMap((message) => (message.role === "tool" ? [message.toolCallId] : [])));
  const frontendNames = new Set((view.tools ?? []).map((tool) => tool.name).filter((name) => !Object.hasOwn(tools, name)));

  for (const { call, kind, inTurn, resumable } of openCalls(messages, tools, frontendNames, answered)) {
    // An entry answering an interrupt of a turn before the one being resumed answers nothing the
    // run being resumed raised: invalid_resume, as an entry for an unknown id is; nothing runs.
    const stale = resumable ? undefined : resume.find((entry) => answersCall(entry.interruptId, call.id));
    if (stale !== undefined) {
      return {
        ok: false,
        code: "invalid_resume",
        message: `Resume entry ${stale.interruptId} answers an interrupt of an earlier turn (tool call ${call.id}), not one the run being resumed raised; it is not run.`,
      };
    }
    if (kind === "frontend") {
      // A frontend call before the last user message is judged only when an entry answers it (its
      // interrupt was raised by the run being resumed, the client adding a user message to the
      // resume): left out, it does not hold the resume up.
      if (!inTurn && !entries.has(frontendInterruptId(call.id))) continue;
      const decided = frontendAction(call, entries.get(frontendInterruptId(call.id)), answered.has(call.id), resume.length > 0, options);
      if (decided === undefined) continue;
      if ("code" in decided) return { ok: false, ...decided };
      used.add(frontendInterruptId(call.id));
      if (decided.action !== undefined) actions.push(decided.action);
      continue;
    }
    // A call cut off mid-arguments (an earlier run cancelled before answering it) is never run,
    // approved or not, whatever its arguments read as: answered as answerCalls answers it.
    if (isCutOff(view.messages, call.id)) {
      actions.push({ kind: "answer", call, reply: cutOffAnswer() });
      continue;
    }
    const tool = tools[call.name]!;
    const parsed = parseArgs(argumentsOf(view.messages, call.id));
    const invalid = parsed.ok ? argsProblem(tool, parsed.args) : parsed.message;
    const sub = subagentOf(tool);
    if (sub !== undefined) {
      const subagentRunId = subagentRunIdOf(call.id);
      const local: ResumeEntry[] = [];
      for (const [id, entry] of entries) {
        const localId = subagentLocalId(subagentRunId, id);
        if (localId === undefined) continue;
        used.add(id);
        local.push({ ...entry, interruptId: localId });
      }
      if (!parsed.ok || invalid !== undefined) {
        actions.push({ kind: "answer", call, reply: errorAnswer("invalid_arguments", invalid ?? "invalid arguments") });
        continue;
      }
      const task = String(parsed.args.task);
      // An earlier turn's invocation no entry answers was left behind (see below): not run.
      if (local.length === 0 && !inTurn) {
        actions.push({ kind: "answer", call, reply: notRun() });
        continue;
      }
      // Asked even with no entry of its own: a suspended invocation's open approval, left out of
      // the resume, is unanswered (as one of this agent's own would be), not a call that never ran.
      // Judged as a resume of the invocation (its interrupts were raised when it suspended).
      const rejected = await resumeCheckOf(sub.agent)?.({ messages: subagentMessages(view.messages, subagentRunId, task), resume: local, resuming: true });
      if (rejected?.code === "interrupt_unanswered" && !resuming) {
        // An ordinary run of the turn (no resume), as after a run cancelled before the invocation
        // could ask: it runs again as an ordinary run of its own and asks now, as this agent asks
        // its own approvals (below).
        actions.push({ kind: "subagent", call, sub, task, resume: [] });
        continue;
      }
      if (rejected !== undefined) return { ok: false, code: rejected.code, message: `${sub.name} (${subagentRunId}) could not resume: ${rejected.message}` };
      actions.push(local.length === 0 ? { kind: "answer", call, reply: notRun() } : { kind: "subagent", call, sub, task, resume: local });
      continue;
    }
    if (!parsed.ok || invalid !== undefined) {
      actions.push({ kind: "answer", call, reply: errorAnswer("invalid_arguments", invalid ?? "invalid arguments") });
      continue;
    }
    const interruptId = approvalInterruptId(call.id);
    const entry = entries.get(interruptId);
    if (entry === undefined) {
      // Only the turn being resumed holds the run up: an approval of an earlier turn that no entry
      // answers was never asked (the run that made the call was cancelled before it could ask, and
      // a cancelled run asks for nothing) or was given up by a new user turn; it is not run.
      if (inTurn && (await needsApproval(tool, parsed.args, call, warn))) {
        // An ordinary run (no resume) after a run cancelled before it asked: "the next run on the
        // thread is an ordinary new run rather than a resume" (AG-UI's cancelled outcome), so the
        // approval is asked now. A resume that leaves it out breaks the interrupt contract.
        if (!resuming) {
          actions.push({ kind: "ask", call, tool, args: parsed.args });
          continue;
        }
        return { ok: false, code: "interrupt_unanswered", message: `Tool call ${call.id} (${call.name}) awaits approval: answer interrupt ${interruptId} in resume.` };
      }
      actions.push({ kind: "answer", call, reply: notRun() });
      continue;
    }
    used.add(interruptId);
    const decided = approvalAction(call, tool, parsed.args, entry);
    if ("code" in decided) return { ok: false, ...decided };
    actions.push(decided);
  }

  const unowned = resume.filter((entry) => !used.has(entry.interruptId));
  const provider = options.provider;
  const check = resumeCheckOf(provider);
  if (check !== undefined && resume.length > 0) {
    // The provider is an agent: it gets these entries on the first step, after this plan's answers.
    // Asked even when no entry is its own: an approval of its own left unanswered (next to one of
    // this agent's, answered) must fail the run before this agent executes anything.
    const answers = actions.map((action): Message => ({ id: `planned:${action.call.id}`, role: "tool", toolCallId: action.call.id, content: "" }));
    const rejected = await check({ messages: [...providerMessages(view.messages, tools, options), ...answers], tools: offeredTools(options, view.tools), resume: unowned, resuming: true });
    if (rejected !== undefined) return { ok: false, ...rejected };
  } else if (unowned.length > 0 && !raisesInterrupts(provider)) {
    return { ok: false, code: "invalid_resume", message: `Resume entry ${unowned[0]!.interruptId} answers no open interrupt of this thread.` };
  }
  return { ok: true, actions, forwarded: unowned };
}

/** An approval's answer: executed (possibly with `editedArgs`), denied, cancelled, or a bad payload. */
function approvalAction(call: CallRef, tool: AgentTool<any>, args: Record<string, unknown>, entry: ResumeEntry): ResumeAction | ResumeFailure {
  const interruptId = entry.interruptId;
  if (entry.status === "cancelled") {
    return { kind: "answer", call, reply: errorAnswer("cancelled", "the approval request was cancelled; the tool did not run", { approved: false }) };
  }
  const payload = entry.payload;
  if (!isRecord(payload) || typeof payload.approved !== "boolean") {
    return { code: "invalid_resume", message: `Resume entry ${interruptId} must carry a payload { approved: boolean, editedArgs?: object }.` };
  }
  if (!payload.approved) {
    const reason = typeof payload.reason === "string" && payload.reason !== "" ? `: ${payload.reason}` : "";
    return { kind: "answer", call, reply: errorAnswer("denied", `the user denied this tool call${reason}`, { approved: false }) };
  }
  if (payload.editedArgs === undefined) return { kind: "execute", call, tool, args, fields: { approved: true } };
  const edited = payload.editedArgs;
  const editProblem = isRecord(edited) ? argsProblem(tool, edited) : "editedArgs must be an object";
  if (!isRecord(edited) || editProblem !== undefined) return { code: "invalid_resume", message: `Resume entry ${interruptId}: ${editProblem ?? "invalid editedArgs"}.` };
  return { kind: "execute", call, tool, args: edited, fields: { approved: true, editedArgs: edited } };
}

/**
 * A frontend call's answer. Its interrupt (raised when the step that made it also raised others)
 * is answered by the tool's result as `payload`, by `cancelled`, or — the frontend-tool way — by a
 * tool message in the messages with the entry resolved without a payload (or left out). Two
 * answers, no answer on a run that resumes, or a resolved entry with no result anywhere fail.
 * Undefined: nothing to do (an answered call without an entry, or an open one on a fresh run).
 */
function frontendAction(
  call: CallRef,
  entry: ResumeEntry | undefined,
  hasMessage: boolean,
  resuming: boolean,
  options: Pick<CreateAgentOptions, "maxToolResultBytes">,
): { action?: ResumeAction } | ResumeFailure | undefined {
  const interruptId = frontendInterruptId(call.id);
  if (entry === undefined) {
    if (hasMessage || !resuming) return undefined;
    return { code: "interrupt_unanswered", message: `Frontend tool call ${call.id} (${call.name}) awaits its result: answer interrupt ${interruptId} in resume, or add its tool message.` };
  }
  if (hasMessage) {
    if (entry.status === "resolved" && entry.payload === undefined) return {};
    return { code: "invalid_resume", message: `Tool call ${call.id} is answered twice: by a tool message and by resume entry ${interruptId} (resolve it without a payload).` };
  }
  if (entry.status === "cancelled") return { action: { kind: "answer", call, reply: errorAnswer("cancelled", "the client did not run this tool call", { frontend: true }) } };
  if (entry.payload === undefined) {
    return { code: "invalid_resume", message: `Resume entry ${interruptId} must carry the tool's result as payload, or the messages a tool message for ${call.id}.` };
  }
  // The payload becomes the call's tool result: capped like every result the agent emits.
  return { action: { kind: "answer", call, reply: capAnswer({ content: resultContent(entry.payload), fields: { frontend: true } }, options) } };
}

/**
 * The calls of the agent's own conversation that still need something from a resume: server (and
 * subagent) calls no tool message answers, and every frontend call (answered or not: its resume
 * entry may acknowledge a tool message), in order. A frontend call of an earlier turn (before the
 * last user message) that no entry answers was left behind by the conversation, not by the
 * interrupt: the request converters repair it, and it does not hold the resume up; one an entry
 * answers is taken, as an earlier turn's approval an entry answers is. `inTurn` says whether a call is of that turn: a
 * server call (an approval, a suspended subagent) of an earlier turn that no entry answers does
 * not hold it up either.
 *
 * `resumable` says whether the call was made by the run being resumed: the one that made the
 * last assistant message, so the calls after the user message before it (a user message the
 * client adds after it, with the resume, does not change which run that is). Only its calls'
 * interrupts are pending; an entry answering an earlier turn's call is stale. The messages alone
 * cannot tell a user message added with the resume from a new turn whose run was cancelled and
 * whose `not_run` results the client dropped: both count as added with the resume (see the
 * README, Approvals: AG-UI has no rule to tell them apart).
 */
function openCalls(
  messages: readonly Message[],
  tools: Record<string, AgentTool<any>>,
  frontendNames: ReadonlySet<string>,
  answered: ReadonlySet<string>,
): Array<{ call: CallRef; kind: "server" | "frontend"; inTurn: boolean; resumable: boolean }> {
  const open: Array<{ call: CallRef; kind: "server" | "frontend"; inTurn: boolean; resumable: boolean }> = [];
  let turnStart = 0;
  let resumedStart = 0;
  for (const [index, message] of messages.entries()) {
    if (message.role === "user") turnStart = index + 1;
    if (message.role === "assistant") resumedStart = turnStart;
  }
  for (const [index, message] of messages.entries()) {
    if (message.role !== "assistant") continue;
    for (const tc of message.toolCalls ?? []) {
      if (readBridgeMetadata(tc.metadata)?.providerExecuted === true) continue;
      const call = { id: tc.id, name: tc.function.name, parentMessageId: message.id };
      const inTurn = index >= turnStart;
      const resumable = index >= resumedStart;
      if (Object.hasOwn(tools, call.name)) {
        if (!answered.has(call.id)) open.push({ call, kind: "server", inTurn, resumable });
      } else if (frontendNames.has(call.name)) open.push({ call, kind: "frontend", inTurn, resumable });
    }
  }
  return open;
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

/** Whether a provider declares AG-UI interrupts of its own (an agent does, in its capabilities). */
function raisesInterrupts(provider: Provider): boolean {
  const capabilities = (provider as { capabilities?: unknown }).capabilities;
  const loop = isRecord(capabilities) ? capabilities.humanInTheLoop : undefined;
  return isRecord(loop) && loop.interrupts === true;
}

/** Whether an interrupt id is one the agent raises for a call: its approval, its frontend interrupt, or one inside its subagent. */
function answersCall(interruptId: string, toolCallId: string): boolean {
  return (
    interruptId === approvalInterruptId(toolCallId) ||
    interruptId === frontendInterruptId(toolCallId) ||
    subagentLocalId(subagentRunIdOf(toolCallId), interruptId) !== undefined
  );
}

function notRun(): ToolAnswer {
  return errorAnswer("not_run", "the call was not run: an earlier run ended before it completed");
}
