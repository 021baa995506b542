import { asNonEmptyString, asNumber, asRecord, asString } from "../narrow.js";
import { closeChoiceReasoning, type ChatChoiceState, type ChatStreamState, type ChatToolState } from "./chat-stream-state.js";
import { claimEncryptedDetail } from "./handle-chat-reasoning-details.js";
import { toolCallArguments, toolCallBody, toolCallThoughtSignature, CUSTOM_TOOL_CALL_ITEM, KIMI_BUILTIN_FUNCTION_TYPE } from "./chat-tool-call-fields.js";

/**
 * One `delta.tool_calls[]` fragment. Calls are keyed by `index` (the `id` and the name arrive only
 * on a call's first fragment); several calls may interleave. Each call opens TOOL_CALL_START with
 * the turn's assistant message as parent, and its argument fragments pass through byte for byte.
 * A fragment naming a new `id` at an index already in use starts a new call there, the earlier one
 * staying open (only fragments naming it by id reach it) until the choice ends (servers that
 * reuse index 0 for sequential calls, and servers that send whole calls without `index`, several in
 * one chunk). A `reasoning_details` encrypted entry waiting for the call's id goes on it as it
 * opens. Custom tool calls (`type: "custom"`, `custom: { name, input }`) stream their input as the
 * arguments and are marked `itemType: "custom_tool_call"`; arguments sent as a JSON object
 * (llama.cpp, TGI) pass as its JSON text; a fragment without `index` is keyed by its `position` in
 * the delta's `tool_calls` (Kimi: two whole calls in one delta, then their arguments in the same
 * places, still without `index`), and one naming an earlier call of the choice by its `id` goes to
 * that call; Gemini's `extra_content.google.thought_signature` on a
 * call becomes the call's REASONING_ENCRYPTED_VALUE (kind `google-thought-signature`). A Kimi
 * builtin function call (`type: "builtin_function"`, `$web_search`) is the application's to answer
 * (with its arguments, which Kimi then runs), marked `toolCallType: "builtin_function"`.
 */
export function handleChatToolCallDelta(state: ChatStreamState, choice: ChatChoiceState, fragment: unknown, position = 0): void {
  const record = asRecord(fragment);
  if (record === undefined) return;
  const { run } = state;
  const explicitIndex = asNumber(record.index);
  const index = explicitIndex ?? position;
  const { fn, custom } = toolCallBody(record);
  const providerId = asNonEmptyString(record.id);
  // Without an `index`, a fragment naming a call of this choice by its id continues that call
  // (Gemini's late signature-only fragment for an earlier call, after other calls took its place).
  const named = explicitIndex === undefined && providerId !== undefined ? callNamed(choice, providerId) : undefined;
  let open = named ?? choice.tools.get(index);
  if (named === undefined && open !== undefined && providerId !== undefined && open.providerId !== undefined && providerId !== open.providerId) {
    choice.parkedTools.push(open);
    open = undefined;
  }
  if (open === undefined) {
    closeChoiceReasoning(state, choice);
    const toolCallId = uniqueToolCallId(state, providerId);
    run.startToolCall({
      toolCallId,
      toolCallName: asString(fn?.name) ?? "",
      parentMessageId: choice.assistantId,
      ...(custom && { metadata: { itemType: CUSTOM_TOOL_CALL_ITEM } }),
      ...(!custom && record.type === KIMI_BUILTIN_FUNCTION_TYPE && { metadata: { toolCallType: KIMI_BUILTIN_FUNCTION_TYPE } }),
    });
    choice.sawToolCall = true;
    const reasoningDetail = claimEncryptedDetail(state, choice, providerId, toolCallId);
    open = { toolCallId, ...(providerId !== undefined && { providerId }), ...(reasoningDetail !== undefined && { reasoningDetail }) };
    choice.tools.set(index, open);
  }
  if (!run.isToolCallOpen(open.toolCallId)) return;
  const signature = toolCallThoughtSignature(record);
  if (signature !== undefined && signature !== open.thoughtSignature) {
    open.thoughtSignature = signature;
    run.encryptedValue("tool-call", open.toolCallId, signature);
  }
  const args = toolCallArguments(fn, custom);
  if (args !== undefined) run.toolCallArgs(open.toolCallId, args);
}

/** The call of this choice (open at some index, or parked) the provider gave `providerId`. */
function callNamed(choice: ChatChoiceState, providerId: string): ChatToolState | undefined {
  for (const tool of choice.tools.values()) if (tool.providerId === providerId) return tool;
  return choice.parkedTools.find((tool) => tool.providerId === providerId);
}

function uniqueToolCallId(state: ChatStreamState, providerId: string | undefined): string {
  if (providerId === undefined) return state.run.newId();
  if (!state.run.isToolCallIdTaken(providerId)) return providerId;
  const fresh = state.run.newId();
  state.options.onWarning?.({
    code: "stream.duplicate-tool-call-id",
    message: `Tool call id ${providerId} was already used in this run or its conversation; the call was given id ${fresh}`,
    details: { providerId, toolCallId: fresh },
  });
  return fresh;
}
