import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asString, type JsonRecord } from "../narrow.js";
import { placementOf, type BlockState, type MessageState, type StreamContext } from "./stream-state.js";

/** `encryptedKind` of a reasoning message built from a `compaction` block (summary of earlier context). */
export const ANTHROPIC_COMPACTION = "anthropic-compaction";

type CompactionBlock = Extract<BlockState, { kind: "compaction" }>;

/**
 * Starts a `compaction` block (the API's summary of the context before it): a reasoning message
 * whose content is the summary (`content`, then `compaction_delta` fragments, byte for byte),
 * whose encrypted value is the block's opaque `encrypted_content`, and whose metadata records
 * `encryptedKind: "anthropic-compaction"`, the Anthropic message id and the block index, so the
 * request side can send the block back to Anthropic in place. Other providers drop it with a warning.
 */
export function startCompactionBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  const state: CompactionBlock = { kind: "compaction", index, reasoningId: "", encrypted: undefined, signature: undefined, toolChanges: undefined };
  // Its END fields are read whenever the run closes it, a cut or failed stream or an abort included.
  state.reasoningId = context.run.startReasoningMessage({
    metadata: { encryptedKind: ANTHROPIC_COMPACTION, ...placementOf(message, index) },
    endMetadata: () => compactionEndFields(state),
  });
  message.blocks.set(index, state);
  extend(context, state, block);
  if (Array.isArray(block.tool_changes)) state.toolChanges = asArray(block.tool_changes);
}

/** `compaction_delta`: summary text as reasoning content; its `encrypted_content`, when given, as the encrypted value. */
export function compactionDelta(context: StreamContext, state: CompactionBlock, delta: JsonRecord): void {
  extend(context, state, delta);
}

/**
 * `signature_delta` on a compaction block: the block's signature, kept for the request side. The
 * delta carries the whole signature (as on a thinking block, see `signatureDelta`): a later one
 * replaces it.
 */
export function compactionSignature(state: CompactionBlock, delta: JsonRecord): void {
  const signature = asNonEmptyString(delta.signature);
  if (signature !== undefined) state.signature = signature;
}

/** `content_block_stop` of a compaction block: the reasoning message ends with its END fields ({@link compactionEndFields}). */
export function stopCompactionBlock(context: StreamContext, state: CompactionBlock, interrupted: boolean): void {
  if (!context.run.isReasoningOpen(state.reasoningId)) return;
  context.run.endReasoningMessage(state.reasoningId, interrupted ? { interrupted: true } : undefined);
}

/**
 * A compaction reasoning message's END fields: the block's signature (`compactionSignature`) and
 * tool changes (`toolChanges`) as far as they came. Always an object, so the END repeats its
 * start's fields even when there is neither.
 */
function compactionEndFields(state: CompactionBlock): BridgeMetadata {
  return {
    ...(state.signature !== undefined && { compactionSignature: state.signature }),
    ...(state.toolChanges !== undefined && { toolChanges: state.toolChanges }),
  };
}

function extend(context: StreamContext, state: CompactionBlock, fields: JsonRecord): void {
  const content = asString(fields.content);
  if (content !== undefined && content !== "") context.run.reasoning(state.reasoningId, content);
  const encrypted = asNonEmptyString(fields.encrypted_content);
  if (encrypted !== undefined) {
    state.encrypted = encrypted;
    context.run.encryptedValue("message", state.reasoningId, encrypted);
  }
  const signature = asNonEmptyString(fields.signature);
  if (signature !== undefined) state.signature = signature;
}
