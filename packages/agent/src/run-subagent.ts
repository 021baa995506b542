import {
  EventType,
  TRUNCATED_MESSAGE,
  createStepWriter,
  describeError,
  redactSecrets,
  subagentLocalId,
  type Event,
  type Interrupt,
  type Message,
  type ResumeEntry,
  type RunErrorEvent,
  type RunFinishedEvent,
} from "@agui-bridge/core/adapter";
import { flush, innerStreamOptions, recordUsage, type AgentRun } from "./agent-run.js";
import { capAnswer, errorAnswer, type ToolAnswer } from "./execute-tool.js";
import { resultContent } from "./result-json.js";
import { readStream } from "./read-stream.js";
import { watch } from "./run-step.js";
import { createStepUsage } from "./step-usage.js";
import type { SubagentOptions } from "./types.js";

/** The `subagentRunId` of the invocation a tool call started (stable, so a later run can resume it). */
export function subagentRunIdOf(toolCallId: string): string {
  return `subagent:${toolCallId}`;
}

/** One subagent call: the calling tool call, its task, and (when resuming) the answers it waits for. */
export interface SubagentCall {
  toolCallId: string;
  parentMessageId?: string;
  task: string;
  resume?: ResumeEntry[];
}

/** How a subagent invocation ended, for the parent. */
export type SubagentEnd =
  | { kind: "answered"; answer: ToolAnswer }
  | { kind: "suspended"; interrupts: Interrupt[] }
  /** A resumed invocation refused the resume entries it was given: the parent run's input is at fault. */
  | { kind: "rejected"; message: string; code: string }
  | { kind: "aborted" };

/** The codes an agent ends a run with when the run's `resume` does not answer its interrupts. */
export const RESUME_REJECTIONS: ReadonlySet<string> = new Set(["invalid_resume", "interrupt_unanswered"]);

/**
 * Runs a subagent inside the parent run: SUBAGENT_STARTED, its events stamped with its
 * `subagentRunId` (ids namespaced under it), then SUBAGENT_FINISHED (its answer as `result`,
 * `suspended` with its interrupts when it paused) or SUBAGENT_ERROR. A resumed invocation that
 * refuses its resume entries (`invalid_resume`, `interrupt_unanswered`) is `rejected`: the parent
 * run ends with the same code rather than telling its model. Its usage goes into the
 * parent's ledger. Nothing is kept between runs: a resumed invocation is rebuilt from its messages
 * in the parent's conversation.
 */
export async function* runSubagent(
  agent: AgentRun,
  sub: SubagentOptions,
  call: SubagentCall,
): AsyncGenerator<Event, SubagentEnd, undefined> {
  const { run, input } = agent;
  const subagentRunId = subagentRunIdOf(call.toolCallId);
  run.forward({
    type: EventType.SUBAGENT_STARTED,
    subagentRunId,
    name: sub.name,
    description: sub.description,
    parentToolCallId: call.toolCallId,
    ...(call.parentMessageId !== undefined && { parentMessageId: call.parentMessageId }),
  });
  yield* flush(agent);

  const subInput = {
    threadId: input.threadId,
    runId: `${input.runId}.${subagentRunId}`,
    messages: subagentMessages(agent.fold.messages, subagentRunId, call.task),
    ...(input.context !== undefined && { context: input.context }),
    ...(call.resume !== undefined && call.resume.length > 0 && { resume: call.resume }),
  };
  const writer = createStepWriter({ run, ids: agent.ids, subagentRunId, subagentRunIdOf });
  const steps = createStepUsage();
  const end = yield* watch(readStream(agent, () => sub.agent.stream(subInput, innerStreamOptions(agent)), writer), steps.see);
  const terminal = writer.terminal as RunFinishedEvent | RunErrorEvent | undefined;
  // Cut short (abort, failure) before its terminal event: the usage its finished steps reported.
  recordUsage(agent, subagentRunId, terminal !== undefined ? terminal.usage : steps.finished());
  const cancelled = function* (): Generator<Event, SubagentEnd, undefined> {
    run.forward({ type: EventType.SUBAGENT_ERROR, subagentRunId, message: "The run was cancelled while the subagent worked.", code: "cancelled" });
    yield* flush(agent);
    return { kind: "aborted" };
  };
  if (end.kind === "aborted") return yield* cancelled();

  const fail = function* (unsafe: string, code: string | undefined): Generator<Event, SubagentEnd, undefined> {
    // The subagent may be anyone's Provider: its error message may name a credential.
    const message = redactSecrets(unsafe);
    run.forward({ type: EventType.SUBAGENT_ERROR, subagentRunId, message, ...(code !== undefined && { code: redactSecrets(code) }) });
    yield* flush(agent);
    // Resume entries the invocation refused are the parent input's fault, not a failure the model handles.
    if (call.resume !== undefined && code !== undefined && RESUME_REJECTIONS.has(code)) {
      return { kind: "rejected", code, message: `${sub.name} (${subagentRunId}) could not resume: ${message}` };
    }
    return { kind: "answered", answer: errorAnswer("subagent_failed", `${sub.name} failed: ${message}`, { subagentRunId }) };
  };
  if (end.kind === "failed") return yield* fail(end.message, end.code);
  if (end.kind === "truncated" || terminal === undefined) return yield* fail(TRUNCATED_MESSAGE, "stream_truncated");
  if (terminal.type === EventType.RUN_ERROR) return yield* fail(terminal.message, terminal.code);
  const outcome = terminal.outcome;
  if (outcome?.type === "cancelled") {
    if (agent.signal.aborted) return yield* cancelled();
    return yield* fail("the subagent cancelled its run", "cancelled");
  }
  if (outcome?.type === "interrupt") {
    const interrupts = outcome.interrupts.map((interrupt): Interrupt => {
      const { subagentRunId: inner, toolCallId, ...rest } = interrupt;
      return {
        ...rest,
        id: `${subagentRunId}/${writer.inRunNamespace(interrupt.id)}`,
        subagentRunId: inner === undefined ? subagentRunId : `${subagentRunId}/${writer.inRunNamespace(inner)}`,
        ...(toolCallId !== undefined && { toolCallId: writer.runIdOf("tool", toolCallId) }),
      };
    });
    const own = interrupts.filter((interrupt) => interrupt.subagentRunId === subagentRunId).map((interrupt) => interrupt.id);
    run.forward({
      type: EventType.SUBAGENT_FINISHED,
      subagentRunId,
      outcome: { type: "suspended", ...(own.length > 0 && { interruptIds: own }) },
    });
    yield* flush(agent);
    return { kind: "suspended", interrupts };
  }
  let answer: string;
  try {
    answer = terminal.result !== undefined && terminal.result !== null ? resultContent(terminal.result) : finalText(agent.fold.messages, subagentRunId);
  } catch (error) {
    // A result JSON cannot hold (a bigint, a throwing getter: the subagent may be anyone's
    // Provider): the invocation failed, its segment closed by SUBAGENT_ERROR like any failure.
    return yield* fail(`its result cannot be sent as JSON (${describeError(error).message})`, "invalid_result");
  }
  run.forward({ type: EventType.SUBAGENT_FINISHED, subagentRunId, result: answer, outcome: { type: "success" } });
  yield* flush(agent);
  // The answer is the parent's tool result: over maxToolResultBytes, the model gets result_too_large
  // instead (SUBAGENT_FINISHED keeps the answer, as the subagent's own messages do).
  return { kind: "answered", answer: capAnswer({ content: answer, fields: { subagentRunId } }, agent.options) };
}

/** A subagent invocation's input messages: its task, then its own conversation so far (see {@link localMessages}). */
export function subagentMessages(messages: readonly Message[], subagentRunId: string, task: string): Message[] {
  return [{ id: "task", role: "user", content: task }, ...localMessages(messages, subagentRunId)];
}

/** The last assistant text the invocation produced. */
function finalText(messages: readonly Message[], subagentRunId: string): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.subagentRunId === subagentRunId && message.role === "assistant" && typeof message.content === "string" && message.content !== "") {
      return message.content;
    }
  }
  return "";
}

/**
 * The invocation's own conversation, as it saw it: the parent's messages attributed to it (or to
 * its own subagents), with the namespacing of ids and attribution undone.
 */
export function localMessages(messages: readonly Message[], subagentRunId: string): Message[] {
  const local = (id: string): string => subagentLocalId(subagentRunId, id) ?? id;
  const out: Message[] = [];
  for (const message of messages) {
    const owner = message.subagentRunId;
    if (owner === undefined || (owner !== subagentRunId && subagentLocalId(subagentRunId, owner) === undefined)) continue;
    const copy = structuredClone(message) as Message & { toolCallId?: string };
    copy.id = local(copy.id);
    if (owner === subagentRunId) delete copy.subagentRunId;
    else copy.subagentRunId = local(owner);
    if (copy.role === "tool") copy.toolCallId = local(copy.toolCallId);
    if (copy.role === "assistant") for (const tc of copy.toolCalls ?? []) tc.id = local(tc.id);
    out.push(copy);
  }
  return out;
}
