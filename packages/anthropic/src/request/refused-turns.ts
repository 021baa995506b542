import { isMintedBy, readBridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import type { WarningSink } from "./request-warnings.js";

/** The warning a turn Claude's streaming classifiers ended is reported with. */
export const REFUSED_TURN = "request.refused-turn";

/**
 * Reports each assistant message Claude ended with `stop_reason: "refusal"` on this platform (the
 * stream side's `refusal: true` on its text) that goes back in the request: "When you receive
 * `stop_reason: refusal`, you must reset the conversation context before continuing. You can remove
 * or rephrase the turn that triggered the refusal, or clear the conversation history entirely.
 * Attempting to continue without resetting will result in continued refusals" (Anthropic, Streaming
 * refusals). Which turn to remove or rephrase is the application's call, so the message is sent as
 * it is and the warning `request.refused-turn` (`details.messageId`) says why the next answer may be
 * a refusal again. A refusal another provider streamed (OpenAI's `refusal` text, also marked
 * `refusal: true`) is the model's own answer, not a classifier's stop, and is not reported.
 */
export function warnRefusedTurns(messages: readonly Message[], sink: WarningSink, platform: string): void {
  for (const message of messages) {
    if (message.role !== "assistant" || readBridgeMetadata(message.metadata)?.refusal !== true || !isMintedBy(message, platform)) continue;
    sink.warn(
      REFUSED_TURN,
      `Assistant message ${message.id} ended in a refusal (stop_reason "refusal"); Anthropic answers a conversation that still holds the refused turn with more refusals until it is removed or rephrased`,
      { messageId: message.id },
    );
  }
}
