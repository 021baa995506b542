import { isCallOutputItem } from "./call-output-items.js";
import { clientItemArguments, clientToolName, isClientToolItem } from "./client-tool-items.js";
import { asNonEmptyString, asRecord, asString } from "../narrow.js";

/** How an output item is mapped. */
export type ItemClass =
  | { kind: "message" }
  | { kind: "reasoning" }
  /** A `compaction` item: an encrypted summary of earlier context, sent back as it came. */
  | { kind: "compaction" }
  /** A call the application runs (function, custom tool, local shell, apply_patch, computer, …). */
  | { kind: "application-tool"; name: string; argsFromDeltas: boolean }
  /** A tool the provider ran itself; `resultInItem`: the item carries its output. */
  | { kind: "provider-tool"; name: string; resultInItem: boolean; argsFromDeltas: boolean }
  /**
   * The output of a call that started as an earlier item: the provider's (`shell_call_output`,
   * `program_output`, …) or one the server gave for an application call (`function_call_output`,
   * `computer_call_output`, `mcp_approval_response`, …; call-output-items.ts).
   */
  | { kind: "call-output" }
  | { kind: "unknown" };

const HOSTED_WITH_RESULT = new Set([
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "mcp_list_tools",
  // openai-node 7.60 `ResponseOutputItem.AdditionalTools` `{ id, role, tools }`: tool definitions
  // made available at this point of the output. Like an MCP tool listing it is the server's own
  // step whose outcome is a list of tools (args = its `role`, result = its `tools`), and the input
  // item of the same type takes it back (convert-provider-items.ts).
  "additional_tools",
]);

/**
 * xAI's Responses API: its server-side tools (X search, web search, code execution, image and
 * video viewing) stream as `custom_tool_call` items (`x_keyword_search`, `view_x_video`, …) or
 * items of its own types, all run by xAI and finished in the same response; an application's
 * own tools on xAI are function tools only (xAI's tools overview: built-in tools and function
 * calling).
 */
export const XAI_PROVIDER_LABEL = "xai";

/** xAI's own item types of server-side tool calls (they carry no output). */
const XAI_TOOL_ITEMS = new Set(["x_search_call", "code_execution_call", "view_image_call", "view_x_video_call"]);

/**
 * Classifies a Responses output item by its `type` (and, for shell/tool search, where it runs),
 * for the platform `provider` (the stream's label: on `xai`, custom tool calls are xAI's own).
 */
export function classifyOutputItem(item: Record<string, unknown>, provider?: string): ItemClass {
  const type = asString(item.type) ?? "";
  if (type === "message") return { kind: "message" };
  if (type === "reasoning") return { kind: "reasoning" };
  if (type === "compaction") return { kind: "compaction" };
  if (type === "function_call") return { kind: "application-tool", name: asString(item.name) ?? "", argsFromDeltas: true };
  if (type === "custom_tool_call" && provider === XAI_PROVIDER_LABEL) {
    return { kind: "provider-tool", name: asNonEmptyString(item.name) ?? type, resultInItem: true, argsFromDeltas: true };
  }
  if (type === "custom_tool_call") return { kind: "application-tool", name: asString(item.name) ?? "", argsFromDeltas: true };
  if (XAI_TOOL_ITEMS.has(type)) return { kind: "provider-tool", name: asNonEmptyString(item.name) ?? toolName(type), resultInItem: true, argsFromDeltas: false };
  if (type === "mcp_approval_request") {
    return { kind: "application-tool", name: asNonEmptyString(item.name) ?? type, argsFromDeltas: false };
  }
  // Client-run built-ins (local shell, shell without a hosted environment, apply_patch, computer,
  // client tool search): the application executes them (client-tool-items.ts).
  if (isClientToolItem(item)) return { kind: "application-tool", name: clientToolName(item), argsFromDeltas: false };
  if (type === "shell_call") return { kind: "provider-tool", name: "shell", resultInItem: false, argsFromDeltas: false };
  if (type === "tool_search_call") return { kind: "provider-tool", name: "tool_search", resultInItem: false, argsFromDeltas: false };
  if (type === "program") return { kind: "provider-tool", name: "program", resultInItem: false, argsFromDeltas: false };
  if (type === "mcp_call") {
    return { kind: "provider-tool", name: asNonEmptyString(item.name) ?? "mcp_call", resultInItem: true, argsFromDeltas: true };
  }
  if (HOSTED_WITH_RESULT.has(type)) return { kind: "provider-tool", name: toolName(type), resultInItem: true, argsFromDeltas: false };
  if (isCallOutputItem(type)) return { kind: "call-output" };
  // Another server's own tool call item (`web_extractor_call`, `image_search_call`, …) without a
  // `call_id`: nothing could answer it, so the server ran it; its output fields are its result.
  if (type.endsWith("_call") && asNonEmptyString(item.call_id) === undefined) {
    return { kind: "provider-tool", name: asNonEmptyString(item.name) ?? toolName(type), resultInItem: true, argsFromDeltas: false };
  }
  return { kind: "unknown" };
}

function toolName(type: string): string {
  return type.endsWith("_call") ? type.slice(0, -"_call".length) : type;
}

/**
 * Fields of an item that describe what the tool returned (the rest describe the call);
 * `max_output_length`: a `shell_call_output`'s, which the API wants back with the output.
 */
export const RESULT_FIELDS = new Set(["output", "outputs", "results", "result", "error", "status", "tools", "max_output_length"]);

/** The fields of an item that are not bookkeeping (`id`, `type`). */
const BOOKKEEPING = new Set(["id", "type", "call_id"]);

/**
 * The call's input, as the JSON text of the item's non-result fields. `sourcesJson`: a web search
 * call's {@link webSearchSourcesJson}, written as it is inside the `action`.
 */
export function itemArguments(item: Record<string, unknown>, sourcesJson?: string): string {
  const type = asString(item.type);
  if (type === "function_call" || type === "mcp_approval_request") return asString(item.arguments) ?? "";
  if (type === "custom_tool_call") return asString(item.input) ?? "";
  if (type === "mcp_call") return asString(item.arguments) ?? "";
  if (isClientToolItem(item)) return clientItemArguments(item);
  const args: Record<string, unknown> = {};
  for (const key in item) {
    const value = item[key];
    if (Object.hasOwn(item, key) && !BOOKKEEPING.has(key) && !RESULT_FIELDS.has(key) && value !== null && value !== undefined) args[key] = value;
  }
  const action = asRecord(args.action);
  if (sourcesJson === undefined || action === undefined) return JSON.stringify(args);
  return stringifyWith(args, "action", stringifyWith(action, "sources", sourcesJson));
}

/**
 * A web search call's `action.sources` as JSON text (`undefined` when it has none): the call's
 * arguments (its `action`) and its result (`sources`) both carry the list, so it is serialized
 * once for the two.
 */
export function webSearchSourcesJson(item: Record<string, unknown>): string | undefined {
  if (item.type !== "web_search_call") return undefined;
  const sources = asRecord(item.action)?.sources;
  return sources === undefined ? undefined : JSON.stringify(sources);
}

/** `JSON.stringify(record)`, but with the value of `key` written as `json` (its JSON text, made already). */
export function stringifyWith(record: Record<string, unknown>, key: string, json: string): string {
  let text = "";
  for (const name of Object.keys(record)) {
    const value = name === key ? json : JSON.stringify(record[name]);
    if (value !== undefined) text += `${text === "" ? "{" : ","}${JSON.stringify(name)}:${value}`;
  }
  return text === "" ? "{}" : `${text}}`;
}
