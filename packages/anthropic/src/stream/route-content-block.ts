import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { citationDelta, startTextBlock, stopTextBlock, textDelta } from "./handle-text.js";
import {
  redactedThinkingBlock,
  signatureDelta,
  startThinkingBlock,
  stopThinkingBlock,
  thinkingDelta,
} from "./handle-reasoning.js";
import { inputJsonDelta, startToolBlock, stopToolBlock } from "./handle-tool-call.js";
import { isProviderToolResult, providerToolResultBlock } from "./handle-provider-tool-result.js";
import { CONTAINER_UPLOAD, containerUploadBlock } from "./handle-container-upload.js";
import { compactionDelta, compactionSignature, startCompactionBlock, stopCompactionBlock } from "./handle-compaction.js";
import { FALLBACK_BLOCK, fallbackBlock } from "./handle-fallback.js";
import { mcpToolListingBlock } from "./handle-mcp-tool-listing.js";
import { MCP_TOOL_LISTING } from "../mcp-tool-listings.js";
import { expectString, MalformedChunkError, requireString, type JsonRecord } from "../narrow.js";
import { type BlockState, type MessageState, type StreamContext, warn } from "./stream-state.js";
import { openBlockAt } from "./block-index.js";

const TOOL_BLOCKS = new Set(["tool_use", "server_tool_use", "mcp_tool_use"]);

/** `content_block_start` (or a block that arrived whole inside `message_start`): routes by block type. */
export function startBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  if (message.blocks.has(index)) throw new MalformedChunkError(`content block ${index} was already started`);
  message.startedIndexes.add(index);
  const type = requireString(block, "type", "content_block");
  const reasoning = type === "thinking" || type === "redacted_thinking" || type === "compaction";
  // A reasoning span groups adjacent thinking blocks; any other block closes it.
  if (!reasoning && context.run.reasoningSpan !== undefined) context.run.endReasoning();
  if (type === "text") startTextBlock(context, message, index, block);
  else if (type === "thinking") startThinkingBlock(context, message, index, block);
  else if (type === "redacted_thinking") redactedThinkingBlock(context, message, index, block);
  else if (TOOL_BLOCKS.has(type)) startToolBlock(context, message, index, block);
  else if (isProviderToolResult(type)) providerToolResultBlock(context, message, index, block);
  else if (type === CONTAINER_UPLOAD) containerUploadBlock(context, message, index, block);
  else if (type === "compaction") startCompactionBlock(context, message, index, block);
  else if (type === FALLBACK_BLOCK) fallbackBlock(context, message, index, block);
  else if (type === MCP_TOOL_LISTING) mcpToolListingBlock(context, message, index, block);
  else {
    message.blocks.set(index, { kind: "ignored", index, type });
    warn(context, STREAM_WARNINGS.unknownContent, `Content block type ${type} is not mapped; its content is dropped`, { kind: "block", type });
    if (context.options.emitRawEvents === true) context.run.raw(block, context.provider);
  }
}

/** `content_block_delta`: routes by delta type to the block it extends. */
export function deltaBlock(context: StreamContext, message: MessageState, index: number, delta: JsonRecord, raw: unknown): void {
  let block = message.deltaTarget;
  if (block === undefined || block.index !== index) {
    block = openBlockAt(message, index);
    if (block === undefined) throw new MalformedChunkError(`content_block_delta for block ${index}, which is not open`);
    message.deltaTarget = block;
  }
  const type = expectString(delta.type, "type", "content_block_delta.delta");
  if (block.kind === "ignored") {
    if (context.options.emitRawEvents === true) context.run.raw(raw, context.provider);
    return;
  }
  switch (type) {
    case "input_json_delta":
      return inputJsonDelta(context, requireKind(block, "tool", type, index), delta);
    case "text_delta":
      requireKind(block, "text", type, index);
      return textDelta(context, message, delta);
    case "thinking_delta":
      return thinkingDelta(context, requireKind(block, "reasoning", type, index).reasoningId, delta);
    case "citations_delta":
      requireKind(block, "text", type, index);
      return citationDelta(message, delta, block.index);
    case "signature_delta":
      if (block.kind === "compaction") return compactionSignature(block, delta);
      return signatureDelta(context, requireKind(block, "reasoning", type, index), delta);
    case "compaction_delta":
      return compactionDelta(context, requireKind(block, "compaction", type, index), delta);
    default:
      unknownDelta(context, message, block, type);
      if (context.options.emitRawEvents === true) context.run.raw(raw, context.provider);
  }
}

/**
 * A delta type the mapper does not know, for a block it mapped: what it carries for that block is
 * not in the events, so it is reported (`stream.unknown-content`, kind `delta`), once per delta type and message
 * (a block's deltas come by the hundred); RAW with `emitRawEvents`. A delta for a block of an
 * unknown type says nothing new: that block was reported when it started (kind `block`).
 */
function unknownDelta(context: StreamContext, message: MessageState, block: BlockState, type: string): void {
  const seen = (message.unknownDeltas ??= new Set());
  if (seen.has(type)) return;
  seen.add(type);
  warn(context, STREAM_WARNINGS.unknownContent, `Delta type ${type} for a ${block.kind} block is not mapped; its content is dropped`, {
    kind: "delta",
    type,
    blockKind: block.kind,
    index: block.index,
    messageId: message.id,
  });
}

/** The block a delta of `deltaType` extends, when it is of the kind that delta needs; else the stream is malformed. */
function requireKind<K extends BlockState["kind"]>(block: BlockState, kind: K, deltaType: string, index: number): Extract<BlockState, { kind: K }> {
  if (block.kind !== kind) throw new MalformedChunkError(`${deltaType} for block ${index}, which is a ${block.kind} block`);
  return block as Extract<BlockState, { kind: K }>;
}

/** `content_block_stop`: closes what the block opened (text stays open until the message stops). */
export function stopBlock(context: StreamContext, message: MessageState, index: number, interrupted = false): void {
  const block = openBlockAt(message, index);
  if (block === undefined) throw new MalformedChunkError(`content_block_stop for block ${index}, which is not open`);
  message.blocks.delete(block.index);
  if (message.deltaTarget === block) message.deltaTarget = undefined;
  switch (block.kind) {
    case "text":
      stopTextBlock(message, block.index, block.start);
      return;
    case "reasoning":
      if (interrupted && context.run.isReasoningOpen(block.reasoningId)) {
        context.run.endReasoningMessage(block.reasoningId, { interrupted: true });
      } else stopThinkingBlock(context, block.reasoningId);
      return;
    case "tool":
      if (interrupted && context.run.isToolCallOpen(block.toolCallId)) {
        context.run.abandonToolCall(block.toolCallId);
      } else stopToolBlock(context, block, message);
      return;
    case "compaction":
      stopCompactionBlock(context, block, interrupted);
      return;
    case "ignored":
      return;
  }
}
