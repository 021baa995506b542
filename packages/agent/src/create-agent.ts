import type { Event, RunAgentInput, WarningHandler } from "@agui-bridge/core/adapter";
import { agentCapabilities, toolDefinitions } from "./capabilities.js";
import { attachResumeCheck } from "./resume-plan.js";
import { runAgent } from "./run-agent.js";
import type { Agent, AgentStreamOptions, CreateAgentOptions } from "./types.js";

/**
 * Creates an agent over any {@link Provider}: one `stream(input)` is one AG-UI run (one
 * RUN_STARTED, one terminal event) made of steps. Each model call is a step (STEP_STARTED /
 * STEP_FINISHED); server tool calls are executed and answered with TOOL_CALL_RESULT, then the next
 * step runs on the conversation so far. A frontend tool call ends the run `success` with
 * `pendingToolCallIds`; a tool that needs approval ends it with an AG-UI interrupt, answered by
 * the next run's `resume`. Usage of every step (subagents included) is summed on the terminal
 * event. Never throws: failures arrive as RUN_ERROR, an abort as the cancelled outcome.
 */
export function createAgent(options: CreateAgentOptions): Agent {
  const capabilities = agentCapabilities(options);
  const tools = toolDefinitions(options.tools);
  // A parent (an agent over this one, or using it as a subagent) checks its resume entries up front.
  return attachResumeCheck({
    id: options.id ?? "agent",
    capabilities,
    tools,
    stream(input: RunAgentInput, streamOptions: AgentStreamOptions = {}): AsyncIterable<Event> {
      const { signal, onWarning } = readStreamOptions(streamOptions);
      return runAgent(options, input, signal, onWarning);
    },
  }, options);
}

/**
 * The stream options, read defensively (options of anyone's making, a parent's included): a
 * getter that throws, an `onWarning` that is not a function or a `signal` that cannot be listened
 * to counts as absent, so the run starts and ends with its terminal event all the same.
 */
function readStreamOptions(streamOptions: unknown): AgentStreamOptions {
  if (typeof streamOptions !== "object" || streamOptions === null) return {};
  let signal: unknown;
  let onWarning: unknown;
  try {
    ({ signal, onWarning } = streamOptions as Record<string, unknown>);
  } catch {
    return {};
  }
  const listenable = typeof signal === "object" && signal !== null && typeof (signal as AbortSignal).addEventListener === "function";
  return { ...(listenable && { signal: signal as AbortSignal }), ...(typeof onWarning === "function" && { onWarning: onWarning as WarningHandler }) };
}
