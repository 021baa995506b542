import type { WarningHandler } from "@agui-bridge/core/adapter";
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import { isThinking } from "./merge-assistant-turn.js";

/** The warning a final assistant message's thinking is dropped with when the request has thinking off. */
export const PREFILL_THINKING_WARNING = "request.prefill-thinking";

/**
 * With thinking off (no `thinking`, or `{ type: "disabled" }`), the API refuses a final assistant
 * message (the prefill) holding `thinking` / `redacted_thinking` blocks: 400 "When thinking is
 * disabled, an `assistant` message in the final position cannot contain `thinking`"
 * (tailcallhq/forgecode#1195, #1853; anthropics/claude-code#7946). Such a message comes from a
 * conversation whose last turn is Claude's own thinking answer (a tool result after it dropped as
 * an orphan, a paused turn sent back to continue) while the request leaves thinking off (the
 * factory's `params` set none, or the open tool loop's rule switched it off). The blocks are
 * dropped from that message, with `request.prefill-thinking`; a message left empty is removed.
 * Earlier assistant turns keep their thinking (the API ignores thinking of earlier turns). Returns
 * the messages to send: `messages` itself when nothing changed.
 */
export function dropPrefillThinking(
  messages: MessageCreateParamsStreaming["messages"],
  onWarning: WarningHandler | undefined,
): MessageCreateParamsStreaming["messages"] {
  const last = messages[messages.length - 1];
  if (last?.role !== "assistant" || !Array.isArray(last.content)) return messages;
  const kept = last.content.filter((block) => !isThinking(block));
  const dropped = last.content.length - kept.length;
  if (dropped === 0) return messages;
  try {
    onWarning?.({
      code: PREFILL_THINKING_WARNING,
      message: `${dropped} thinking block(s) in the final assistant message were dropped: the request has thinking off, and Anthropic refuses thinking in the final assistant message then`,
      details: { dropped, turn: messages.length - 1 },
    });
  } catch {
    // A throwing warning handler does not break the request.
  }
  const rest = messages.slice(0, -1);
  return kept.length === 0 ? rest : [...rest, { ...last, content: kept }];
}
