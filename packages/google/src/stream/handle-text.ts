import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { GOOGLE_THOUGHT_SIGNATURE } from "../constants.js";
import type { MessageRef, StreamState } from "./stream-state.js";
import { currentTurn } from "./turns.js";
import { claimChunkLogprobs } from "./logprobs.js";

/** A narrowed `text` part: visible text, or a thought when `thought` is true. */
export interface TextPart {
  text: string;
  thought: boolean;
  signature: string | undefined;
}

/**
 * Maps a text or thought part. Text goes to the open text message, thoughts to the open reasoning
 * message (inside a reasoning span); switching kind closes the open one and opens the other. A
 * `thoughtSignature` becomes REASONING_ENCRYPTED_VALUE (subtype `message`) on the message the part
 * wrote to; one on an empty text part attaches to the message it follows. A message holds one
 * signature: a second one starts a new message, so none is overwritten.
 */
export function handleTextPart(state: StreamState, part: TextPart): void {
  if (part.thought) {
    writeThought(state, part);
    return;
  }
  if (part.text === "" && state.text === undefined) {
    if (part.signature === undefined) return;
    const target = state.lastMessage;
    if (target !== undefined && !target.signed) {
      attachSignature(state, target, part.signature, false);
      return;
    }
  }
  closeReasoning(state);
  let ref = state.text;
  if (ref !== undefined && part.signature !== undefined && ref.signed) {
    closeText(state);
    ref = undefined;
  }
  ref ??= openText(state);
  write(state, ref, part.text);
  state.lastMessage = ref;
  if (part.signature !== undefined) attachSignature(state, ref, part.signature, false, part.text.length);
}

function writeThought(state: StreamState, part: TextPart): void {
  closeText(state);
  let ref = state.reasoning;
  if (ref !== undefined && part.signature !== undefined && ref.signed) {
    endReasoningMessage(state, ref);
    state.reasoning = undefined;
    ref = undefined;
  }
  if (ref === undefined) {
    const turn = currentTurn(state);
    // Tool calls after this reasoning message hang under a new assistant message, not the one before it.
    if (turn.assistantIdUsed) turn.assistantSealed = true;
    const opened: MessageRef = { kind: "reasoning", id: "", signed: false, length: 0, logprobs: undefined };
    // Its END fields are read whenever the run closes it: a cut stream keeps its log probabilities too.
    opened.id = state.run.startReasoningMessage({ metadata: { encryptedKind: GOOGLE_THOUGHT_SIGNATURE }, endMetadata: () => endFields(opened) });
    ref = opened;
    state.reasoning = ref;
  }
  write(state, ref, part.text);
  state.lastMessage = ref;
  if (part.signature !== undefined) attachSignature(state, ref, part.signature, true, part.text.length);
}

function write(state: StreamState, ref: MessageRef, text: string): void {
  if (ref.kind === "text") state.run.text(ref.id, text);
  else state.run.reasoning(ref.id, text);
  ref.length += text.length;
  // The first message a chunk writes to takes the chunk's token log probabilities.
  if (state.chunkLogprobs !== undefined) claimChunkLogprobs(state, ref);
}

function openText(state: StreamState): MessageRef {
  const turn = currentTurn(state);
  const reuse = !turn.assistantIdUsed;
  turn.assistantIdUsed = true;
  // Built by assignment (literals of conditional spreads are slow generic copies); an undefined
  // messageId lets the run mint one.
  const metadata: BridgeMetadata = { encryptedKind: GOOGLE_THOUGHT_SIGNATURE };
  // Text after this response's function calls: the request side keeps them before their results.
  if (!reuse && turn.callsMessageId !== undefined) metadata.sameResponseAs = turn.callsMessageId;
  const ref: MessageRef = { kind: "text", id: "", signed: false, length: 0, logprobs: undefined };
  // Its END fields are read whenever the run closes it: a cut stream keeps its log probabilities too.
  const id = state.run.startText({ messageId: reuse ? turn.assistantMessageId : undefined, role: "assistant", metadata, endMetadata: () => endFields(ref) });
  ref.id = id;
  if (!reuse) {
    // Text after a tool call (or after other text) is a new assistant message, and the calls that
    // follow it hang under it: the fold then keeps text, calls and results in the order they came.
    turn.assistantMessageId = id;
    turn.assistantSealed = false;
  }
  state.text = ref;
  return ref;
}

/**
 * Attaches a signature to the message. `partLength` is the length of the text the signing part
 * carried (already written); when that part did not begin the message, or its thought mark differs
 * from the message's, where it began is recorded, so the request side sends the signature back on a
 * part of its own rather than merged onto text that came without one.
 */
function attachSignature(state: StreamState, ref: MessageRef, signature: string, thought: boolean, partLength = 0): void {
  state.run.encryptedValue("message", ref.id, signature);
  ref.signed = true;
  const offset = ref.length - partLength;
  if (offset > 0 || thought !== (ref.kind === "reasoning")) ref.signaturePart = { offset, thought };
}

/**
 * A message's own END metadata: where its signature came (see {@link attachSignature}) and the
 * token log probabilities of the chunks that wrote it (`logprobs`, see `claimChunkLogprobs`). The
 * run reads it when it closes the message (`endMetadata`), at its end or when the stream fails.
 */
function endFields(ref: MessageRef): Record<string, unknown> | undefined {
  if (ref.signaturePart === undefined && ref.logprobs === undefined) return undefined;
  const fields: Record<string, unknown> = {};
  if (ref.signaturePart !== undefined) fields.signaturePart = ref.signaturePart;
  if (ref.logprobs !== undefined) fields.logprobs = ref.logprobs;
  return fields;
}

function endReasoningMessage(state: StreamState, ref: MessageRef): void {
  if (state.run.isReasoningOpen(ref.id)) state.run.endReasoningMessage(ref.id);
  // Emitted: the message keeps no reference to them (it may stay the last message a while).
  ref.logprobs = undefined;
}

/** Closes the open text message, if any (it stays the last message for a trailing signature). */
export function closeText(state: StreamState, metadata?: Record<string, unknown>): void {
  const ref = state.text;
  if (ref === undefined) return;
  state.text = undefined;
  if (state.run.isTextOpen(ref.id)) state.run.endText(ref.id, metadata);
  ref.logprobs = undefined;
}

/** Closes the open reasoning message and its span, if any. */
export function closeReasoning(state: StreamState): void {
  const ref = state.reasoning;
  state.reasoning = undefined;
  if (ref !== undefined) endReasoningMessage(state, ref);
  if (state.run.reasoningSpan !== undefined) state.run.endReasoning();
}

/** Closes text and reasoning before a part of another kind; a later signature no longer attaches. */
export function closeMessagesForOtherPart(state: StreamState): void {
  closeText(state);
  closeReasoning(state);
  state.lastMessage = undefined;
}
