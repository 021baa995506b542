import type { WarningHandler } from "@agui-bridge/core/adapter";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";

/**
 * Anthropic's rule for extended thinking in a tool loop: "When `thinking` is enabled, a final
 * `assistant` message must start with a thinking block (preceding the lastmost set of `tool_use`
 * and `tool_result` blocks) … To avoid this requirement, disable `thinking`" (the API's 400). A
 * conversation whose open tool loop another provider started (its reasoning cannot be sent to
 * Anthropic) has no such block, so for that request thinking is left out, with warning
 * `request.thinking-disabled`; the next turn, which starts with Claude's own thinking, has it again.
 * Returns whether `thinking` may be sent.
 */
export function thinkingAllowed(messages: readonly MessageParam[], onWarning: WarningHandler | undefined): boolean {
  const last = messages[messages.length - 1];
  const assistant = messages[messages.length - 2];
  const blocks = (message: MessageParam | undefined) => (Array.isArray(message?.content) ? message.content : []);
  const answersTools = last?.role === "user" && blocks(last).some((block) => block.type === "tool_result");
  if (!answersTools || assistant?.role !== "assistant" || !blocks(assistant).some((block) => block.type === "tool_use")) return true;
  const first = blocks(assistant)[0]?.type;
  if (first === "thinking" || first === "redacted_thinking") return true;
  onWarning?.({
    code: "request.thinking-disabled",
    message: "The open tool loop's assistant turn has no Claude thinking block (another provider made its calls); thinking is off for this request, as Anthropic requires",
    details: { messageIndex: messages.length - 2 },
  });
  return false;
}

/** Whether the extra request fields turn thinking on. */
export function thinkingRequested(thinking: unknown): boolean {
  return typeof thinking === "object" && thinking !== null && (thinking as { type?: unknown }).type !== "disabled";
}
