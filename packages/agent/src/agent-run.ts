import {
  BRIDGE_METADATA_KEY,
  EntityIds,
  EventType,
  RunBuilder,
  combineWarningHandlers,
  createMessageFold,
  createTokenUsage,
  guardClock,
  guardIdGenerator,
  type BridgeMetadata,
  type Event,
  type Interrupt,
  type MessageFold,
  type ResumeEntry,
  type RunAgentInput,
  type TokenUsage,
  type WarningHandler,
} from "@agui-bridge/core/adapter";
import { ownTools } from "./capabilities.js";
import type { AgentStreamOptions, AgentTools, CreateAgentOptions } from "./types.js";

/** The state of one agent run: the outer run builder, the taken ids, the conversation so far. */
export interface AgentRun {
  readonly options: CreateAgentOptions;
  readonly input: RunAgentInput;
  readonly run: RunBuilder;
  readonly ids: EntityIds;
  readonly fold: MessageFold;
  readonly signal: AbortSignal;
  /**
   * Where every warning of the run goes: the agent's `onWarning` and the one the run was streamed
   * with (a parent agent's). Never throws. Handed to every model call and subagent of the run.
   */
  readonly warn: WarningHandler;
  /** The server tools this run owns (the agent's, but those the input advertises as frontend tools). */
  readonly tools: AgentTools;
  /** The step currently open (STEP_STARTED emitted, STEP_FINISHED not yet). */
  openStep: string | undefined;
  /** Model calls made in this run. */
  steps: number;
  /** Interrupts collected so far (approvals, suspended subagents). */
  readonly interrupts: Interrupt[];
  /**
   * Resume entries this agent does not own, for the interrupts its provider raised (an agent over
   * an agent): handed to the first step's input, then cleared.
   */
  forwardedResume: ResumeEntry[];
}

/** Creates the run state; the conversation starts from the input's messages. */
export function createAgentRun(
  options: CreateAgentOptions,
  input: RunAgentInput,
  signal: AbortSignal,
  streamWarning?: WarningHandler,
): AgentRun {
  const warn = combineWarningHandlers(options.onWarning, streamWarning);
  // The application's callbacks are called for every event, the run's ending included: one that
  // fails must fall back (with a warning), not throw out of the run.
  const generateId = options.generateId === undefined ? undefined : guardIdGenerator(options.generateId, warn);
  const now = options.now === undefined ? undefined : guardClock(options.now, warn);
  const run = new RunBuilder({
    threadId: input.threadId,
    runId: input.runId,
    input,
    ...(options.echoInput !== undefined && { echoInput: options.echoInput }),
    ...(input.parentRunId !== undefined && { parentRunId: input.parentRunId }),
    ...(generateId !== undefined && { generateId }),
    ...(now !== undefined && { now }),
    onWarning: warn,
  });
  return {
    options,
    input,
    run,
    ids: EntityIds.fromMessages(input.messages, generateId),
    fold: createMessageFold(input.messages),
    signal,
    warn,
    tools: ownTools(options.tools, input.tools),
    openStep: undefined,
    steps: 0,
    interrupts: [],
    forwardedResume: [],
  };
}

/** Takes what the builder queued, folds it into the conversation and yields it. */
export function* flush(agent: AgentRun): Generator<Event, void, undefined> {
  for (const event of agent.run.drain()) {
    agent.fold.apply(event);
    yield event;
  }
}

/** Emits STEP_FINISHED for the open step (no-op when none is open). */
export function closeStep(agent: AgentRun, fields?: BridgeMetadata): void {
  if (agent.openStep === undefined) return;
  const stepName = agent.openStep;
  agent.openStep = undefined;
  agent.run.forward({
    type: EventType.STEP_FINISHED,
    stepName,
    ...(fields !== undefined && { metadata: { [BRIDGE_METADATA_KEY]: fields } }),
  });
}

/** Ends the run cancelled (usage so far included). */
export function* cancelRun(agent: AgentRun): Generator<Event, void, undefined> {
  if (agent.run.ended) return;
  closeStep(agent, { interrupted: true });
  agent.run.cancel();
  yield* flush(agent);
}

/** Ends the run with RUN_ERROR (usage so far included). */
export function* failRun(agent: AgentRun, message: string, code?: string): Generator<Event, void, undefined> {
  if (agent.run.ended) return;
  closeStep(agent, { interrupted: true });
  agent.run.fail({ message, ...(code !== undefined && { code }) });
  yield* flush(agent);
}

/**
 * Records the usage a finished stream reported on its terminal event in the run's ledger, one
 * entry per reported (provider, model), each count narrowed again (the stream may be anyone's),
 * and settles it: the model call (step or subagent) has ended, its usage is final.
 */
export function recordUsage(agent: AgentRun, callKey: string, usage: unknown): TokenUsage[] {
  if (!Array.isArray(usage)) return [];
  const entries: TokenUsage[] = [];
  usage.forEach((raw: Record<string, unknown> | undefined, index) => {
    if (raw === null || typeof raw !== "object") return;
    const entry = createTokenUsage({
      ...(typeof raw.provider === "string" && { provider: raw.provider }),
      ...(typeof raw.model === "string" && { model: raw.model }),
      inputTokens: raw.inputTokens,
      outputTokens: raw.outputTokens,
      reasoningTokens: raw.reasoningTokens,
      cachedInputTokens: raw.cachedInputTokens,
      cacheWriteInputTokens: raw.cacheWriteInputTokens,
    }, { onWarning: agent.warn });
    if (entry === undefined) return;
    // Reported on the terminal event: final, so the ledger folds it into its (provider, model)
    // total and stops holding it (a run of any number of steps keeps one sum per pair).
    agent.run.usage.record(`${callKey}#${index}`, entry);
    agent.run.usage.settle(`${callKey}#${index}`);
    entries.push(entry);
  });
  return entries;
}

/**
 * The conversation a server tool is given (`ToolExecuteContext.messages`): a copy of the run's
 * conversation without the messages of subagents (their answers are tool results). Not capped by
 * `maxToolResultBytes`: that limit is for what reaches the model; a tool is application code.
 */
export function toolView(agent: AgentRun): RunAgentInput["messages"] {
  return structuredClone(agent.fold.messages.filter((message) => message.subagentRunId === undefined));
}

/**
 * What every model call and subagent of the run is streamed with: the run's signal, and its
 * warning handler (an adapter's provider reports its request, stream and usage warnings there
 * besides its factory's `onWarning`, an agent its own; a provider that takes no `onWarning`
 * ignores it, as it ignores any option it does not know).
 */
export function innerStreamOptions(agent: AgentRun): AgentStreamOptions {
  return { signal: agent.signal, onWarning: agent.warn };
}
