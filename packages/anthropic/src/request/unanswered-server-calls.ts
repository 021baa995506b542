import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import type { WarningSink } from "./request-warnings.js";

/** The blocks of a call Anthropic runs itself, answered by a result block in the assistant turn. */
const SERVER_CALLS: ReadonlySet<string> = new Set(["server_tool_use", "mcp_tool_use"]);

/**
 * A server tool call (`server_tool_use`, `mcp_tool_use`) whose result block never came, outside the
 * request's still-open assistant turn, is dropped with `request.unanswered-provider-tool`.
 *
 * Anthropic's "Stop reasons and fallback" guide
 * (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons, `tool_use` and
 * `pause_turn`): a call without its result is continued by the API only while its assistant turn is
 * still open: the last message (`pause_turn`: "send the response back as-is"), or followed by
 * nothing but a user message of `tool_result` blocks (a server tool deferred behind the client tools
 * of its response; programmatic tool calling's code waiting for its client calls). "Adding anything
 * after the `tool_result` blocks in that user message, such as text, ends the assistant turn; for a
 * server tool Claude called directly, the request then fails with a 400" (`` `web_search` tool use
 * with id `srvtoolu_…` was found without a corresponding `web_search_tool_result` block ``). So a
 * call is kept when it has a result block anywhere in the request or when no user turn holding
 * anything but `tool_result` blocks comes after it (a run that failed after the call's block
 * stopped, then the user wrote again, is the case dropped). A call in `declined` (made before its
 * response's final `fallback` block, by the attempt the API discarded: see `declinedServerCalls`)
 * has no open turn at all: nothing continues a discarded attempt, so without its result block it
 * is dropped wherever it is, the last message included. A call cut off mid-input is dropped
 * earlier, wherever it is (`buildAssistantTurn`). Changes `turns` in place; a turn it empties stays
 * empty (see `dropEmptyTurns`).
 */
export function dropUnansweredServerCalls(turns: MessageParam[], sink: WarningSink, declined: ReadonlySet<string> = new Set()): void {
  const answered = new Set<string>();
  for (const turn of turns) {
    if (turn.role !== "assistant" || !Array.isArray(turn.content)) continue;
    for (const block of turn.content) {
      const id: unknown = (block as { tool_use_id?: unknown }).tool_use_id;
      if (typeof id === "string") answered.add(id);
    }
  }
  // Turns before this index are closed: a user turn with more than tool results came after them.
  let openFrom = 0;
  turns.forEach((turn, i) => {
    if (turn.role === "user" && !onlyToolResults(turn)) openFrom = i + 1;
  });
  turns.forEach((turn, i) => {
    if (turn.role !== "assistant" || !Array.isArray(turn.content)) return;
    const closed = i < openFrom;
    if (!closed && declined.size === 0) return;
    turn.content = turn.content.filter((block: ContentBlockParam) => {
      if (!SERVER_CALLS.has(block.type)) return true;
      const id: unknown = (block as { id?: unknown }).id;
      if (typeof id !== "string" || answered.has(id)) return true;
      if (declined.has(id)) {
        sink.warn("request.unanswered-provider-tool", `Server tool call ${id} has no result and came before the final fallback block of its response (the declined attempt's); dropped`, {
          toolCallId: id,
        });
        return false;
      }
      if (!closed) return true;
      sink.warn("request.unanswered-provider-tool", `Server tool call ${id} has no result and its turn is over (a later user message follows); dropped`, {
        toolCallId: id,
      });
      return false;
    });
  });
}

function onlyToolResults(turn: MessageParam): boolean {
  return Array.isArray(turn.content) && turn.content.length > 0 && turn.content.every((block) => block.type === "tool_result");
}
