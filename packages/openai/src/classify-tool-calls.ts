import { acceptProviderExecuted, isMintedBy, readBridgeMetadata, type Message, type ToolCall } from "@agui-bridge/core/adapter";
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
  if (fields?.providerExecuted === true && api === "responses") {
    const verdict = acceptProviderExecuted(call, targetOf(sink), isRecordedItem, sink);
    if (verdict === "valid" && isProviderItem(fields)) return "provider-item";
    if (verdict === "invalid") return "omit";
    // A provider-run item this platform streamed that has no input form (xAI's server-side tool
    // calls, programs, other servers' own item types): the provider keeps it; omitted below.
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

/**
 * Whether a Chat request sends the call back as an assistant `tool_calls` entry: only function and
 * custom calls; a call of any other role (provider-executed, another API's item) is left out, its
 * result with it, and nothing else of the request may count it as a call the message made.
 */
export function sentAsChatToolCall(roles: ReadonlyMap<string, ToolCallRole>, call: ToolCall): boolean {
  const role = roles.get(call.id);
  return role === "function" || role === "custom";
}

/** A provider-run call the Responses stream side recorded: its item type and item id. */
function isRecordedItem(fields: Record<string, unknown>): boolean {
  return typeof fields.itemType === "string" && fields.itemType !== "" && typeof fields.itemId === "string" && fields.itemId !== "";
}

/** A recorded provider-run call of an item type the request side rebuilds. */
function isProviderItem(fields: Record<string, unknown>): boolean {
  return isRecordedItem(fields) && REBUILDABLE_PROVIDER_ITEMS.has(fields.itemType as string);
}
