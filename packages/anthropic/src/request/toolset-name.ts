import { isMintedBy, readBridgeMetadata, type Message, type ToolCall } from "@agui-bridge/core/adapter";
import { asNonEmptyString } from "../narrow.js";

/**
 * The `toolset_name` a toolset member call (`browser_toolset_20260801`, `computer_toolset_20260801`)
 * goes back with, on its `tool_use` and on the `tool_result` answering it; `undefined` for any other
 * call. A member `tool_use` names the member only (`left_click` is a member of both toolsets), and
 * `toolset_name` tells which family it belongs to (`BetaToolUseBlockParam.toolset_name`, "the
 * toolset family this member belongs to"); the result carries the same value
 * (`BetaToolResultBlockParam.toolset_name`, "For a toolset member tool_result, the toolset family
 * of the paired tool_use"): the SDK's own toolset runner echoes it on every member result, error
 * results included, because "`toolset_name` is required on a member result (the API rejects a
 * mismatch)" (`lib/internal/toolsets/run.ts` of `@anthropic-ai/sdk` 1.17.0). Sent only when the
 * call was made on `platform` (core's `isMintedBy`: another platform's family record is not
 * trusted to name a toolset of this request), and then on both blocks, so they always agree.
 */
export function toolsetNameOf(call: ToolCall | undefined, platform: string): string | undefined {
  if (call === undefined || readBridgeMetadata(call.metadata)?.providerExecuted === true || !isMintedBy(call, platform)) return undefined;
  return asNonEmptyString(readBridgeMetadata(call.metadata)?.toolsetName);
}

/** The assistant tool calls of a conversation by id (the last one wins; ids are unique once `uniqueToolCallIds` ran). */
export function toolCallsById(messages: readonly Message[]): Map<string, ToolCall> {
  const calls = new Map<string, ToolCall>();
  for (const message of messages) {
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) calls.set(call.id, call);
  }
  return calls;
}
