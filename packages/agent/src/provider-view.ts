import { BRIDGE_METADATA_KEY, isRecord, readBridgeMetadata, subagentLocalId, type Message } from "@agui-bridge/core/adapter";
import { capAnswer, type ToolAnswer } from "./execute-tool.js";
import { subagentRunIdOf } from "./run-subagent.js";
import type { AgentTools, CreateAgentOptions } from "./types.js";

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
 *
 * A tool message of the agent's own conversation over `maxToolResultBytes` (a frontend tool's
 * result in the client's input) is sent as the `result_too_large` error answer instead
 * ({@link capAnswer}, the rule every result the agent emits follows); the run's AG-UI conversation
 * keeps the message as the client sent it. `onCapped` is told about each message sent so.
 */
export function providerMessages(
  messages: readonly Message[],
  tools: AgentTools,
  options: Pick<CreateAgentOptions, "maxToolResultBytes">,
  onCapped?: (message: Message) => void,
): Message[] {
  const providerRuns: string[] = [];
  for (const message of messages) {
    if (message.subagentRunId !== undefined || message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      if (!Object.hasOwn(tools, call.function.name)) providerRuns.push(subagentRunIdOf(call.id));
    }
  }
  const owned = (owner: string): boolean => providerRuns.some((run) => owner === run || subagentLocalId(run, owner) !== undefined);
  const view = structuredClone(messages.filter((message) => message.subagentRunId === undefined || owned(message.subagentRunId)));
  return view.map((message) => {
    if (message.role !== "tool" || message.subagentRunId !== undefined) return message;
    const capped = cappedToolMessage(message, options);
    if (capped !== message) onCapped?.(message);
    return capped;
  });
}

/**
 * A tool message as the model may see it: as it is, or with the `result_too_large` error as its
 * content (and `toolError` in its `agui-bridge` metadata) when its text is over the limit. The
 * text of a message with parts is its text parts (media has the providers' own limits).
 */
function cappedToolMessage(message: Extract<Message, { role: "tool" }>, options: Pick<CreateAgentOptions, "maxToolResultBytes">): Message {
  const content: unknown = message.content;
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((part: unknown) => (isRecord(part) && part.type === "text" && typeof part.text === "string" ? part.text : "")).join("")
        : "";
  const reply: ToolAnswer = { content: text, fields: {} };
  const capped = capAnswer(reply, options);
  if (capped === reply) return message;
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  return { ...message, content: capped.content, metadata: { ...metadata, [BRIDGE_METADATA_KEY]: { ...readBridgeMetadata(metadata), ...capped.fields } } };
}
