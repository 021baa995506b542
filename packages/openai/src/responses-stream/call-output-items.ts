import type { BridgeMetadata, ContentPart } from "@agui-bridge/core/adapter";
import { inputContentParts } from "./input-content-parts.js";
import { asNonEmptyString, asRecord, asString } from "../narrow.js";

/**
 * The call item type each output item answers. An output item arrives as its own item of
 * `response.output`, after the call it names:
 *
 * - of a provider-run call: `shell_call_output` (hosted shell), `tool_search_output` (server tool
 *   search), `program_output`;
 * - of a call the application runs, answered by the server itself (openai-node 7.60
 *   `ResponseOutputItem` lists these output forms too): `function_call_output`,
 *   `custom_tool_call_output`, `computer_call_output`, `local_shell_call_output`,
 *   `apply_patch_call_output`, `shell_call_output` / `tool_search_output` of a client-run call,
 *   and `mcp_approval_response` (an answer to an `mcp_approval_request`).
 */
export const CALL_TYPE_OF_OUTPUT: Readonly<Record<string, string>> = {
  shell_call_output: "shell_call",
  tool_search_output: "tool_search_call",
  program_output: "program",
  function_call_output: "function_call",
  custom_tool_call_output: "custom_tool_call",
  computer_call_output: "computer_call",
  local_shell_call_output: "local_shell_call",
  apply_patch_call_output: "apply_patch_call",
  mcp_approval_response: "mcp_approval_request",
};

/** Output item types that only ever answer a call the application runs (never a provider-run one). */
export const APPLICATION_OUTPUTS: ReadonlySet<string> = new Set([
  "function_call_output",
  "custom_tool_call_output",
  "computer_call_output",
  "local_shell_call_output",
  "apply_patch_call_output",
  "mcp_approval_response",
]);

/** Whether an item is an output item answering a call that started as an earlier item. */
export function isCallOutputItem(type: string): boolean {
  return Object.hasOwn(CALL_TYPE_OF_OUTPUT, type);
}

/**
 * The id the output names its call by: `call_id`; an `mcp_approval_response`'s
 * `approval_request_id` (the request item's id); a `local_shell_call_output` without `call_id`:
 * its `id`, which the SDK's output type documents as "the unique ID of the local shell tool call".
 */
export function outputCallKey(item: Record<string, unknown>): string | undefined {
  const type = asString(item.type);
  if (type === "mcp_approval_response") return asNonEmptyString(item.approval_request_id);
  const callId = asNonEmptyString(item.call_id);
  if (callId === undefined && type === "local_shell_call_output") return asNonEmptyString(item.id);
  return callId;
}

/** The output item's own id: none when its `id` names its call ({@link outputCallKey}). */
export function outputItemId(item: Record<string, unknown>): string | undefined {
  const id = asNonEmptyString(item.id);
  return item.type === "local_shell_call_output" && asNonEmptyString(item.call_id) === undefined ? undefined : id;
}

/** Fields of an application output that its content carries (or that name it). */
const IN_CONTENT: Record<string, ReadonlySet<string>> = {
  function_call_output: new Set(["output"]),
  custom_tool_call_output: new Set(["output"]),
  local_shell_call_output: new Set(["output"]),
  computer_call_output: new Set(["output", "acknowledged_safety_checks"]),
  apply_patch_call_output: new Set(["output", "status"]),
  mcp_approval_response: new Set(["approve", "reason", "approval_request_id"]),
};

/**
 * The TOOL_CALL_RESULT content of an output that answers an application call, in the form the
 * request side reads the application's own answer in (so the item goes back as it came):
 *
 * - `function_call_output` / `custom_tool_call_output`: its `output` string, or its input parts as
 *   content parts (see {@link inputContentParts});
 * - `local_shell_call_output`: its `output` string;
 * - `computer_call_output`: the screenshot as an image part, then the `acknowledged_safety_checks`
 *   as JSON text `{"acknowledged_safety_checks":[…]}` when there are any;
 * - `apply_patch_call_output`: JSON text `{"status":…,"output":…}`;
 * - `mcp_approval_response`: JSON text `{"approve":…,"reason":…}`.
 *
 * `undefined` for another type (the provider-run outputs' content is made elsewhere).
 */
export function applicationOutputContent(item: Record<string, unknown>, provider: string): string | ContentPart[] | undefined {
  const type = asString(item.type) ?? "";
  switch (type) {
    case "function_call_output":
    case "custom_tool_call_output":
      if (Array.isArray(item.output)) return inputContentParts(item.output, provider);
      return typeof item.output === "string" ? item.output : JSON.stringify(item.output ?? "");
    case "local_shell_call_output":
      return typeof item.output === "string" ? item.output : JSON.stringify(item.output ?? "");
    case "computer_call_output":
      return screenshotContent(item, provider);
    case "apply_patch_call_output":
      return JSON.stringify(pick(item, ["status", "output"]));
    case "mcp_approval_response":
      return JSON.stringify(pick(item, ["approve", "reason"]));
    default:
      return undefined;
  }
}

/**
 * The result metadata of an output answering an application call: `providerToolType` (the output
 * item type), `itemId` (the output item's own id, when it has one) and `itemFields`, its other
 * fields as sent (`status`, `caller`, `created_by`, `name`, `namespace`, …) when there are any.
 */
export function applicationOutputMetadata(item: Record<string, unknown>): BridgeMetadata {
  const type = asString(item.type) ?? "";
  const itemId = outputItemId(item);
  const inContent = IN_CONTENT[type];
  const itemFields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === "id" || key === "type" || key === "call_id" || inContent?.has(key) === true || value === undefined) continue;
    itemFields[key] = value;
  }
  return {
    providerToolType: type,
    ...(itemId !== undefined && { itemId }),
    ...(Object.keys(itemFields).length > 0 && { itemFields }),
  };
}

function screenshotContent(item: Record<string, unknown>, provider: string): string | ContentPart[] {
  const output = asRecord(item.output);
  const checks = Array.isArray(item.acknowledged_safety_checks) && item.acknowledged_safety_checks.length > 0 ? item.acknowledged_safety_checks : undefined;
  const url = asNonEmptyString(output?.image_url);
  const fileId = asNonEmptyString(output?.file_id);
  // A screenshot with both (or neither) goes as the JSON the request side also reads it from.
  if (output === undefined || (url === undefined) === (fileId === undefined)) {
    return JSON.stringify({ ...(item.output !== undefined && { output: item.output }), ...(checks !== undefined && { acknowledged_safety_checks: checks }) });
  }
  const [image] = inputContentParts([{ type: "input_image", ...(url !== undefined ? { image_url: url } : { file_id: fileId }) }], provider);
  const parts: ContentPart[] = image === undefined ? [] : [image];
  if (checks !== undefined) parts.push({ type: "text", text: JSON.stringify({ acknowledged_safety_checks: checks }) });
  return parts;
}

function pick(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (item[field] !== undefined && item[field] !== null) out[field] = item[field];
  return out;
}
