import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import type { WarningSink } from "./request-warnings.js";

const isThinking = (block: ContentBlockParam): boolean => block.type === "thinking" || block.type === "redacted_thinking";

/**
 * Appends a later assistant message's blocks to the assistant turn before it (Anthropic wants
 * user and assistant turns to alternate, so consecutive assistant messages share one turn, e.g.
 * another provider's answer followed by Claude's with no user message between). Thinking blocks
 * lead their assistant turn; a later response's leading thinking cannot once the turn holds other
 * content, so those blocks are dropped with warning `request.thinking-not-leading` (Anthropic
 * strips the thinking of earlier turns from the context anyway). Interleaved thinking after a
 * server tool result stays where it is.
 */
export function appendToAssistantTurn(turn: ContentBlockParam[], blocks: readonly ContentBlockParam[], sink: WarningSink): void {
  let start = 0;
  if (turn.some((block) => !isThinking(block))) {
    while (start < blocks.length && isThinking(blocks[start] as ContentBlockParam)) start++;
    if (start > 0) {
      sink.warn("request.thinking-not-leading", `${start} thinking block(s) of a later response would not lead the merged assistant turn; dropped`, { dropped: start });
    }
  }
  turn.push(...blocks.slice(start));
}

/**
 * Removes the assistant turns a request rule emptied (`dropUnansweredServerCalls`,
 * `dropTrailingThinking`) and joins the user turns that then meet (Anthropic wants the roles to
 * alternate). Changes `turns` in place.
 */
export function dropEmptyTurns(turns: MessageParam[]): void {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i] as MessageParam;
    if (turn.role === "assistant" && Array.isArray(turn.content) && turn.content.length === 0) turns.splice(i, 1);
  }
  for (let i = turns.length - 1; i > 0; i--) {
    const turn = turns[i] as MessageParam;
    const before = turns[i - 1] as MessageParam;
    if (turn.role !== "user" || before.role !== "user" || !Array.isArray(turn.content) || !Array.isArray(before.content)) continue;
    before.content.push(...turn.content);
    turns.splice(i, 1);
  }
}
