/**
 * The AG-UI text message each text block of an Anthropic stream goes to, read from the block types
 * alone (independently of the adapter): the Anthropic message id, then `<id>:2`, `<id>:3`, … for
 * the text after each provider-run tool's result (a `*_tool_result` block) once the message had
 * shown something (a text block, a tool call, a fallback or MCP listing marker), so the answer
 * after a result comes after it in the conversation.
 */
export interface TextSegments {
  /** A new Anthropic message starts. */
  message(id: string): void;
  /** A content block of `type` starts; for a text block, returns the text message id it goes to. */
  block(type: string): string | undefined;
  /** The assistant message id content goes to now. */
  readonly current: string | undefined;
}

const SHOWN = new Set(["text", "tool_use", "server_tool_use", "mcp_tool_use", "fallback", "mcp_tool_listing"]);

export function textSegments(): TextSegments {
  let messageId: string | undefined;
  let current: string | undefined;
  let count = 1;
  let shown = false;
  let afterResult = false;
  return {
    message(id) {
      messageId = id;
      current = id;
      count = 1;
      shown = false;
      afterResult = false;
    },
    block(type) {
      if (messageId === undefined) return undefined;
      if (type === "text" && afterResult) {
        count += 1;
        current = `${messageId}:${count}`;
        shown = false;
        afterResult = false;
      }
      if (type.endsWith("_tool_result") && shown) afterResult = true;
      if (SHOWN.has(type)) shown = true;
      return type === "text" ? current : undefined;
    },
    get current() {
      return current;
    },
  };
}
