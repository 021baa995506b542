import { acceptProviderExecuted, entityProvider, isMintedBy, readBridgeMetadata, REQUEST_WARNINGS, type Message, type ToolCall } from "@agui-bridge/core/adapter";
import { CLIENT_TOOL_ITEMS } from "../responses-stream/client-tool-items.js";
import { REBUILDABLE_PROVIDER_ITEMS } from "../responses-request/convert-provider-items.js";
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
    const verdict = acceptProviderExecuted(call, targetOf(sink), isProviderRunRecord, sink);
    if (verdict === "valid" && isProviderItem(fields)) return "provider-item";
    if (verdict === "invalid") return "omit";
    // A provider-run item this platform streamed that has no input form (xAI's server-side tool
    // calls, programs, other servers' own item types), or a provider-run call a Chat Completions
    // stream recorded (Groq's `executed_tools`): the provider keeps it; omitted below.
  }
  if (fields?.providerExecuted === true) {
    warnProviderRunOmitted(call, fields, api, sink);
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

/**
 * What the stream side can have recorded of a provider-run call: a Responses output item (its
 * item type and item id), or a call a Chat Completions stream mapped (`providerToolType` without
 * an item: Groq's `executed_tools`, a gateway's image generation). A claim recording neither is
 * not one the bridge made (`request.invalid-provider-executed`).
 */
function isProviderRunRecord(fields: Record<string, unknown>): boolean {
  return isRecordedItem(fields) || isChatRecordedCall(fields);
}

/** A provider-run call the Responses stream side recorded: its item type and item id. */
function isRecordedItem(fields: Record<string, unknown>): boolean {
  return typeof fields.itemType === "string" && fields.itemType !== "" && typeof fields.itemId === "string" && fields.itemId !== "";
}

/**
 * A provider-run call a Chat Completions stream recorded: a `providerToolType` and no Responses
 * item (`handleChatExecutedTools`, `handleChatImages`). Responses has no input item for it (Groq's
 * Responses API documents no item for a Compound / built-in tool a Chat turn ran), so it is left
 * out with its result.
 */
function isChatRecordedCall(fields: Record<string, unknown>): boolean {
  return typeof fields.providerToolType === "string" && fields.providerToolType !== "" && fields.itemType === undefined && fields.itemId === undefined;
}

/**
 * `request.provider-executed-call-omitted`, saying why this API cannot take the call back; a call
 * another provider ran is core's shared `request.foreign-provider-tool`, as every converter reports it.
 */
function warnProviderRunOmitted(call: ToolCall, fields: Record<string, unknown>, api: "chat" | "responses", sink: WarningSink): void {
  const toolType = typeof fields.providerToolType === "string" && fields.providerToolType !== "" ? fields.providerToolType : undefined;
  if (!isMintedBy(call, targetOf(sink))) {
    sink.warn(REQUEST_WARNINGS.foreignProviderTool, `Tool call ${call.id} was run by ${entityProvider(call) ?? "an unknown provider"} itself and cannot be replayed to ${targetOf(sink)}; dropped with its result`, {
      toolCallId: call.id,
      provider: entityProvider(call) ?? null,
      ...(toolType !== undefined && { providerToolType: toolType }),
    });
    return;
  }
  const why =
    api === "responses" && isChatRecordedCall(fields)
      ? `was run by the provider itself (${String(toolType)}, recorded from a Chat Completions stream), and Responses has no input item for it; dropped with its result`
      : "was run by the provider itself; omitted with its result";
  sink.warn("request.provider-executed-call-omitted", `Tool call ${call.id} ${why}`, {
    toolCallId: call.id,
    ...(toolType !== undefined && { providerToolType: toolType }),
  });
}

/** A recorded provider-run call of an item type the request side rebuilds. */
function isProviderItem(fields: Record<string, unknown>): boolean {
  return isRecordedItem(fields) && REBUILDABLE_PROVIDER_ITEMS.has(fields.itemType as string);
}
