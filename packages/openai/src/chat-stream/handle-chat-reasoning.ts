import { closeChoiceReasoning, reasoningStartMetadata, type ChatChoiceState, type ChatStreamState } from "./chat-stream-state.js";
import { logprobsMetadata } from "./chat-logprobs.js";

/**
 * `delta.reasoning_content` / `delta.reasoning` (sent by OpenAI-compatible servers such as
 * DeepSeek, vLLM, OpenRouter, Ollama) → a reasoning span with one reasoning message. An empty
 * fragment opens nothing; once open, every fragment passes through byte for byte. The message
 * names the turn's assistant message (`assistantMessageId`), so the request side can send it back
 * with that turn where the server wants it (DeepSeek tool turns).
 */
export function handleChatReasoning(state: ChatStreamState, choice: ChatChoiceState, delta: string): void {
  const { run } = state;
  if (choice.reasoningId === undefined || !run.isReasoningOpen(choice.reasoningId)) {
    if (delta === "") return;
    // A `reasoning_details` entry being streamed is closed first: one reasoning message at a time keeps the order.
    if (choice.detail !== undefined) closeChoiceReasoning(state, choice);
    run.startReasoning();
    // Its END takes the reasoning's token log probabilities so far (DeepSeek's `logprobs.reasoning_content`)
    // whenever the run closes it, a failed stream included.
    choice.reasoningId = run.startReasoningMessage({
      metadata: reasoningStartMetadata(choice),
      endMetadata: () => logprobsMetadata(choice.logprobs.reasoning.splice(0)),
    });
  }
  run.reasoning(choice.reasoningId, delta);
}
