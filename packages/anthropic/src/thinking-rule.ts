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

/**
 * Platforms whose Anthropic-compatible endpoint takes its own unsigned `thinking` blocks back, by
 * the `provider` label (the labels `@agui-bridge/openai` uses for the same servers). Their streams
 * carry no signature (`content_block_start` `{ type: "thinking", thinking: "" }`, no
 * `signature_delta`), and some need the thinking back: DeepSeek answers 400 "The
 * `content[].thinking` in the thinking mode must be passed back to the API" when a tool-use turn
 * comes back without it (its Anthropic API guide lists `thinking` blocks as supported in requests,
 * `redacted_thinking` as not); MiniMax's guide says to append the whole `response.content`
 * (thinking, text, tool_use) for interleaved thinking; Moonshot (Kimi), Z.ai (GLM) and Ollama
 * (whose compatibility page lists `thinking` blocks among the request fields it takes) accept them.
 * Anthropic's own platforms reject an unsigned block ("Invalid `signature` in `thinking` block"),
 * and so does any gateway forwarding to Claude, so a label not listed here gets none.
 */
export const UNSIGNED_THINKING_PLATFORMS: readonly string[] = [
  "deepseek",
  "minimax",
  "moonshot",
  "moonshotai",
  "kimi",
  "zai",
  "z.ai",
  "zhipu",
  "bigmodel",
  "ollama",
];

/**
 * Whether a `thinking` block without a signature, minted on `platform` itself, goes back to it:
 * sent as `{ type: "thinking", thinking, signature: "" }` (the empty signature Anthropic streams in
 * `content_block_start`, so the block keeps the `ThinkingBlockParam` shape). Reasoning from any
 * other platform never reaches this question (core's `isEncryptedValueUsableBy` drops it first).
 */
export function unsignedThinkingGoesBackTo(platform: string): boolean {
  return UNSIGNED_THINKING_PLATFORMS.includes(platform);
}
