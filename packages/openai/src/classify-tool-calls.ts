import { acceptProviderExecuted, isMintedBy, readBridgeMetadata, type Message, type ToolCall } from "@agui-bridge/core/adapter";
import { XAI_PROVIDER_LABEL } from "./classify-output-item.js";
import { CLIENT_TOOL_ITEMS } from "./client-tool-items.js";
import { REBUILDABLE_PROVIDER_ITEMS } from "./convert-provider-items.js";
import { targetOf, type WarningSink } from "./request-warnings.js";

/**
 * What a converter does with an assistant tool call. `provider-item`: a provider-run call OpenAI
 * made, sent back to Responses as the output item(s) it came from (its result with it).
 * `client-item`: a client-run built-in call (local shell, shell, apply_patch, computer, client tool
 * search) streamed from the target platform, sent back to Responses as its call item, its result
 * as the matching `*_output` item.
 */
export type ToolCallRole = "function" | "custom" | "mcp-approval" | "provider-item" | "client-item" | "omit";

/** Item types the Responses request side can rebuild from a tool call. */
const REBUILDABLE = new Set(["function_call", "custom_tool_call", "mcp_approval_request"]);

/**
 * Decides per tool call: provider-executed calls (the provider ran them; their results are its
 * own) are omitted with their results; calls of OpenAI built-ins the application ran (local
 * shell, apply_patch, computer, …) are rebuilt natively on Responses (from the platform that
 * minted them) and, having no function-call form, dropped with a warning on Chat; custom tool
 * calls and MCP approval requests are rebuilt natively on Responses.
 */
export function classifyToolCall(call: ToolCall, api: "chat" | "responses", sink: WarningSink): ToolCallRole {
  const fields = readBridgeMetadata(call.metadata);
  // xAI's server-side tool calls (custom tool call items it ran) have no input form: xAI keeps them.
  const xaiServerTool = fields?.itemType === "custom_tool_call" && isMintedBy(call, XAI_PROVIDER_LABEL);
  if (fields?.providerExecuted === true && api === "responses" && !xaiServerTool) {
    const verdict = acceptProviderExecuted(call, targetOf(sink), (recorded) => isProviderItem(recorded), sink);
    if (verdict === "valid") return "provider-item";
    if (verdict === "invalid") return "omit";
  }
  if (fields?.providerExecuted === true) {
    sink.warn("request.provider-executed-call-omitted", `Tool call ${call.id} was run by the provider itself; omitted with its result`, {
      toolCallId: call.id,
    });
    return "omit";
  }
  const itemType = typeof fields?.itemType === "string" ? fields.itemType : undefined;
  const fromOpenAI = isMintedBy(call, targetOf(sink));
  if (itemType === undefined || !fromOpenAI || itemType === "function_call") return "function";
  if (api === "responses" && REBUILDABLE.has(itemType)) return itemType === "custom_tool_call" ? "custom" : "mcp-approval";
  if (api === "responses" && CLIENT_TOOL_ITEMS.has(itemType)) return "client-item";
  if (itemType === "custom_tool_call") return "custom";
  sink.warn("request.unsupported-tool-call", `Tool call ${call.id} (${itemType}) cannot be sent back to this API; dropped with its result`, {
    toolCallId: call.id,
    itemType,
  });
  return "omit";
}

/** Classifies every tool call of the conversation once (warnings are emitted once per call). */
export function classifyAllToolCalls(
  messages: readonly Message[],
  api: "chat" | "responses",
  sink: WarningSink,
): Map<string, ToolCallRole> {
  const roles = new Map<string, ToolCallRole>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) roles.set(call.id, classifyToolCall(call, api, sink));
  }
  return roles;
}

/** A provider-run call recorded by the Responses stream side: an item type it rebuilds and the item id. */
function isProviderItem(fields: Record<string, unknown>): boolean {
  return typeof fields.itemType === "string" && REBUILDABLE_PROVIDER_ITEMS.has(fields.itemType) && typeof fields.itemId === "string" && fields.itemId !== "";
}
