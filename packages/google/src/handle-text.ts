import { GOOGLE_THOUGHT_SIGNATURE } from "./constants.js";
import type { MessageRef, StreamState } from "./stream-state.js";
import { currentTurn } from "./turns.js";

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
      attachSignature(state, target, part.signature);
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
  state.run.text(ref.id, part.text);
  state.lastMessage = ref;
  if (part.signature !== undefined) attachSignature(state, ref, part.signature);
}

function writeThought(state: StreamState, part: TextPart): void {
  closeText(state);
  let ref = state.reasoning;
  if (ref !== undefined && part.signature !== undefined && ref.signed) {
    state.run.endReasoningMessage(ref.id);
    state.reasoning = undefined;
    ref = undefined;
  }
  if (ref === undefined) {
    const id = state.run.startReasoningMessage({ metadata: { encryptedKind: GOOGLE_THOUGHT_SIGNATURE } });
    ref = { kind: "reasoning", id, signed: false };
    state.reasoning = ref;
  }
  state.run.reasoning(ref.id, part.text);
  state.lastMessage = ref;
  if (part.signature !== undefined) attachSignature(state, ref, part.signature);
}

function openText(state: StreamState): MessageRef {
  const turn = currentTurn(state);
  let messageId: string | undefined;
  if (!turn.assistantIdUsed) {
    messageId = turn.assistantMessageId;
    turn.assistantIdUsed = true;
  }
  const id = state.run.startText({
    ...(messageId !== undefined && { messageId }),
    role: "assistant",
    metadata: { encryptedKind: GOOGLE_THOUGHT_SIGNATURE },
  });
  const ref: MessageRef = { kind: "text", id, signed: false };
  state.text = ref;
  return ref;
}

function attachSignature(state: StreamState, ref: MessageRef, signature: string): void {
  state.run.encryptedValue("message", ref.id, signature);
  ref.signed = true;
}

/** Closes the open text message, if any (it stays the last message for a trailing signature). */
export function closeText(state: StreamState, metadata?: Record<string, unknown>): void {
  const ref = state.text;
  if (ref === undefined) return;
  state.text = undefined;
  if (state.run.isTextOpen(ref.id)) state.run.endText(ref.id, metadata);
}

/** Closes the open reasoning message and its span, if any. */
export function closeReasoning(state: StreamState): void {
  state.reasoning = undefined;
  if (state.run.reasoningSpan !== undefined) state.run.endReasoning();
}

/** Closes text and reasoning before a part of another kind; a later signature no longer attaches. */
export function closeMessagesForOtherPart(state: StreamState): void {
  closeText(state);
  closeReasoning(state);
  state.lastMessage = undefined;
}
