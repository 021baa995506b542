import type { AgentCapabilities, RunAgentInput, Tool } from "@agui-bridge/core/adapter";
import { subagentOf } from "./subagent.js";
import type { AgentTools, CreateAgentOptions } from "./types.js";

/** The default {@link CreateAgentOptions.maxSteps}. */
export const DEFAULT_MAX_STEPS = 8;

/**
 * The most model calls one run makes: `maxSteps` rounded down, at least one; the default when
 * absent or not a number (NaN would never be reached). The one limit the run enforces and the
 * capabilities declare.
 */
export function stepLimit(maxSteps: number | undefined): number {
  if (maxSteps === undefined || Number.isNaN(maxSteps)) return DEFAULT_MAX_STEPS;
  return Math.max(1, Math.floor(maxSteps));
}

/** The agent's server tools as AG-UI tools (what the model is offered). */
export function toolDefinitions(tools: AgentTools | undefined): Tool[] {
  return Object.entries(tools ?? {}).map(([name, tool]) => ({
    name,
    description: tool.description,
    parameters: tool.parameters ?? { type: "object", properties: {} },
  }));
}

/**
 * The server tools a run owns: the agent's tools but those whose name the run's input advertises
 * as a frontend tool. AG-UI's frontend tool rule makes a call to an advertised tool the
 * application's to answer (a client runs its handler for any call bearing the name), so on a name
 * clash the frontend tool wins: the agent neither runs its own tool nor answers the call. The one
 * rule for which calls are the agent's (executing, approving, resuming, what goes to the provider).
 */
export function ownTools(tools: AgentTools | undefined, frontend: RunAgentInput["tools"]): AgentTools {
  const names = new Set((frontend ?? []).map((tool) => tool.name));
  return Object.fromEntries(Object.entries(tools ?? {}).filter(([name]) => !names.has(name)));
}

/** The tools offered to the model: the server tools the run owns ({@link ownTools}), then the frontend tools. */
export function offeredTools(options: CreateAgentOptions, frontend: RunAgentInput["tools"]): Tool[] {
  return [...toolDefinitions(ownTools(options.tools, frontend)), ...(frontend ?? [])];
}

/**
 * What an agent with these options declares (AG-UI AgentCapabilities): its server tools (frontend
 * tools are accepted too), the interrupt-based approvals (with edits) when a tool needs approval,
 * the step limit, and its subagents.
 */
export function agentCapabilities(options: CreateAgentOptions): AgentCapabilities {
  const tools = options.tools ?? {};
  const approvals = Object.values(tools).some((tool) => tool.needsApproval !== undefined && tool.needsApproval !== false);
  const subagents = Object.entries(tools).flatMap(([name, tool]) => {
    const sub = subagentOf(tool);
    return sub === undefined ? [] : [{ name, description: sub.description }];
  });
  return {
    identity: {
      name: options.name ?? options.id ?? "agent",
      type: "agui-bridge-agent",
      ...(options.description !== undefined && { description: options.description }),
    },
    transport: { streaming: true },
    tools: { supported: true, items: toolDefinitions(tools), parallelCalls: true, clientProvided: true },
    humanInTheLoop: {
      supported: true,
      interrupts: true,
      approvals,
      approveWithEdits: approvals,
    },
    // An integer in AG-UI: no cap declared for an unbounded agent.
    execution: Number.isFinite(stepLimit(options.maxSteps)) ? { maxIterations: stepLimit(options.maxSteps) } : {},
    multiAgent: {
      supported: subagents.length > 0,
      delegation: subagents.length > 0,
      handoffs: false,
      ...(subagents.length > 0 && { subagents }),
    },
  };
}
