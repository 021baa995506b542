import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { isThinking } from "./merge-assistant-turn.js";
import type { WarningSink } from "./request-warnings.js";


/**
 * No assistant turn may end with a `thinking` / `redacted_thinking` block: the API answers 400
 * "messages.N: The final block in an assistant message cannot be `thinking`." It does so for the
 * final (prefill) turn (router-for-me/CLIProxyAPI#5321, measured: user + thinking-only assistant →
 * 400, user + text assistant → 200) and for one in the middle of the conversation, replayed on every
 * later turn (tailcallhq/forgecode#3071, `messages.17` of a long conversation: a reasoning-only
 * message, no text and no tool call). Such a turn comes from a run cut after its thinking or an
 * answer whose text was empty. The trailing thinking blocks carry nothing the request needs (a
 * thinking block cannot act as prefill, and Anthropic strips the thinking of earlier turns from the
 * context), so they are dropped with `request.trailing-thinking`; a turn left empty is removed by
 * `dropEmptyTurns`. Changes `turns` in place.
 */
export function dropTrailingThinking(turns: MessageParam[], sink: WarningSink): void {
  turns.forEach((turn, position) => {
    if (turn.role !== "assistant" || !Array.isArray(turn.content)) return;
    const content: ContentBlockParam[] = turn.content;
    let dropped = 0;
    while (isThinking(content[content.length - 1])) {
      content.pop();
      dropped++;
    }
    if (dropped === 0) return;
    sink.warn("request.trailing-thinking", `${dropped} thinking block(s) at the end of assistant turn ${position} (the API rejects a turn ending with thinking); dropped`, {
      dropped,
      turn: position,
    });
  });
}
