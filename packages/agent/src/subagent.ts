import type { AgentTool, SubagentArgs, SubagentOptions } from "./types.js";

const SUBAGENT = Symbol.for("@agui-bridge/agent.subagent");

/** A tool made by {@link subagent}: the agent runs it as a subagent, not through `execute`. */
export interface SubagentTool extends AgentTool<SubagentArgs> {
  readonly [SUBAGENT]: SubagentOptions;
}

const TASK_SCHEMA = {
  type: "object",
  properties: { task: { type: "string", description: "The task for the subagent, in plain language." } },
  required: ["task"],
  additionalProperties: false,
} as const;

/**
 * Turns any Provider (typically another agent, possibly on another provider) into a tool of an
 * agent. Calling it emits SUBAGENT_STARTED (with the calling tool call and message), the
 * subagent's events stamped with its `subagentRunId`, then SUBAGENT_FINISHED (its answer as
 * `result`, which is also the tool's result) or SUBAGENT_ERROR. Its usage counts in the parent
 * run's usage; an interrupt raised inside it suspends it and surfaces on the parent run.
 */
export function subagent(options: SubagentOptions): AgentTool<SubagentArgs> {
  const tool: SubagentTool = {
    description: options.description,
    parameters: { ...TASK_SCHEMA },
    execute: () => {
      throw new Error(`${options.name} is a subagent: only an agent can run it`);
    },
    [SUBAGENT]: options,
  };
  return tool;
}

/** The subagent behind a tool, when the tool was made by {@link subagent}. */
export function subagentOf(tool: AgentTool<never> | AgentTool<any>): SubagentOptions | undefined {
  return (tool as Partial<SubagentTool>)[SUBAGENT];
}
