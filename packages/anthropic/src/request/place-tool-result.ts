import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";

/**
 * Puts a `tool_result` where the Messages API requires it ("Handle tool calls": tool result blocks
 * must immediately follow their tool use blocks, and come FIRST in the user message, any text
 * after all tool results): in the user turn right after the assistant turn holding its `tool_use`,
 * after the results already there and before that turn's other blocks. A result that arrives later
 * in the conversation (after a user message, or after another assistant message) moves back there.
 * Without such an assistant turn the result is appended as the conversation's next user content.
 */
export function placeToolResult(turns: MessageParam[], block: ToolResultBlockParam): void {
  const owner = findToolUseTurn(turns, block.tool_use_id);
  if (owner === undefined) {
    appendUserBlock(turns, block);
    return;
  }
  const next = turns[owner + 1];
  if (next === undefined || next.role !== "user") {
    turns.splice(owner + 1, 0, { role: "user", content: [block] });
    return;
  }
  if (!Array.isArray(next.content)) next.content = typeof next.content === "string" && next.content !== "" ? [{ type: "text", text: next.content }] : [];
  const content = next.content;
  let at = 0;
  while (content[at]?.type === "tool_result") at++;
  content.splice(at, 0, block);
}

function findToolUseTurn(turns: readonly MessageParam[], id: string): number | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i] as MessageParam;
    if (turn.role !== "assistant" || !Array.isArray(turn.content)) continue;
    if (turn.content.some((block) => block.type === "tool_use" && block.id === id)) return i;
  }
  return undefined;
}

function appendUserBlock(turns: MessageParam[], block: ToolResultBlockParam): void {
  const last = turns[turns.length - 1];
  if (last !== undefined && last.role === "user" && Array.isArray(last.content)) last.content.push(block);
  else turns.push({ role: "user", content: [block] });
}
