import { type MessageState, type StreamContext, warn } from "./stream-state.js";

/**
 * The index a `content_block_start` opens its block under. Normally its own `index`. A recorded
 * code-execution stream with skills (a container `pdf` skill) restarts the index of the block it
 * just stopped after each `*_tool_result` block (`content_block_start` index 2 after
 * `content_block_stop` index 2) and then sends that block's deltas and stop under the next index
 * (3). The Anthropic SDK's own accumulator ignores the start's index (it appends the block, and
 * deltas address it by position), so the stream is read the same way here: a start whose index
 * was already started and stopped in this message opens the block at its position (the number of
 * blocks started so far), with a `stream.block-index-repaired` warning. A start for a block that is
 * still open stays a malformed stream (RUN_ERROR).
 */
export function startIndex(context: StreamContext, message: MessageState, index: number): number {
  if (!message.startedIndexes.has(index) || message.blocks.has(index)) return index;
  const position = message.startedIndexes.size;
  if (message.startedIndexes.has(position)) return index;
  warn(context, "stream.block-index-repaired", `Content block ${index} was started again after it stopped; read as block ${position}, where its deltas go`, {
    index,
    readAs: position,
    messageId: message.id,
  });
  return position;
}
