import type { AgentCapabilities, RunAgentInput, Tool } from "@agui-bridge/core/adapter";
import { subagentOf } from "./subagent.js";
import type { AgentTools, CreateAgentOptions } from "./types.js";

/** The default {@link CreateAgentOptions.maxSteps}. */
export const DEFAULT_MAX_STEPS = 8;

/** The agent's server tools as AG-UI tools (what the model is offered). */
export function toolDefinitions(tools: AgentTools | undefined): Tool[] {
  return Object.entries(tools ?? {}).map(([name, tool]) => ({
    name,
    description: tool.description,
    parameters: tool.parameters ?? { type: "object", properties: {} },
  }));
}

/** The tools offered to the model: the agent's server tools, then the frontend tools (a server tool wins a name clash). */
export function offeredTools(options: CreateAgentOptions, frontend: RunAgentInput["tools"]): Tool[] {
  const server = toolDefinitions(options.tools);
  const names = new Set(server.map((tool) => tool.name));
  return [...server, ...(frontend ?? []).filter((tool) => !names.has(tool.name))];
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
    execution: { maxIterations: options.maxSteps ?? DEFAULT_MAX_STEPS },
    multiAgent: {
      supported: subagents.length > 0,
      delegation: subagents.length > 0,
      handoffs: false,
      ...(subagents.length > 0 && { subagents }),
    },
  };
}
