import { closeChoiceReasoning, choiceStartMetadata, type ChatChoiceState, type ChatStreamState } from "./chat-stream-state.js";
import { chatTextEndFields } from "./chat-annotations.js";
import { logprobsMetadata } from "./chat-logprobs.js";

/**
 * `delta.content` → the choice's assistant text message, opened with the turn's assistant id by
 * the first non-empty fragment (the empty string the API sends on the role chunk, or beside
 * reasoning deltas, carries nothing and opens nothing); once open, every fragment passes through
 * byte for byte, empty ones included.
 */
export function handleChatContent(state: ChatStreamState, choice: ChatChoiceState, delta: string): void {
  const { run } = state;
  let textId = choice.textId;
  if (textId === undefined || !run.isTextOpen(textId)) {
    if (delta === "") return;
    closeChoiceReasoning(state, choice);
    textId = openChatText(state, choice);
  }
  run.text(textId, delta);
}

/**
 * Opens the choice's text message. Its END fields (citations, annotations, token logprobs, a
 * Gemini text signature's kind) are read whenever the run closes it, a failed stream included.
 */
export function openChatText(state: ChatStreamState, choice: ChatChoiceState): string {
  const messageId = takeAssistantId(state, choice);
  const metadata = choiceStartMetadata(choice);
  const textId = state.run.startText({ messageId, ...(metadata !== undefined && { metadata }), endMetadata: () => chatTextEndFields(choice, state.citations, textId) });
  choice.textId = textId;
  state.citationsCarried = true;
  return textId;
}

/**
 * `delta.refusal` → a text message the user sees, marked `refusal: true` in its START metadata.
 * A `null`/empty refusal on the role chunk opens nothing.
 */
export function handleChatRefusal(state: ChatStreamState, choice: ChatChoiceState, delta: string): void {
  const { run } = state;
  if (choice.refusalId === undefined || !run.isTextOpen(choice.refusalId)) {
    if (delta === "") return;
    closeChoiceReasoning(state, choice);
    choice.refusalId = run.startText({
      messageId: takeAssistantId(state, choice),
      metadata: { refusal: true, ...choiceStartMetadata(choice) },
      endMetadata: () => logprobsMetadata(choice.logprobs.refusal),
    });
  }
  run.text(choice.refusalId, delta);
}

/** The id of a new text message of the choice: the turn's assistant id the first time, a fresh id after. */
export function takeAssistantId(state: ChatStreamState, choice: ChatChoiceState): string {
  if (choice.assistantIdTaken) return state.run.newId();
  choice.assistantIdTaken = true;
  return choice.assistantId;
}
