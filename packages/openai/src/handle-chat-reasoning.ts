import type { ChatChoiceState, ChatStreamState } from "./chat-stream-state.js";

/**
 * `delta.reasoning_content` / `delta.reasoning` (sent by OpenAI-compatible servers such as
 * DeepSeek, vLLM, OpenRouter, Ollama) → a reasoning span with one reasoning message. An empty
 * fragment opens nothing; once open, every fragment passes through byte for byte.
 */
export function handleChatReasoning(state: ChatStreamState, choice: ChatChoiceState, delta: string): void {
  const { run } = state;
  if (choice.reasoningId === undefined || !run.isReasoningOpen(choice.reasoningId)) {
    if (delta === "") return;
    run.startReasoning();
    choice.reasoningId = run.startReasoningMessage();
  }
  run.reasoning(choice.reasoningId, delta);
}
