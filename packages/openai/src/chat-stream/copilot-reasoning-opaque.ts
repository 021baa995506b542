import { asNonEmptyString } from "../narrow.js";
import { COPILOT_REASONING_OPAQUE_KIND, reasoningStartMetadata, type ChatChoiceState, type ChatStreamState } from "./chat-stream-state.js";

/**
 * GitHub Copilot's Chat endpoint: `delta.reasoning_opaque`, the opaque (encrypted) form of the
 * reasoning its Claude and Gemini models streamed as `reasoning_text` (anomalyco/opencode#8900,
 * BerriAI/litellm#35021). Nothing is lost: while the choice's reasoning message is open it becomes
 * that message's encrypted value, written when the message closes (END metadata `encryptedKind:
 * "copilot-reasoning-opaque"`); one that comes after the reasoning closed (the answer or a tool
 * call had started) is a reasoning message of its own holding only it. A later one replaces an
 * earlier one held for the same message.
 */
export function handleCopilotReasoningOpaque(state: ChatStreamState, choice: ChatChoiceState, value: unknown): void {
  const opaque = asNonEmptyString(value);
  if (opaque === undefined) return;
  const { run } = state;
  if (choice.reasoningId !== undefined && run.isReasoningOpen(choice.reasoningId)) {
    choice.copilotOpaque = opaque;
    return;
  }
  const messageId = run.startReasoningMessage({ metadata: reasoningStartMetadata(choice) });
  run.encryptedValue("message", messageId, opaque);
  run.endReasoningMessage(messageId, { encryptedKind: COPILOT_REASONING_OPAQUE_KIND });
  run.endReasoning();
}
