import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asRecord, asString } from "../narrow.js";

/**
 * OpenAI built-in tools the application executes (client-run): the output item types, the tool
 * name each becomes as an AG-UI tool call, and which item field holds the call's input (what the
 * application must act on). The call's arguments are the JSON of that field; every other field of
 * the item (status, `pending_safety_checks`, `environment`, `caller`, `execution`, the final
 * `call_id`) is recorded on TOOL_CALL_END as `itemFields`, so the request side rebuilds the item
 * exactly.
 */
export const CLIENT_TOOL_ITEMS: ReadonlyMap<string, { argsField: string }> = new Map([
  ["local_shell_call", { argsField: "action" }],
  ["shell_call", { argsField: "action" }],
  ["apply_patch_call", { argsField: "operation" }],
  ["computer_call", { argsField: "action" }],
  ["tool_search_call", { argsField: "arguments" }],
]);

/** Whether an output item is a client-run built-in call (shell without a hosted environment, client tool search). */
export function isClientToolItem(item: Record<string, unknown>): boolean {
  const type = asString(item.type) ?? "";
  if (type === "shell_call") return asString(asRecord(item.environment)?.type)?.startsWith("container") !== true;
  if (type === "tool_search_call") return item.execution === "client";
  return CLIENT_TOOL_ITEMS.has(type);
}

/**
 * The tool name a client-run call gets: the `type` of the request's `tools` entry that enables it
 * (`local_shell`, `shell`, `apply_patch`, `tool_search`). A computer call carrying the batched
 * `actions` list comes from the GA `computer` tool, one with a single `action` from
 * `computer_use_preview`.
 */
export function clientToolName(item: Record<string, unknown>): string {
  const type = asString(item.type) ?? "";
  if (type === "computer_call") return Array.isArray(item.actions) ? "computer" : "computer_use_preview";
  return type.endsWith("_call") ? type.slice(0, -"_call".length) : type;
}

/**
 * The call's arguments: the JSON of the item's action / operation / arguments field. A computer
 * call with the batched `actions` list: `{"actions":[…]}` (with `action` beside it if both came).
 */
export function clientItemArguments(item: Record<string, unknown>): string {
  const type = asString(item.type) ?? "";
  if (type === "computer_call" && Array.isArray(item.actions)) {
    return JSON.stringify({ ...(item.action !== undefined && item.action !== null && { action: item.action }), actions: item.actions });
  }
  const field = CLIENT_TOOL_ITEMS.get(type)?.argsField;
  const value = field === undefined ? undefined : item[field];
  return value === undefined || value === null ? "{}" : JSON.stringify(value);
}

const NOT_RECORDED = new Set(["id", "type"]);

/**
 * TOOL_CALL_END metadata of a client-run call: `itemType`, `itemId` (when the item came with one) and `itemFields`, the finished
 * item's fields other than its id, type and input (`status`, `pending_safety_checks`, `call_id`,
 * `environment`, `caller`, `execution`, …), as sent.
 */
export function clientItemMetadata(item: Record<string, unknown>, itemId: string | undefined): BridgeMetadata {
  const type = asString(item.type) ?? "";
  const argsField = CLIENT_TOOL_ITEMS.get(type)?.argsField;
  const itemFields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (NOT_RECORDED.has(key) || key === argsField || (type === "computer_call" && key === "actions")) continue;
    if (value !== undefined) itemFields[key] = value;
  }
  return { itemType: type, ...(itemId !== undefined && { itemId }), itemFields };
}
