import {
  EventType,
  TRUNCATED_MESSAGE,
  createStepWriter,
  readBridgeMetadata,
  type BridgeMetadata,
  type Event,
  type Interrupt,
  type Message,
  type RunAgentInput,
  type RunErrorEvent,
  type RunFinishedEvent,
  type StepWriter,
} from "@agui-bridge/core/adapter";
import { closeStep, flush, innerStreamOptions, recordUsage, type AgentRun } from "./agent-run.js";
import { approvalInterruptId } from "./approvals.js";
import { FRONTEND_INTERRUPT_REASON, frontendInterruptId } from "./frontend-calls.js";
import { providerMessages } from "./provider-view.js";
import { readStream } from "./read-stream.js";
import { RESULT_TOO_LARGE_WARNING } from "./run-warnings.js";
import { subagentRunIdOf } from "./run-subagent.js";
import { createStepUsage } from "./step-usage.js";
import type { AgentTools } from "./types.js";

/** A tool call the model made in a step and nobody answered yet. */
export interface StepCall {
  id: string;
  name: string;
  parentMessageId?: string;
}

/** How a step ended. */
export type StepResult =
  | { kind: "finished"; calls: StepCall[]; finish: BridgeMetadata; result?: unknown }
  /**
   * The provider ended on interrupts. `calls`: the calls among them that are this agent's own
   * (named by a provider that is an agent as frontend calls), to be answered here like a step's calls;
   * `interrupts`: the rest, passed on.
   */
  | { kind: "interrupt"; interrupts: Interrupt[]; calls: StepCall[] }
  | { kind: "aborted" }
  | { kind: "failed"; message: string; code?: string };

const FINISH_FIELDS = ["finishReason", "rawFinishReason", "finishDetails"] as const;

/**
 * One model call as one step: STEP_STARTED, the provider's events (its own RUN_STARTED and
 * terminal event held back, ids made unique in the run), STEP_FINISHED with the step's provider,
 * usage and finish reason in `agui-bridge` metadata. The step's usage goes into the run's ledger.
 */
export async function* runStep(agent: AgentRun, tools: RunAgentInput["tools"]): AsyncGenerator<Event, StepResult, undefined> {
  const { options, input, run } = agent;
  agent.steps += 1;
  const stepName = `step-${agent.steps}`;
  agent.openStep = stepName;
  run.forward({ type: EventType.STEP_STARTED, stepName });
  yield* flush(agent);

  const writer = createStepWriter({ run, ids: agent.ids, stepPrefix: stepName, subagentRunIdOf });
  const stepInput: RunAgentInput = {
    threadId: input.threadId,
    runId: `${input.runId}.${stepName}`,
    // An input tool message over the limit is reported once, on the run's first step.
    messages: providerMessages(agent.fold.messages, agent.tools, options, agent.steps === 1 ? (message) => warnCapped(agent, message) : undefined),
    ...(tools !== undefined && tools.length > 0 && { tools }),
    ...(input.context !== undefined && { context: input.context }),
    ...(input.state !== undefined && { state: input.state }),
    ...(input.forwardedProps !== undefined && { forwardedProps: input.forwardedProps }),
    ...(agent.forwardedResume.length > 0 && { resume: agent.forwardedResume }),
  };
  agent.forwardedResume = [];
  const starts: StepCall[] = [];
  const answered = new Set<string>();
  const steps = createStepUsage();
  const end = yield* watch(readStream(agent, () => options.provider.stream(stepInput, innerStreamOptions(agent)), writer), (event) => {
    steps.see(event);
    // The model's own calls: not provider-executed, not made inside a subagent of the provider.
    if (event.type === EventType.TOOL_CALL_START && event.subagentRunId === undefined && readBridgeMetadata(event.metadata)?.providerExecuted !== true) {
      starts.push({ id: event.toolCallId, name: event.toolCallName, ...(event.parentMessageId !== undefined && { parentMessageId: event.parentMessageId }) });
    }
    if (event.type === EventType.TOOL_CALL_RESULT) answered.add(event.toolCallId);
  });

  const terminal = writer.terminal as RunFinishedEvent | RunErrorEvent | undefined;
  // A provider that is an agent, cut short before its terminal event: the usage of its finished steps.
  const usage = recordUsage(agent, stepName, terminal !== undefined ? terminal.usage : steps.finished());
  if (end.kind === "aborted") return { kind: "aborted" };
  const bridge = readBridgeMetadata(terminal?.metadata) ?? {};
  const finish: Record<string, unknown> = {};
  for (const field of FINISH_FIELDS) if (bridge[field] !== undefined) finish[field] = bridge[field];
  closeStep(agent, { provider: options.provider.id, ...(usage.length > 0 && { usage }), ...finish });
  yield* flush(agent);

  if (end.kind === "failed") return { kind: "failed", message: end.message, ...(end.code !== undefined && { code: end.code }) };
  if (end.kind === "truncated" || terminal === undefined) return { kind: "failed", message: TRUNCATED_MESSAGE, code: "stream_truncated" };
  if (terminal.type === EventType.RUN_ERROR) {
    return { kind: "failed", message: terminal.message, ...(terminal.code !== undefined && { code: terminal.code }) };
  }
  const outcome = terminal.outcome;
  if (outcome?.type === "cancelled") {
    return agent.signal.aborted ? { kind: "aborted" } : { kind: "failed", message: "The provider cancelled the model call.", code: "cancelled" };
  }
  if (outcome?.type === "interrupt") {
    const interrupts = outcome.interrupts.map((interrupt) => inRunIds(interrupt, writer));
    return { kind: "interrupt", ...splitOwnCalls(interrupts, starts, agent.tools) };
  }
  // The calls left for this agent: the provider's list, or (none named) every call of the step it
  // did not answer, a call cut off mid-arguments included (answerCalls answers this agent's own
  // cut-off calls with an error; a cut-off frontend call is pending like any other).
  const named = outcome?.type === "success" ? outcome.pendingToolCallIds : undefined;
  const pending =
    named !== undefined && named.length > 0
      ? named.map((id) => writer.runIdOf("tool", id))
      : starts.filter((call) => !answered.has(call.id)).map((call) => call.id);
  const calls = pending.flatMap((id) => starts.filter((call) => call.id === id));
  return { kind: "finished", calls, finish, ...(terminal.result !== undefined && { result: terminal.result }) };
}

/**
 * A provider's interrupt in the run's ids: its `toolCallId` becomes the id the run gave the call,
 * and an id this package derives from the call (`approve:<id>`, `frontend:<id>`, what an inner
 * agent raises) is derived again from the run's id, so the id and the call agree. An interrupt
 * raised inside a subagent of the provider (`<subagentRunId>/<id>`, its `subagentRunId`) follows
 * the invocation when the run renamed it (its call got a new id: see `subagentRunIdOf` of
 * `createStepWriter`). The resume needs no mapping back: the provider is next given the run's
 * messages, where the call and the invocation's messages have the run's ids, and an inner agent
 * derives the same interrupt id from them. Any other id is the provider's own and is passed on as
 * it is.
 */
function inRunIds(interrupt: Interrupt, writer: StepWriter): Interrupt {
  const named: Interrupt = {
    ...interrupt,
    id: writer.inRunNamespace(interrupt.id),
    ...(interrupt.subagentRunId !== undefined && { subagentRunId: writer.inRunNamespace(interrupt.subagentRunId) }),
  };
  const inner = interrupt.toolCallId;
  if (inner === undefined) return named;
  const runId = writer.runIdOf("tool", inner);
  if (runId === inner) return named;
  const id =
    interrupt.id === approvalInterruptId(inner) ? approvalInterruptId(runId) : interrupt.id === frontendInterruptId(inner) ? frontendInterruptId(runId) : named.id;
  return { ...named, id, toolCallId: runId };
}

/**
 * Separates, among a provider's interrupts, the frontend-call interrupts (an inner agent's
 * `agui-bridge:frontend_tool`) for calls of this step to this agent's own tools: the inner agent
 * offered them to the client as frontend calls only because it does not own them, so this agent
 * answers them (runs them, or raises its own approval) instead of passing them on.
 */
function splitOwnCalls(
  interrupts: readonly Interrupt[],
  starts: readonly StepCall[],
  tools: AgentTools,
): { interrupts: Interrupt[]; calls: StepCall[] } {
  const passed: Interrupt[] = [];
  const calls: StepCall[] = [];
  for (const interrupt of interrupts) {
    const call = interrupt.reason === FRONTEND_INTERRUPT_REASON ? starts.find((start) => start.id === interrupt.toolCallId) : undefined;
    if (call !== undefined && Object.hasOwn(tools, call.name)) calls.push(call);
    else passed.push(interrupt);
  }
  return { interrupts: passed, calls };
}

/** Reports a tool message of the input sent to the model as the `result_too_large` error. */
function warnCapped(agent: AgentRun, message: Message): void {
  const toolCallId = message.role === "tool" ? message.toolCallId : undefined;
  agent.warn({
    code: RESULT_TOO_LARGE_WARNING,
    message: `The tool message ${message.id} of the input is over maxToolResultBytes: the model is sent the result_too_large error instead (the conversation keeps the message)`,
    details: { messageId: message.id, ...(toolCallId !== undefined && { toolCallId }) },
  });
}

/** Re-yields a generator's events, showing each to `see`, and returns its result. */
export async function* watch<R>(
  source: AsyncGenerator<Event, R, undefined>,
  see: (event: Event) => void,
): AsyncGenerator<Event, R, undefined> {
  try {
    for (;;) {
      const next = await source.next();
      if (next.done === true) return next.value;
      see(next.value);
      yield next.value;
    }
  } finally {
    // The consumer stopped early: let the source release what it holds.
    await source.return(undefined as R);
  }
}
