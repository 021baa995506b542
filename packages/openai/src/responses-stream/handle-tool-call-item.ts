import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { itemArguments, type ItemClass } from "./classify-output-item.js";
import { restOfArguments } from "./handle-streamed-argument-text.js";
import { completeStreamedArguments, recordArgumentDelta } from "./complete-streamed-arguments.js";
import { asNonEmptyString, asString } from "../narrow.js";
import { endIdleReasoning } from "./reasoning-span.js";
import { rememberIdlessCall } from "./idless-call-items.js";
import { holdWrapper, isCallOpen, isUndeclaredWrapper, writeCallArgs } from "./parallel-wrapper.js";
import {
  addItemPosition,
  findItem,
  trackItem,
  turnParentId,
  uniqueToolCallId,
  type ResponsesStreamState,
  type ToolItem,
} from "./responses-stream-state.js";

/** How a tool call item is mapped (its {@link ItemClass}). */
type ToolClass = Extract<ItemClass, { kind: "application-tool" | "provider-tool" }>;

/**
 * `output_item.added` of a tool call item → TOOL_CALL_START. Application calls (function,
 * custom tool, client-run built-ins) use `call_id` as the tool call id and are pending for the
 * application; provider-run built-ins are marked `providerExecuted` with `providerToolType`.
 * The parent is the response's assistant message.
 */
export function openToolItem(
  state: ResponsesStreamState,
  item: Record<string, unknown>,
  cls: ToolClass,
  itemId: string,
  outputIndex: number | undefined,
): void {
  const { run } = state;
  endIdleReasoning(state);
  const itemType = asString(item.type) ?? "";
  const callId = asNonEmptyString(item.call_id);
  const providerExecuted = cls.kind === "provider-tool";
  const toolCallId = uniqueToolCallId(state, callId ?? itemId);
  // A call streamed without an item id (a minimal server) keeps none: the id it is tracked under
  // was made up here, and the request side must not send it back as the item's id.
  const recordsId = asNonEmptyString(item.id) !== undefined;
  const metadata: BridgeMetadata = { itemType };
  if (recordsId) metadata.itemId = itemId;
  addItemPosition(metadata, state, outputIndex);
  if (providerExecuted || (itemType !== "function_call" && itemType !== "custom_tool_call")) metadata.providerToolType = itemType;
  const namespace = asNonEmptyString(item.namespace);
  if (namespace !== undefined) metadata.namespace = namespace;
  const serverLabel = asNonEmptyString(item.server_label);
  if (serverLabel !== undefined) metadata.serverLabel = serverLabel;
  const approvalRequestId = asNonEmptyString(item.approval_request_id);
  if (approvalRequestId !== undefined) metadata.approvalRequestId = approvalRequestId;
  const caller = programCaller(item.caller);
  if (caller !== undefined) metadata.caller = caller;
  // An async function / custom tool call (the model goes on without its output): the request side sends it back as async.
  if (item.async === true) metadata.async = true;
  const start = { toolCallId, toolCallName: cls.name, parentMessageId: turnParentId(state), providerExecuted, metadata };
  // OpenAI's parallel wrapper as a call of its own: held until it is finished (parallel-wrapper.ts).
  const holds = isUndeclaredWrapper(state, itemType, cls.name, namespace);
  if (!holds) run.startToolCall(start);
  if (callId !== undefined) state.callIds.set(callId, toolCallId);
  // An approval request has no `call_id`: its `mcp_approval_response` names it by its item id.
  else if (itemType === "mcp_approval_request" && recordsId) state.callIds.set(itemId, toolCallId);
  if (!providerExecuted) state.response.applicationCalls.add(toolCallId);
  const tool: ToolItem = { kind: "tool", itemId, itemType, toolCallId, providerExecuted, streamsArgs: cls.argsFromDeltas, streamed: false };
  if (!recordsId) {
    tool.idMadeUp = true;
    // Its argument deltas and its `done` may name it only by `call_id` (idless-call-items.ts).
    if (outputIndex === undefined) rememberIdlessCall(state, callId, tool);
  }
  if (itemType === "apply_patch_call" || itemType === "shell_call") tool.announced = item;
  if (holds) holdWrapper(state, tool, start);
  trackItem(state, tool, outputIndex);
}

/** `response.function_call_arguments.delta` (and custom tool input / MCP argument deltas), keyed by `item_id`. */
export function handleToolArgsDelta(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const item = findItem(state, event);
  const delta = asString(event.delta);
  if (item?.kind !== "tool" || !item.streamsArgs || delta === undefined || item.argsDone === true) return;
  if (!isCallOpen(state, item)) return;
  item.streamed = true;
  recordArgumentDelta(item, delta);
  writeCallArgs(state, item, delta);
}

/**
 * `response.function_call_arguments.done` (and the like): the full arguments if nothing streamed,
 * else what they hold beyond the streamed text (complete-streamed-arguments.ts).
 */
export function handleToolArgsDone(state: ResponsesStreamState, event: Record<string, unknown>, field: string): void {
  const item = findItem(state, event);
  const args = asString(event[field]);
  if (item?.kind !== "tool" || !item.streamsArgs || args === undefined) return;
  const wasStreamed = item.streamed;
  item.argsDone = true;
  if (wasStreamed) completeStreamedArguments(state, item, args);
  if (wasStreamed || !isCallOpen(state, item)) return;
  item.streamed = true;
  if (args !== "") writeCallArgs(state, item, args);
}

/**
 * Writes the arguments of a call whose input is only known from the finished item (`sourcesJson`:
 * a web search call's sources, serialized already for its result).
 */
export function writeFinalArguments(state: ResponsesStreamState, tool: ToolItem, done: Record<string, unknown>, sourcesJson?: string): void {
  const final = itemArguments(done, sourcesJson);
  // A function call with no argument text at all (deltas nor final: OpenAI's `""` for a strict tool
  // called without arguments) reads `{}`, as the Anthropic and Google adapters give such a call:
  // `""` is not JSON. A custom tool's free-form input stays as it came, and so does a call the
  // output limit cut off (`status: "incomplete"`, closed interrupted).
  const blank =
    tool.itemType === "function_call" && !tool.providerExecuted && done.status !== "incomplete" && tool.argText !== null && isBlank(tool.argText ?? "") && isBlank(final);
  if (tool.streamed && tool.streamsArgs) completeStreamedArguments(state, tool, final);
  // The item is finished: the streamed text is not needed again (a run of many responses keeps its items).
  tool.argText = undefined;
  if (!tool.streamed && isCallOpen(state, tool)) {
    tool.streamed = true;
    // A call whose code / diff / commands streamed: only the rest of its arguments is left.
    const args = tool.streamedText !== undefined && tool.streamedText.written > 0 ? restOfArguments(tool.streamedText, done) : final;
    if (args !== "") writeCallArgs(state, tool, args);
  }
  if (blank && isCallOpen(state, tool)) writeCallArgs(state, tool, "{}");
}

/** Whether argument text is empty or only JSON whitespace (space, tab, line feed, carriage return). */
function isBlank(text: string): boolean {
  return /^[ \t\n\r]*$/.test(text);
}

/**
 * The `caller` of a call a programmatic tool calling program made (`{ type: "program", caller_id }`,
 * the program item's `call_id`), kept so the request side sends the call back as it came. Direct
 * calls (`{ type: "direct" }`, the default) are not recorded.
 */
function programCaller(value: unknown): { type: "program"; caller_id: string } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const callerId = asNonEmptyString(record.caller_id);
  return record.type === "program" && callerId !== undefined ? { type: "program", caller_id: callerId } : undefined;
}
