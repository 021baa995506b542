import { subagentLocalId, type Message } from "@agui-bridge/core/adapter";
import { subagentRunIdOf } from "./run-subagent.js";
import type { AgentTools } from "./types.js";

/**
 * The one rule for what of the agent's conversation goes to its provider (each step's input, and
 * the provider's check of a resume): the agent's own conversation (the messages no subagent made),
 * plus the messages of the subagent invocations the provider itself started. A provider that is an
 * agent runs subagents of its own: their messages are in the run's conversation under
 * `subagent:<toolCallId>` of the provider's call, and the provider needs them back to resume a
 * suspended one (it rebuilds the invocation from them; its model never sees them). The messages of
 * this agent's own subagents (calls to this agent's tools) and of any other invocation are not
 * the provider's and are not handed to it. The model of a plain provider never made such calls,
 * so it gets the agent's own conversation only.
 */
export function providerMessages(messages: readonly Message[], tools: AgentTools): Message[] {
  const providerRuns: string[] = [];
  for (const message of messages) {
    if (message.subagentRunId !== undefined || message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      if (!Object.hasOwn(tools, call.function.name)) providerRuns.push(subagentRunIdOf(call.id));
    }
  }
  const owned = (owner: string): boolean => providerRuns.some((run) => owner === run || subagentLocalId(run, owner) !== undefined);
  return structuredClone(messages.filter((message) => message.subagentRunId === undefined || owned(message.subagentRunId)));
}
