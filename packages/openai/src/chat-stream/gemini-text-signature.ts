import { asNonEmptyString, asRecord } from "../narrow.js";
import { closeChoiceReasoning, type ChatChoiceState, type ChatStreamState } from "./chat-stream-state.js";
import { openChatText } from "./handle-chat-text.js";

/**
 * Gemini's thought signature outside a tool call: `delta.extra_content.google.thought_signature`
 * on a content delta (or on a delta of its own, empty content, near the end of the stream). Gemini's
 * thought-signatures guide: a response without function calls may carry a signature on its last
 * part; sending it back is recommended (not validated, unlike a function call's). A non-empty
 * string, else `undefined`.
 */
export function deltaThoughtSignature(delta: Record<string, unknown>): string | undefined {
  return asNonEmptyString(asRecord(asRecord(delta.extra_content)?.google)?.thought_signature);
}

/**
 * Keeps a text signature of the choice: written at once as the REASONING_ENCRYPTED_VALUE
 * (`subtype: "message"`) of the choice's open text message, or held until one opens (called after
 * each delta's content, so the text a delta opens takes the signature it carries). A later
 * signature replaces an earlier one (the last part's is the one Gemini documents).
 */
export function settleGeminiTextSignature(state: ChatStreamState, choice: ChatChoiceState, signature: string | undefined): void {
  if (signature !== undefined) choice.textSignature = { value: signature, writtenOn: undefined };
  const held = choice.textSignature;
  if (held === undefined || held.writtenOn !== undefined) return;
  const textId = choice.textId;
  if (textId === undefined || !state.run.isTextOpen(textId)) return;
  state.run.encryptedValue("message", textId, held.value);
  held.writtenOn = textId;
}

/**
 * As the choice closes: a signature still held (no text came) goes on an empty text message of the
 * turn's assistant message, opened for it, so it is not lost.
 */
export function flushGeminiTextSignature(state: ChatStreamState, choice: ChatChoiceState): void {
  const held = choice.textSignature;
  if (held === undefined || held.writtenOn !== undefined) return;
  if (choice.textId === undefined || !state.run.isTextOpen(choice.textId)) {
    closeChoiceReasoning(state, choice);
    openChatText(state, choice);
  }
  settleGeminiTextSignature(state, choice, undefined);
}
