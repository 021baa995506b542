import type { ContentBlockParam } from "@anthropic-ai/sdk/resources/messages";
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
