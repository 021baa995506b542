import { isMintedBy, type Message, type ToolCall, type WarningHandler } from "@agui-bridge/core/adapter";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";

/**
 * Anthropic's rule for extended thinking in a tool loop: "When `thinking` is enabled, a final
 * `assistant` message must start with a thinking block (preceding the lastmost set of `tool_use`
 * and `tool_result` blocks) … To avoid this requirement, disable `thinking`" (the API's 400). When
 * the open tool loop's calls were made by another provider (whose reasoning cannot be sent to
 * Anthropic), that turn has no such block, so thinking is left out of that one request, with
 * warning `request.thinking-disabled`; the next turn starts with Claude's own thinking. Claude's
 * own turns are sent as they are. Returns whether `thinking` may be sent.
 */
export function thinkingAllowed(
  sent: readonly MessageParam[],
  conversation: readonly Message[],
  platform: string,
  onWarning: WarningHandler | undefined,
): boolean {
  const blocks = (message: MessageParam | undefined) => (Array.isArray(message?.content) ? message.content : []);
  const last = sent[sent.length - 1];
  const assistant = sent[sent.length - 2];
  if (last?.role !== "user" || !blocks(last).some((block) => block.type === "tool_result") || assistant?.role !== "assistant") return true;
  const first = blocks(assistant)[0]?.type;
  if (first === "thinking" || first === "redacted_thinking") return true;
  const foreign = openLoopCalls(conversation).filter((call) => !isMintedBy(call, platform));
  if (foreign.length === 0) return true;
  onWarning?.({
    code: "request.thinking-disabled",
    message: `The open tool loop's calls were made by another provider (${foreign.map((call) => call.id).join(", ")}), so its turn has no Claude thinking block; thinking is off for this request, as Anthropic requires`,
    details: { toolCallIds: foreign.map((call) => call.id) },
  });
  return false;
}

/** The calls the conversation's trailing tool messages answer: the open tool loop's. */
function openLoopCalls(conversation: readonly Message[]): ToolCall[] {
  const answered = new Set<string>();
  for (let i = conversation.length - 1; i >= 0; i--) {
    const message = conversation[i];
    if (message?.role !== "tool") break;
    answered.add(message.toolCallId);
  }
  return conversation.flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : [])).filter((call) => answered.has(call.id));
}

/** Whether the extra request fields turn thinking on (`{ type: "enabled" | "adaptive", … }`). */
export function thinkingRequested(thinking: unknown): boolean {
  return typeof thinking === "object" && thinking !== null && (thinking as { type?: unknown }).type !== "disabled";
}
