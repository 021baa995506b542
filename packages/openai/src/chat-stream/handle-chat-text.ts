import { closeChoiceReasoning, type ChatChoiceState, type ChatStreamState } from "./chat-stream-state.js";
import { textEndMetadata } from "./chat-annotations.js";
import { logprobsMetadata } from "./chat-logprobs.js";

/**
 * `delta.content` → the choice's assistant text message, opened with the turn's assistant id by
 * the first non-empty fragment (the empty string the API sends on the role chunk, or beside
 * reasoning deltas, carries nothing and opens nothing); once open, every fragment passes through
 * byte for byte, empty ones included.
 */
export function handleChatContent(state: ChatStreamState, choice: ChatChoiceState, delta: string): void {
  const { run } = state;
  if (choice.textId === undefined || !run.isTextOpen(choice.textId)) {
    if (delta === "") return;
    closeChoiceReasoning(state, choice);
    // Its END fields (citations, annotations, token logprobs) are read whenever the run closes it, a failed stream included.
    choice.textId = run.startText({ messageId: takeAssistantId(state, choice), endMetadata: () => textEndMetadata(choice, state.citations) });
  }
  run.text(choice.textId, delta);
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
      metadata: { refusal: true },
      endMetadata: () => logprobsMetadata(choice.logprobs.refusal),
    });
  }
  run.text(choice.refusalId, delta);
}

function takeAssistantId(state: ChatStreamState, choice: ChatChoiceState): string {
  if (choice.assistantIdTaken) return state.run.newId();
  choice.assistantIdTaken = true;
  return choice.assistantId;
}
