import { isJsonComplete, newJsonCompleteness, trackJsonFragment, type BridgeMetadata } from "@agui-bridge/core/adapter";
import { asNonEmptyString, isRecord, MalformedChunkError, requireString, type JsonRecord } from "../narrow.js";
import type { BlockState, MessageState, StreamContext } from "./stream-state.js";
import { isCodeExecutionTool, isProgrammaticCaller } from "../code-execution-container.js";
import { claimToolCallId, resolveToolCallId } from "./tool-call-ids.js";

type ToolBlock = Extract<BlockState, { kind: "tool" }>;

/**
 * Starts a tool call block. `tool_use` becomes an application tool call; `server_tool_use` and
 * `mcp_tool_use` become provider-executed calls (never pending). The call id is the block id
 * (a fresh one when the run or its conversation already used it, the block id then in metadata
 * `anthropicToolUseId`: tool-call-ids.ts), the parent message the Anthropic message id; START
 * metadata records the block index (and `caller`, its `tool_id` naming the AG-UI id of the call
 * it names, `toolset_name`, `server_name` when given) for the request side.
 */
export function startToolBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  const type = requireString(block, "type", "content_block_start");
  const providerId = requireString(block, "id", type);
  const toolCallId = claimToolCallId(context, providerId);
  const toolCallName = requireString(block, "name", type);
  const providerExecuted = type !== "tool_use";
  // Assigned field by field, in this order (a literal of conditional spreads is a slow generic copy).
  const metadata: BridgeMetadata = { blockIndex: index };
  if (providerExecuted) {
    metadata.providerToolType = toolCallName;
    metadata.anthropicBlockType = type;
  }
  if (toolCallId !== providerId) metadata.anthropicToolUseId = providerId;
  if (isRecord(block.caller)) {
    const caller = { ...block.caller };
    // A programmatic call names the server call running its code by provider id: the call it means.
    if (typeof caller.tool_id === "string") caller.tool_id = resolveToolCallId(context, caller.tool_id);
    metadata.caller = caller;
  }
  const toolsetName = asNonEmptyString(block.toolset_name);
  if (toolsetName !== undefined) metadata.toolsetName = toolsetName;
  const serverName = asNonEmptyString(block.server_name);
  if (serverName !== undefined) metadata.serverName = serverName;
  context.run.startToolCall({
    toolCallId,
    toolCallName,
    parentMessageId: message.segmentId,
    providerExecuted,
    metadata,
  });
  message.segmentUsed = true;
  context.toolNames.set(toolCallId, toolCallName);
  if (providerExecuted && isCodeExecutionTool(toolCallName)) message.runsCode = true;
  const mayWait = !providerExecuted && isProgrammaticCaller(block.caller);
  // Every tool block state has the same fields, so the per-delta code reading it sees one shape.
  message.blocks.set(index, {
    kind: "tool",
    index,
    toolCallId,
    initialInput: block.input,
    argsWritten: false,
    json: newJsonCompleteness(),
    client: !providerExecuted,
    mayWaitInContainer: mayWait,
  });
}

/** `input_json_delta`: `partial_json` as TOOL_CALL_ARGS, byte for byte (the empty string included). */
export function inputJsonDelta(context: StreamContext, block: ToolBlock, delta: JsonRecord): void {
  const partial = delta.partial_json;
  if (typeof partial !== "string") throw new MalformedChunkError('input_json_delta: "partial_json" is not a string');
  context.run.toolCallArgs(block.toolCallId, partial);
  if (partial === "") return;
  block.argsWritten = true;
  trackJsonFragment(block.json, partial);
}

/**
 * `content_block_stop` of a tool block. A call that received no argument text gets the block's
 * whole `input` (blocks that arrive complete, e.g. inside message_start; see `initialArguments`) or `{}`. A call whose
 * streamed `partial_json` stops inside a value was cut off (`max_tokens` inside the call: the stop
 * reason follows in `message_delta`): its TOOL_CALL_END is marked `interrupted: true`, as every
 * adapter marks a call an output limit cut off, and a client call stays pending. A client call
 * that may leave code waiting in a container (made by code, or in a message that runs code) ends
 * with the container id: now when the message named it up front, else when the message ends
 * (code-execution-container.ts).
 */
export function stopToolBlock(context: StreamContext, block: ToolBlock, message?: MessageState): void {
  if (!context.run.isToolCallOpen(block.toolCallId)) return;
  if (!block.argsWritten) {
    context.run.toolCallArgs(block.toolCallId, initialArguments(block.initialInput));
    block.argsWritten = true;
  } else if (!isJsonComplete(block.json)) {
    context.run.abandonToolCall(block.toolCallId);
    return;
  }
  // A client call may leave code waiting in the message's container (code-execution-container.ts).
  // Only such a call records the container: a direct call in a message that runs no code leaves nothing waiting.
  const mayWait = message !== undefined && block.client === true && (block.mayWaitInContainer === true || message.runsCode === true);
  if (!mayWait) context.run.endToolCall(block.toolCallId);
  else if (message.containerId !== undefined) context.run.endToolCall(block.toolCallId, { containerId: message.containerId });
  else message.deferredCalls.push(block.toolCallId);
}

/**
 * The arguments of a tool block that streamed none: its `content_block_start` `input`. An object
 * goes as its JSON (`{}` when empty or absent). What is not an object is kept rather than lost (some
 * compatible servers send the arguments as a JSON string): a string that is JSON text goes as that
 * text, byte for byte; any other value (another string, an array, a number, `null`) as its JSON.
 */
function initialArguments(input: unknown): string {
  if (input === undefined) return "{}";
  if (isRecord(input)) return Object.keys(input).length > 0 ? JSON.stringify(input) : "{}";
  if (typeof input === "string" && isJsonText(input)) return input;
  return JSON.stringify(input) ?? "{}";
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
