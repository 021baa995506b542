import { readBridgeMetadata, type ReasoningMessage } from "@agui-bridge/core/adapter";
import { COPILOT_REASONING_OPAQUE_KIND } from "../chat-stream/chat-stream-state.js";

/**
 * Whether a reasoning message streamed from GitHub Copilot's Chat endpoint may go back under the
 * `copilot` dialect: one holding a `reasoning_opaque` (END metadata `encryptedKind:
 * "copilot-reasoning-opaque"`), or plain reasoning text (`reasoning_text`, no encrypted value of
 * any kind). Whether the text actually goes depends on its turn having an opaque value
 * ({@link copilotReasoningFields}).
 */
export function isCopilotReasoning(message: ReasoningMessage): boolean {
  const kind = readBridgeMetadata(message.metadata)?.encryptedKind;
  if (kind === COPILOT_REASONING_OPAQUE_KIND) return typeof message.encryptedValue === "string" && message.encryptedValue !== "";
  return kind === undefined && message.encryptedValue === undefined;
}

/**
 * The top-level fields GitHub Copilot's Chat endpoint takes on an assistant message, from the
 * reasoning recorded with it ({@link isCopilotReasoning}, in conversation order):
 * `reasoning_opaque`, the last opaque value recorded (Copilot streams one per response, on its
 * last chunks; VS Code's Copilot client keeps the final one), and `reasoning_text`, the text of
 * every reasoning message joined as streamed (no separator: fragments byte for byte), only beside
 * an opaque value and only when not empty. No opaque value: nothing (reasoning text alone would be
 * an unsigned thinking block).
 */
export function copilotReasoningFields(reasoning: readonly ReasoningMessage[]): { reasoning_opaque: string; reasoning_text?: string } | undefined {
  let opaque: string | undefined;
  for (const message of reasoning) {
    if (readBridgeMetadata(message.metadata)?.encryptedKind === COPILOT_REASONING_OPAQUE_KIND && message.encryptedValue !== undefined) opaque = message.encryptedValue;
  }
  if (opaque === undefined) return undefined;
  const text = reasoning.map((m) => m.content).join("");
  return { ...(text !== "" && { reasoning_text: text }), reasoning_opaque: opaque };
}
