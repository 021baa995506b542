import { PROVIDER_TOOL } from "../constants.js";
import { asNonEmptyString, isRecord } from "../narrow.js";
import type { StreamState } from "./stream-state.js";
import { startCall } from "./tool-calls.js";

/**
 * A Gemini 3 server-side `toolCall` part (a built-in tool the API runs itself, e.g. Google Search
 * combined with function calling): a provider-executed call named after its `toolType`
 * (`providerToolType: "server_tool"`), arguments = the part's `args` as JSON, the part's
 * `thoughtSignature` on the call (subtype `tool-call`). Its `toolResponse` arrives as a later part.
 */
export function handleServerToolCall(state: StreamState, call: Record<string, unknown>, signature: string | undefined): void {
  const providerId = asNonEmptyString(call.id);
  const toolType = asNonEmptyString(call.toolType);
  const toolCallId = startCall(state, {
    providerId,
    name: toolType ?? PROVIDER_TOOL.serverTool,
    providerExecuted: true,
    metadata: { providerToolType: PROVIDER_TOOL.serverTool, ...(toolType !== undefined && { toolType }) },
    signature,
  });
  state.run.toolCallArgs(toolCallId, JSON.stringify(isRecord(call.args) ? call.args : {}));
  state.run.endToolCall(toolCallId);
  state.pendingServerTools.push({ toolCallId, ...(providerId !== undefined && { providerId }) });
}

/**
 * A `toolResponse` part: the TOOL_CALL_RESULT of the `toolCall` it answers (by `id`, else the
 * oldest still waiting); content = its `response` as JSON text, `toolType` in metadata. A response
 * with no call to answer gets a call of its own, so it is not lost. The part's `thoughtSignature`
 * goes on the result message (subtype `message`), the part it came on.
 */
export function handleServerToolResponse(state: StreamState, response: Record<string, unknown>, signature: string | undefined): void {
  const providerId = asNonEmptyString(response.id);
  const toolType = asNonEmptyString(response.toolType);
  const index = providerId === undefined ? 0 : state.pendingServerTools.findIndex((pending) => pending.providerId === providerId);
  const pending = index >= 0 ? state.pendingServerTools.splice(index, 1)[0] : undefined;
  let toolCallId = pending?.toolCallId;
  if (toolCallId === undefined) {
    toolCallId = startCall(state, {
      providerId,
      name: toolType ?? PROVIDER_TOOL.serverTool,
      providerExecuted: true,
      metadata: { providerToolType: PROVIDER_TOOL.serverTool, ...(toolType !== undefined && { toolType }) },
    });
    state.run.toolCallArgs(toolCallId, "{}");
  }
  const messageId = state.run.toolCallResult({
    toolCallId,
    content: JSON.stringify(isRecord(response.response) ? response.response : {}),
    metadata: { providerExecuted: true, providerToolType: PROVIDER_TOOL.serverTool, ...(toolType !== undefined && { toolType }) },
  });
  if (signature !== undefined) state.run.encryptedValue("message", messageId, signature);
}
