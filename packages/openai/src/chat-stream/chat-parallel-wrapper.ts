import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { bundledCalls, declaredToolNames } from "../parallel-tool-wrapper.js";
import { choiceStartMetadata, type ChatChoiceState, type ChatStreamState, type ChatToolState } from "./chat-stream-state.js";
import type { HeldToolCall } from "./start-chat-tool-call.js";

/**
 * A held `multi_tool_use.parallel` call (OpenAI's internal parallel-call wrapper on Chat
 * Completions, the one rule in parallel-tool-wrapper.ts) at the end of its choice: when its
 * arguments bundle calls of declared tools, those calls are written in its place (START with the
 * turn's assistant message as parent, the arguments, END) and `true` is returned; otherwise
 * `false`, for the caller to start it as the plain call it is.
 *
 * The calls get ids `<wrapper id>_<index>` (a fresh id when the wrapper had none or that id is
 * taken); each END records `parallelWrapper: { callId, index }` (the wrapper's id, when it had
 * one), the first also the wrapper's whole `arguments` text, so nothing is lost. The request side
 * sends them back as ordinary calls of the assistant message.
 */
export function expandChatWrapper(state: ChatStreamState, choice: ChatChoiceState, tool: ChatToolState, held: HeldToolCall, name: string): boolean {
  const text = held.fragments.join("");
  const calls = bundledCalls(text, declaredToolNames(state.options) ?? new Set());
  if (calls === undefined) return false;
  const { run } = state;
  tool.held = undefined;
  const ids = calls.map((call, index) => {
    const preferred = tool.providerId === undefined ? undefined : `${tool.providerId}_${index}`;
    const toolCallId = preferred !== undefined && !run.isToolCallIdTaken(preferred) ? preferred : run.newId();
    const origin: Record<string, unknown> = { ...(tool.providerId !== undefined && { callId: tool.providerId }), index };
    if (index === 0) origin.arguments = text;
    const metadata = choiceStartMetadata(choice);
    run.startToolCall({ toolCallId, toolCallName: call.name, parentMessageId: choice.assistantId, ...(metadata !== undefined && { metadata }) });
    run.toolCallArgs(toolCallId, call.args);
    run.endToolCall(toolCallId, { parallelWrapper: origin });
    return toolCallId;
  });
  const names = calls.map((call) => call.name);
  state.options.onWarning?.({
    code: STREAM_WARNINGS.parallelWrapperExpanded,
    message: `Tool call ${tool.providerId ?? "(no id)"} was OpenAI's internal parallel wrapper (${name}); it was expanded into ${calls.length} calls (${names.join(", ")})`,
    details: { ...(tool.providerId !== undefined && { providerId: tool.providerId }), toolCallIds: ids, toolNames: names },
  });
  return true;
}
