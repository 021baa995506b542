import { isMintedBy, readBridgeMetadata, toolCallIdFor, toolCallName, type ToolCall } from "@agui-bridge/core/adapter";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { ToolCallRole } from "../request/classify-tool-calls.js";
import { targetOf, type WarningSink } from "../request/request-warnings.js";
import { OPENAI_TOOL_NAME, RESPONSES_CALL_ID } from "../request/tool-name-rule.js";
import { isAsyncCall } from "./async-calls.js";
import { sendableCaller, type SendableCaller } from "./program-caller.js";
import { functionCallSignatureFor } from "./responses-request-rules.js";

/**
 * An assistant's tool call as the Responses input item it was streamed as: a `function_call`
 * (with its item id, thought signature, namespace, program `caller` and `async` flag when the
 * target platform minted them), a `custom_tool_call`, or an `mcp_approval_request`. Calls whose
 * role is `omit` or `provider-item` give no item here (the caller drops them or rebuilds them as
 * provider items). `isSentProgram` tells whether a program item the call names is sent too.
 */
export function convertToolCall(call: ToolCall, role: ToolCallRole, sink: WarningSink, isSentProgram: (id: string) => boolean): ResponseInputItem | undefined {
  const itemId = itemIdOf(call, targetOf(sink));
  const caller = programCallerOf(call, targetOf(sink), isSentProgram);
  const async = isAsyncCall(call, targetOf(sink)) ? { async: true } : {};
  if (role === "omit" || role === "provider-item") return undefined;
  if (role === "custom") {
    return { type: "custom_tool_call", call_id: toolCallIdFor(call, RESPONSES_CALL_ID, sink), name: toolCallName(call, OPENAI_TOOL_NAME, sink), input: call.function.arguments, ...(itemId !== undefined && { id: itemId }), ...caller, ...async };
  }
  if (role === "mcp-approval") {
    const serverLabel = readBridgeMetadata(call.metadata)?.serverLabel;
    return {
      type: "mcp_approval_request",
      id: itemId ?? call.id,
      name: call.function.name,
      arguments: call.function.arguments,
      server_label: typeof serverLabel === "string" ? serverLabel : "",
    };
  }
  const namespace = readBridgeMetadata(call.metadata)?.namespace;
  const signature = functionCallSignatureFor(call, targetOf(sink));
  return {
    type: "function_call",
    call_id: toolCallIdFor(call, RESPONSES_CALL_ID, sink),
    name: toolCallName(call, OPENAI_TOOL_NAME, sink),
    arguments: call.function.arguments,
    ...(itemId !== undefined && { id: itemId }),
    ...(signature !== undefined && { thought_signature: signature }),
    ...(typeof namespace === "string" && { namespace }),
    ...caller,
    ...async,
  } as ResponseInputItem;
}

/**
 * The `caller` of a call a programmatic tool calling program made, as streamed (`{ type:
 * "program", caller_id }`), when the call came from the target platform and its program item is
 * sent too; otherwise nothing (a caller naming a program the request lacks cannot be resolved).
 */
function programCallerOf(call: ToolCall, provider: string, isSentProgram: (id: string) => boolean): { caller?: SendableCaller } {
  if (!isMintedBy(call, provider)) return {};
  const caller = sendableCaller(readBridgeMetadata(call.metadata)?.caller, isSentProgram);
  return caller === undefined ? {} : { caller };
}

/** The item id recorded on a call streamed from the target platform (`openai`, `azure-openai`, …). */
export function itemIdOf(call: ToolCall | undefined, provider: string): string | undefined {
  if (call === undefined) return undefined;
  const fields = readBridgeMetadata(call.metadata);
  return isMintedBy(call, provider) && typeof fields?.itemId === "string" ? fields.itemId : undefined;
}
