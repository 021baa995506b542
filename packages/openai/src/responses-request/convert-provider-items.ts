import { readBridgeMetadata, type ContentPart, type ToolCall, type ToolMessage } from "@agui-bridge/core/adapter";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { asNonEmptyString, isRecord } from "../narrow.js";
import type { WarningSink } from "../request/request-warnings.js";

/**
 * What the Responses API accepts as input for each item type a provider-run tool produces (the
 * fields of the input item types in the API reference / the SDK's `ResponseInputItem`), and which
 * of them it requires. Anything else the output item carried is not sent.
 */
const INPUT_FIELDS: Record<string, { fields: readonly string[]; required: readonly string[] }> = {
  web_search_call: { fields: ["id", "action", "status"], required: ["id", "action", "status"] },
  file_search_call: { fields: ["id", "queries", "status", "results"], required: ["id", "queries", "status"] },
  code_interpreter_call: { fields: ["id", "code", "container_id", "outputs", "status"], required: ["id", "container_id", "status"] },
  image_generation_call: {
    // `error` (a moderation block's `moderation_details` inside) and `svg_usage`: openai-node 7.60's input item takes them back.
    fields: ["id", "result", "status", "action", "background", "error", "output_format", "quality", "revised_prompt", "size", "svg_usage"],
    required: ["id", "status"],
  },
  mcp_call: {
    fields: ["id", "arguments", "name", "server_label", "approval_request_id", "error", "output", "status"],
    required: ["id", "arguments", "name", "server_label"],
  },
  mcp_list_tools: { fields: ["id", "server_label", "tools", "error"], required: ["id", "server_label", "tools"] },
  // `caller`: a hosted shell call a program made (the shell tool's `allowed_callers`); the converter keeps it only while the program is sent (program-caller.ts).
  shell_call: { fields: ["id", "action", "call_id", "environment", "status", "caller"], required: ["action", "call_id"] },
  tool_search_call: { fields: ["id", "arguments", "call_id", "execution", "status"], required: ["arguments"] },
  shell_call_output: { fields: ["id", "call_id", "output", "status", "max_output_length"], required: ["call_id", "output"] },
  tool_search_output: { fields: ["id", "call_id", "tools", "execution", "status"], required: ["tools"] },
  program: { fields: ["id", "call_id", "code", "fingerprint"], required: ["id", "call_id", "code", "fingerprint"] },
  program_output: { fields: ["id", "call_id", "result", "status"], required: ["id", "call_id", "result", "status"] },
  additional_tools: { fields: ["id", "role", "tools"], required: ["role", "tools"] },
};

/**
 * The roles each input item type takes (`ResponseInputItem.AdditionalTools.role`: "Only
 * `developer` is supported"; the output item may name others): an item of another role cannot be
 * sent back.
 */
const INPUT_ROLES: Record<string, ReadonlySet<unknown>> = {
  additional_tools: new Set(["developer"]),
};

/** The item types of provider-run tools the request side rebuilds. */
export const REBUILDABLE_PROVIDER_ITEMS: ReadonlySet<string> = new Set(
  ["web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call", "mcp_call", "mcp_list_tools", "shell_call", "tool_search_call", "program", "additional_tools"],
);

/**
 * A provider-run tool call streamed from the Responses API (metadata `itemType` + `itemId`) and
 * its TOOL_CALL_RESULT → the output item(s) it came from, as input items: the call item (its
 * recorded arguments and the result fields, limited to what the API accepts as input for the
 * type), then, for calls whose output was a separate item (`shell_call_output`,
 * `tool_search_output`), that item. `undefined` when the item cannot be rebuilt (a required field
 * is missing): the caller drops it, with a warning, and keeps reasoning/item pairs consistent.
 */
export function providerItems(call: ToolCall, result: ToolMessage | undefined, sink: WarningSink): ResponseInputItem[] | undefined {
  const fields = readBridgeMetadata(call.metadata);
  const type = asNonEmptyString(fields?.itemType) ?? "";
  const itemId = asNonEmptyString(fields?.itemId);
  const spec = INPUT_FIELDS[type];
  if (spec === undefined || itemId === undefined) return undefined;
  const args = parseObject(call.function.arguments);
  const raw: Record<string, unknown> = { ...args, id: itemId };
  if (type === "mcp_call") {
    raw.arguments = call.function.arguments;
    raw.name = call.function.name;
    const serverLabel = asNonEmptyString(fields?.serverLabel);
    if (serverLabel !== undefined) raw.server_label = serverLabel;
    const approvalRequestId = asNonEmptyString(fields?.approvalRequestId);
    if (approvalRequestId !== undefined) raw.approval_request_id = approvalRequestId;
  }
  if (type === "shell_call" || type === "tool_search_call" || type === "program") if (call.id !== itemId) raw.call_id = call.id;
  const separate = type === "shell_call" || type === "tool_search_call";
  if (result !== undefined && !separate && type !== "program") Object.assign(raw, resultFields(type, result.content));
  // An image result carries its item's status when it was not `completed` (stream side: `itemStatus`).
  if (type === "image_generation_call") raw.status ??= asNonEmptyString(readBridgeMetadata(result?.metadata)?.itemStatus);
  if (type === "image_generation_call" || type === "web_search_call" || type === "file_search_call" || type === "code_interpreter_call") {
    raw.status ??= "completed";
  }
  if (type === "code_interpreter_call") raw.outputs ??= null;
  // The input item requires `result` (`string | null`): a call that made no image (failed) sends null.
  if (type === "image_generation_call") raw.result ??= null;
  // A call whose output arrived as its own item had completed; its own status was not recorded.
  if (separate && result !== undefined) raw.status ??= "completed";
  const item = pick(type, raw, spec);
  if (item === undefined) return undefined;
  const out: ResponseInputItem[] = [item];
  if (separate && result !== undefined) {
    const outputType = asNonEmptyString(readBridgeMetadata(result.metadata)?.providerToolType) ?? `${type.replace(/_call$/, "")}_output`;
    const outputSpec = INPUT_FIELDS[outputType];
    const outputId = asNonEmptyString(readBridgeMetadata(result.metadata)?.itemId);
    const rawOutput: Record<string, unknown> = {
      ...resultFields(outputType, result.content),
      ...(outputId !== undefined && { id: outputId }),
      ...(raw.call_id !== undefined && { call_id: raw.call_id }),
      ...(raw.execution !== undefined && { execution: raw.execution }),
    };
    const output = outputSpec === undefined ? undefined : pick(outputType, rawOutput, outputSpec);
    if (output === undefined) {
      sink.warn("request.provider-item-dropped", `The ${outputType} output of tool call ${call.id} cannot be rebuilt; dropped`, { toolCallId: call.id, itemType: outputType });
    } else out.push(output);
  }
  return out;
}

/** The result fields recorded as the TOOL_CALL_RESULT's JSON text (an image result: its base64 data). */
function resultFields(type: string, content: string | ContentPart[]): Record<string, unknown> {
  if (typeof content !== "string") {
    const image = content.find((part) => part.type === "image" && part.source.type === "data");
    if (type === "image_generation_call" && image !== undefined && image.type === "image") return { result: image.source.value };
    const text = content.find((part) => part.type === "text");
    return text?.type === "text" ? parseObject(text.text) : {};
  }
  const parsed = parseObject(content);
  // `sources` of a web search were copied out of its `action` for the reader; the action holds them.
  delete parsed.sources;
  return parsed;
}

function pick(
  type: string,
  raw: Record<string, unknown>,
  spec: { fields: readonly string[]; required: readonly string[] },
): ResponseInputItem | undefined {
  if (spec.required.some((field) => raw[field] === undefined)) return undefined;
  const roles = INPUT_ROLES[type];
  if (roles !== undefined && !roles.has(raw.role)) return undefined;
  const item: Record<string, unknown> = { type };
  for (const field of spec.fields) if (raw[field] !== undefined) item[field] = raw[field];
  return item as unknown as ResponseInputItem;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? { ...value } : {};
  } catch {
    return {};
  }
}

/**
 * The `program_output` item of a programmatic tool calling program, from its TOOL_CALL_RESULT
 * (metadata `itemId`, content the item's `result` and `status` as JSON text). It is sent where the
 * result sits in the conversation, not right after its `program`: the output arrives in a later
 * response, after the outputs of the calls the program made. `undefined` when a required field is
 * missing.
 */
export function programOutputItem(call: ToolCall, result: ToolMessage): ResponseInputItem | undefined {
  const outputId = asNonEmptyString(readBridgeMetadata(result.metadata)?.itemId);
  const raw: Record<string, unknown> = { ...resultFields("program_output", result.content), call_id: call.id, ...(outputId !== undefined && { id: outputId }) };
  return pick("program_output", raw, INPUT_FIELDS.program_output as { fields: readonly string[]; required: readonly string[] });
}
