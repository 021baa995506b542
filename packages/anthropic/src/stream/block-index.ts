import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { type BlockState, type MessageState, type StreamContext, warn } from "./stream-state.js";

/**
 * The index a `content_block_start` opens its block under. Normally its own `index`. A recorded
 * code-execution stream with skills (a container `pdf` skill) restarts the index of the block it
 * just stopped after each `*_tool_result` block (`content_block_start` index 2 after
 * `content_block_stop` index 2) and then sends that block's deltas and stop under the next index
 * (3). The Anthropic SDK's own accumulator ignores the start's index (it appends the block, and
 * deltas address it by position), so the stream is read the same way here: a start whose index
 * was already started and stopped in this message opens the block at its position (the number of
 * blocks started so far), with a `stream.block-index-repaired` warning. A proxy that folds the turns
 * of a tool loop into one message numbers each turn's blocks from 0 again and sends their deltas and
 * stop under that same repeated index (rynfar/meridian#153): the repaired block is reached under
 * either index ({@link openBlockAt}). A start for a block that is still open stays a malformed
 * stream (RUN_ERROR).
 */
export function startIndex(context: StreamContext, message: MessageState, index: number): number {
  if (!message.startedIndexes.has(index) || message.blocks.has(index)) return index;
  const position = message.startedIndexes.size;
  if (message.startedIndexes.has(position)) return index;
  (message.indexAliases ??= new Map()).set(index, position);
  warn(context, STREAM_WARNINGS.blockIndexRepaired, `Content block ${index} was started again after it stopped; read as block ${position}, its deltas and stop taken under either index`, {
    index,
    readAs: position,
    messageId: message.id,
  });
  return position;
}

/**
 * The open block a `content_block_delta` / `content_block_stop` of `index` addresses: the block
 * opened under `index`, else the block a repeated start of `index` was moved to ({@link startIndex})
 * while it is open.
 */
export function openBlockAt(message: MessageState, index: number): BlockState | undefined {
  const block = message.blocks.get(index);
  if (block !== undefined || message.indexAliases === undefined) return block;
  const alias = message.indexAliases.get(index);
  return alias === undefined ? undefined : message.blocks.get(alias);
}
