import { parseRunAgentInput, RunInputError } from "@agui-bridge/core";
import { EventType, RunBuilder, combineWarningHandlers, describeError, guardIdGenerator, isRecord, randomId, type BridgeMetadata, type Event, type Interrupt, type RunAgentInput, type WarningHandler } from "@agui-bridge/core/adapter";
import { cancelRun, closeStep, createAgentRun, failRun, flush, type AgentRun } from "./agent-run.js";
import { answerCalls, argumentsOf } from "./answer-calls.js";
import { parseArgs } from "./execute-tool.js";
import { offeredTools, stepLimit } from "./capabilities.js";
import { frontendInterrupt } from "./frontend-calls.js";
import { resumeOpenCalls } from "./resume.js";
import { runStep } from "./run-step.js";
import type { CreateAgentOptions } from "./types.js";

/**
 * One agent run: RUN_STARTED; the open calls of the conversation answered from `input.resume`;
 * then steps (model calls) and their tool calls until the model stops calling server tools, a
 * frontend tool or an approval is needed, `maxSteps` is reached, the run is aborted or a step
 * fails; exactly one terminal event. Never throws.
 */
export async function* runAgent(
  options: CreateAgentOptions,
  input: RunAgentInput,
  outer: AbortSignal | undefined,
  streamWarning?: WarningHandler,
): AsyncGenerator<Event, void, undefined> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", onAbort, { once: true });
  const problem = inputProblem(input);
  if (problem !== undefined) {
    outer?.removeEventListener("abort", onAbort);
    yield* rejectInput(options, input, problem, streamWarning);
    return;
  }
  const agent = createAgentRun(options, input, controller.signal, streamWarning);
  try {
    agent.run.start();
    yield* flush(agent);
    yield* loop(agent);
  } catch (error) {
    // A bug or a broken invariant: still one terminal event, with the usage so far.
    if (!agent.run.ended) yield* failRun(agent, describeError(error).message, "agent_error");
  } finally {
    outer?.removeEventListener("abort", onAbort);
    // However the run ended (a terminal event, an internal error, the consumer stopping early):
    // stop the provider request and the tools still running, so nothing outlives the run.
    if (!controller.signal.aborted) controller.abort();
  }
}

async function* loop(agent: AgentRun): AsyncGenerator<Event, void, undefined> {
  const { options, run } = agent;
  if (agent.signal.aborted) return yield* cancelRun(agent);
  const maxSteps = stepLimit(options.maxSteps);
  const tools = offeredTools(options, agent.input.tools);

  const resumed = yield* resumeOpenCalls(agent);
  if (resumed.kind === "aborted") return yield* cancelRun(agent);
  if (resumed.kind === "failed") return yield* failRun(agent, resumed.message, resumed.code);
  if (agent.interrupts.length > 0) return yield* interruptRun(agent, {});

  let finish: BridgeMetadata = {};
  for (;;) {
    if (agent.signal.aborted) return yield* cancelRun(agent);
    if (agent.steps >= maxSteps) {
      run.finish({ metadata: { ...finish, steps: agent.steps, stopReason: "max_steps" } });
      return yield* flush(agent);
    }
    const step = yield* runStep(agent, tools);
    if (step.kind === "aborted") return yield* cancelRun(agent);
    if (step.kind === "failed") return yield* failRun(agent, step.message, step.code);
    if (step.kind === "interrupt") {
      agent.interrupts.push(...step.interrupts);
      // The provider's calls to this agent's own tools are answered here, as any step's calls are.
      const answered = yield* answerCalls(agent, step.calls);
      if (answered.kind === "aborted") return yield* cancelRun(agent);
      // Nothing left to wait for: the next step gives the provider the results.
      if (agent.interrupts.length === 0) continue;
      return yield* interruptRun(agent, {});
    }
    finish = step.finish;
    if (step.calls.length === 0) {
      run.finish({ metadata: { ...finish, steps: agent.steps }, ...(step.result !== undefined && { result: step.result }) });
      return yield* flush(agent);
    }
    const answered = yield* answerCalls(agent, step.calls);
    if (answered.kind === "aborted") return yield* cancelRun(agent);
    if (agent.interrupts.length > 0) {
      // The interrupt outcome has no pendingToolCallIds: the frontend calls are named as interrupts.
      agent.interrupts.push(...answered.frontend.map((call) => frontendInterrupt({ toolCallId: call.id, toolName: call.name, args: frontendArgs(agent, call.id) })));
      return yield* interruptRun(agent, finish);
    }
    if (answered.frontend.length > 0) {
      // The builder names the calls left without a result: the frontend's.
      run.finish({ metadata: { ...finish, steps: agent.steps } });
      return yield* flush(agent);
    }
  }
}

/**
 * Ends the run on its interrupts. AG-UI asks for the state a resume needs before the interrupt: a
 * MESSAGES_SNAPSHOT of the conversation (the calls awaiting approval, a suspended subagent's work).
 */
function* interruptRun(agent: AgentRun, finish: BridgeMetadata): Generator<Event, void, undefined> {
  closeStep(agent);
  agent.run.forward({ type: EventType.MESSAGES_SNAPSHOT, messages: structuredClone(agent.fold.messages) });
  const [first, ...rest] = agent.interrupts as [Interrupt, ...Interrupt[]];
  agent.run.interrupt({ interrupts: [first, ...rest], metadata: { ...finish, steps: agent.steps } });
  yield* flush(agent);
}

/** A frontend call's arguments for its interrupt: the parsed object, or the text as the model wrote it. */
function frontendArgs(agent: AgentRun, toolCallId: string): unknown {
  const raw = argumentsOf(agent.fold.messages, toolCallId);
  const parsed = parseArgs(raw);
  return parsed.ok ? parsed.args : raw;
}

/**
 * Why the input is not a valid AG-UI 1.0 RunAgentInput (undefined when it is). The agent reads all
 * of it (resume entries included) and echoes it on RUN_STARTED, so it checks all of it, as a
 * server does, rather than only what a provider's request converter reads.
 */
function inputProblem(input: unknown): string | undefined {
  try {
    parseRunAgentInput(input);
    return undefined;
  } catch (error) {
    if (error instanceof RunInputError) return error.message;
    return "The run input is not a RunAgentInput (threadId, runId and messages are required).";
  }
}

/** A run for input the agent cannot work with: RUN_STARTED (no echo) then RUN_ERROR `invalid_input`, never a throw. */
function* rejectInput(options: CreateAgentOptions, input: unknown, message: string, streamWarning: WarningHandler | undefined): Generator<Event, void, undefined> {
  const record = isRecord(input) ? input : {};
  const generate = options.generateId === undefined ? randomId : guardIdGenerator(options.generateId, combineWarningHandlers(options.onWarning, streamWarning));
  const run = new RunBuilder({
    threadId: typeof record.threadId === "string" ? record.threadId : generate(),
    runId: typeof record.runId === "string" ? record.runId : generate(),
  });
  run.start();
  run.fail({ message, code: "invalid_input" });
  yield* run.drain();
}
