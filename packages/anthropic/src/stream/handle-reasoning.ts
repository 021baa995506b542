import { asString, MalformedChunkError, type JsonRecord } from "../narrow.js";
import { placementOf, type MessageState, type StreamContext } from "./stream-state.js";

/** `encryptedKind` of a reasoning message built from a `thinking` block (its value is the signature). */
export const ANTHROPIC_SIGNATURE = "anthropic-signature";
/** `encryptedKind` of a reasoning message built from a `redacted_thinking` block (its value is `data`). */
export const ANTHROPIC_REDACTED_THINKING = "anthropic-redacted-thinking";

/**
 * Starts a `thinking` block: a reasoning message (inside a reasoning span, opened if none is) whose
 * START metadata records `encryptedKind: "anthropic-signature"`, the Anthropic message id, the
 * block index and the model that made it ({@link thinkingMetadata}), so the request side can put
 * `{type:"thinking", thinking, signature}` back in place, to that model only.
 */
export function startThinkingBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  const reasoningId = context.run.startReasoningMessage({
    metadata: thinkingMetadata(ANTHROPIC_SIGNATURE, message, index),
  });
  const state = { kind: "reasoning" as const, index, reasoningId, signature: "" };
  message.blocks.set(index, state);
  const thinking = asString(block.thinking);
  if (thinking !== undefined && thinking !== "") context.run.reasoning(reasoningId, thinking);
  const signature = asString(block.signature);
  if (signature !== undefined && signature !== "") {
    state.signature = signature;
    context.run.encryptedValue("message", reasoningId, signature);
  }
}

/** `thinking_delta`: reasoning content, byte for byte. */
export function thinkingDelta(context: StreamContext, reasoningId: string, delta: JsonRecord): void {
  const thinking = delta.thinking;
  if (typeof thinking !== "string") throw new MalformedChunkError('thinking_delta: "thinking" is not a string');
  context.run.reasoning(reasoningId, thinking);
}

/**
 * `signature_delta`: REASONING_ENCRYPTED_VALUE (subtype `message`) on the reasoning message. The
 * delta carries the block's whole signature ("delivered in a `signature_delta` event just before the
 * block's `content_block_stop`", `SignatureDelta` of `@anthropic-ai/sdk`), so a later one replaces
 * it, as the SDK's `MessageStream` does, never appended to it. An empty one carries nothing.
 */
export function signatureDelta(
  context: StreamContext,
  state: { reasoningId: string; signature: string },
  delta: JsonRecord,
): void {
  const signature = delta.signature;
  if (typeof signature !== "string") throw new MalformedChunkError('signature_delta: "signature" is not a string');
  if (signature === "" || signature === state.signature) return;
  state.signature = signature;
  context.run.encryptedValue("message", state.reasoningId, signature);
}

/** `content_block_stop` of a thinking block: the reasoning message ends (the span stays open). */
export function stopThinkingBlock(context: StreamContext, reasoningId: string): void {
  if (context.run.isReasoningOpen(reasoningId)) context.run.endReasoningMessage(reasoningId);
}

/**
 * A `redacted_thinking` block (it arrives whole): a reasoning message with empty content whose
 * encrypted value is the opaque `data`, marked `encryptedKind: "anthropic-redacted-thinking"`
 * (with the same metadata as a `thinking` block's).
 */
export function redactedThinkingBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  const data = block.data;
  if (typeof data !== "string") throw new MalformedChunkError('redacted_thinking: "data" is not a string');
  const reasoningId = context.run.startReasoningMessage({
    metadata: thinkingMetadata(ANTHROPIC_REDACTED_THINKING, message, index),
  });
  context.run.encryptedValue("message", reasoningId, data);
  context.run.endReasoningMessage(reasoningId);
  message.blocks.set(index, { kind: "ignored", index, type: "redacted_thinking" });
}

/**
 * START metadata of a thinking / redacted_thinking reasoning message. `model` is the model that
 * made the block: the message's (`message_start.message.model`), or after a `fallback` block the
 * model that served the rest of the message. Signatures are bound to it, so the request side sends
 * the block back to that model only (`thinkingGoesBackToModel`). Left out when unknown.
 */
function thinkingMetadata(encryptedKind: string, message: MessageState, index: number): Record<string, unknown> {
  const model = message.fallback?.served ?? message.model;
  return { encryptedKind, ...placementOf(message, index), ...(model !== undefined && { model }) };
}
