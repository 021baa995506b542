import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import type { WarningSink } from "./request-warnings.js";

/** A `thinking` or `redacted_thinking` block. */
export const isThinking = (block: ContentBlockParam | undefined): boolean => block?.type === "thinking" || block?.type === "redacted_thinking";
/**
 * A block that holds nothing for the model to read: a `fallback` block (a boundary marker, "not
 * rendered into the prompt", `BetaFallbackBlockParam`) or an `mcp_tool_listing` block (the tool
 * listing an MCP server returned, kept so the server need not ask again).
 */
const isMarker = (block: ContentBlockParam): boolean => (block.type as string) === "fallback" || (block.type as string) === "mcp_tool_listing";

/**
 * Appends a later assistant message's blocks to the assistant turn before it (Anthropic wants
 * user and assistant turns to alternate, so consecutive assistant messages share one turn, e.g.
 * another provider's answer followed by Claude's with no user message between). Thinking blocks
 * lead their assistant turn; a later response's leading thinking cannot once the turn holds other
 * content, so those blocks are dropped with warning `request.thinking-not-leading` (Anthropic
 * strips the thinking of earlier turns from the context anyway). Interleaved thinking after a
 * server tool result stays where it is. A later response's leading `fallback` and
 * `mcp_tool_listing` blocks are kept where they are; the thinking among them is dropped the same way.
 * A turn that starts with thinking and ends with a server tool's result block is a paused one
 * (`pause_turn`: the server tool loop stopped after a result, "send the assistant content back to
 * continue"): the continuation is the same assistant turn, and its leading thinking stands where
 * interleaved thinking stands after a server tool result in a response that was not paused, so it
 * is kept, in order and unchanged (the thinking of the tool-use loop must go back with its tool
 * results, and thinking blocks of the latest assistant message "cannot be modified").
 */
export function appendToAssistantTurn(turn: ContentBlockParam[], blocks: readonly ContentBlockParam[], sink: WarningSink): void {
  if (!turn.some((block) => !isThinking(block) && !isMarker(block)) || pausedThinkingTurn(turn)) {
    turn.push(...blocks);
    return;
  }
  let lead = 0;
  while (lead < blocks.length && (isThinking(blocks[lead] as ContentBlockParam) || isMarker(blocks[lead] as ContentBlockParam))) lead++;
  const dropped = blocks.slice(0, lead).filter(isThinking).length;
  if (dropped > 0) {
    sink.warn("request.thinking-not-leading", `${dropped} thinking block(s) of a later response would not lead the merged assistant turn; dropped`, { dropped });
  }
  turn.push(...blocks.slice(0, lead).filter(isMarker), ...blocks.slice(lead));
}

/**
 * Whether the turn is a paused one that thinking may go on in: its last block (markers aside) is
 * the result block of a provider-run tool (`web_search_tool_result`, `mcp_tool_result`, …: a
 * `*_tool_result` type; client `tool_result` blocks never stand in an assistant turn), where a
 * paused server tool loop stops, and its first block (markers aside) is thinking: the API refuses an
 * assistant message that holds thinking but does not start with it ("If an assistant message
 * contains any thinking blocks, the first block must be thinking or redacted_thinking").
 */
function pausedThinkingTurn(turn: readonly ContentBlockParam[]): boolean {
  const content = turn.filter((block) => !isMarker(block));
  const last = content[content.length - 1];
  return last !== undefined && (last.type as string).endsWith("_tool_result") && isThinking(content[0]);
}

/**
 * Removes the assistant turns a request rule emptied (`dropUnansweredServerCalls`,
 * `dropTrailingThinking`), or left with nothing but `fallback` / `mcp_tool_listing` blocks
 * (markers of content the turn no longer holds), and joins the user turns that then meet (Anthropic wants the roles to
 * alternate). Changes `turns` in place.
 */
export function dropEmptyTurns(turns: MessageParam[]): void {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i] as MessageParam;
    if (turn.role === "assistant" && Array.isArray(turn.content) && turn.content.every(isMarker)) turns.splice(i, 1);
  }
  for (let i = turns.length - 1; i > 0; i--) {
    const turn = turns[i] as MessageParam;
    const before = turns[i - 1] as MessageParam;
    if (turn.role !== "user" || before.role !== "user" || !Array.isArray(turn.content) || !Array.isArray(before.content)) continue;
    before.content.push(...turn.content);
    turns.splice(i, 1);
  }
}
