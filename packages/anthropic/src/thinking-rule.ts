import { isMintedBy, readBridgeMetadata, REQUEST_WARNINGS, type BridgeWarning, type Message, type ReasoningMessage, type ToolCall, type WarningHandler } from "@agui-bridge/core/adapter";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { parseClaudeModelId, sameClaudeModel } from "./claude-model-id.js";
import { isThinking } from "./request/merge-assistant-turn.js";
import { ANTHROPIC_REDACTED_THINKING, ANTHROPIC_SIGNATURE } from "./stream/handle-reasoning.js";

/**
 * Anthropic's rule for extended thinking in a tool loop: "When `thinking` is enabled, a final
 * `assistant` message must start with a thinking block (preceding the lastmost set of `tool_use`
 * and `tool_result` blocks) … To avoid this requirement, disable `thinking`" (the API's 400). The
 * final assistant message is the assistant turn the request ends in, which a tool loop does not
 * end: it opens after the last user message holding no `tool_result`, and its later steps carry no
 * thinking of their own (Claude "will not output another thinking block until after the next
 * non-tool_result user turn", Anthropic's extended-thinking-with-tool-use cookbook). So while a
 * loop is open (the request ends in tool results) the turn's opening assistant message must start
 * with thinking, else thinking is left out of that one request, with warning
 * `request.thinking-disabled`; the next turn starts with Claude's own thinking. Why it does not:
 * - the converter left out the turn's thinking because another Claude model made it
 *   ({@link thinkingGoesBackToModel}; `otherModel`: the ids of the reasoning messages it dropped
 *   so), `details.reason: "model"`;
 * - the turn holds calls another provider made (whose reasoning cannot be sent to Anthropic),
 *   `details.toolCallIds`;
 * - with a thinking budget (`thinking.type: "enabled"`, `budgeted`), Claude made the calls but the
 *   turn reaches the request without its thinking (the client kept no reasoning message, or one
 *   without its signature), `details.reason: "missing"`. Under adaptive thinking the model
 *   decides whether to think, so a Claude turn without thinking is sent as it is.
 * Returns whether `thinking` may be sent.
 */
export function thinkingAllowed(
  sent: readonly MessageParam[],
  conversation: readonly Message[],
  platform: string,
  onWarning: WarningHandler | undefined,
  otherModel: ReadonlySet<string> = new Set(),
  budgeted = false,
): boolean {
  const opening = openLoopTurn(sent);
  if (opening === undefined) return true;
  // Boundary blocks the API itself puts before a response's thinking are not what it starts with.
  if (isThinking((Array.isArray(opening.content) ? opening.content : []).find((block) => !LEADING_MARKERS.has(block.type)))) return true;
  const turn = currentTurn(conversation);
  const dropped = turn.filter((message): message is ReasoningMessage => message.role === "reasoning" && otherModel.has(message.id));
  if (dropped.length > 0) {
    onWarning?.({
      code: "request.thinking-disabled",
      message: `The open tool loop's thinking was made by another model (${dropped.map((message) => message.id).join(", ")}), so it was not sent and the turn has no thinking block; thinking is off for this request, as Anthropic requires`,
      details: { reason: "model", messageIds: dropped.map((message) => message.id) },
    });
    return false;
  }
  const calls = turn.flatMap((message): ToolCall[] => (message.role === "assistant" ? (message.toolCalls ?? []) : []));
  const foreign = calls.filter((call) => !isMintedBy(call, platform));
  if (foreign.length > 0) {
    onWarning?.({
      code: "request.thinking-disabled",
      message: `The open tool loop's turn holds calls another provider made (${foreign.map((call) => call.id).join(", ")}), so it has no Claude thinking block to start with; thinking is off for this request, as Anthropic requires`,
      details: { toolCallIds: foreign.map((call) => call.id) },
    });
    return false;
  }
  if (!budgeted) return true;
  onWarning?.({
    code: "request.thinking-disabled",
    message: `The open tool loop's turn reached the request without its thinking (no signed reasoning message before its calls ${calls.map((call) => call.id).join(", ")}); with a thinking budget Anthropic refuses it, so thinking is off for this request`,
    details: { reason: "missing", toolCallIds: calls.map((call) => call.id) },
  });
  return false;
}

/**
 * Blocks a response may open with before its thinking, sent back in place: a `fallback` block (the
 * boundary where a fallback model took over; "the server relies on that boundary to validate the
 * turn") and a `compaction` block (the summary a context compaction opens its response with).
 */
const LEADING_MARKERS: ReadonlySet<string> = new Set(["fallback", "compaction"]);

/**
 * The opening assistant message of the turn a request ends in while a tool loop is open (its last
 * message a user message with `tool_result` blocks): the first assistant message after the last
 * user message holding no `tool_result`. `undefined` when no loop is open.
 */
function openLoopTurn(sent: readonly MessageParam[]): MessageParam | undefined {
  const results = (message: MessageParam | undefined) => Array.isArray(message?.content) && message.content.some((block) => block.type === "tool_result");
  if (sent[sent.length - 1]?.role !== "user" || !results(sent[sent.length - 1])) return undefined;
  let start = 0;
  for (let i = sent.length - 1; i >= 0; i--) {
    if (sent[i]?.role === "user" && !results(sent[i])) {
      start = i + 1;
      break;
    }
  }
  return sent.slice(start).find((message) => message.role === "assistant");
}

/** The messages after the conversation's last user message: the turn in progress. */
function currentTurn(conversation: readonly Message[]): readonly Message[] {
  let start = conversation.length;
  while (start > 0 && conversation[start - 1]?.role !== "user") start--;
  return conversation.slice(start);
}

/**
 * Whether a reasoning message's `thinking` / `redacted_thinking` block may go to a request for
 * `model`. Thinking signatures (and redacted `data`) are bound to the model that made them: sent to
 * another Claude model, the API answers 400 "Invalid `signature` in `thinking` block" and the thread
 * cannot go on (vybestack/llxprt-code#2335, anomalyco/opencode#25005). So a block goes back only to
 * the model the stream side recorded (`model` in its metadata, `message_start.message.model`),
 * compared by {@link parseClaudeModelId} (an alias matches its snapshots; Bedrock and Vertex AI
 * spellings match the Claude API's). A block with no recorded model (a thread from before it was
 * recorded), a request without a model, or an id that is not recognisably Claude's keeps being sent.
 * Reasoning of other kinds (compaction) is not bound here.
 */
export function thinkingGoesBackToModel(message: ReasoningMessage, model: string | undefined): boolean {
  const fields = readBridgeMetadata(message.metadata);
  const kind = fields?.encryptedKind;
  if (kind !== undefined && kind !== ANTHROPIC_SIGNATURE && kind !== ANTHROPIC_REDACTED_THINKING) return true;
  const made = parseClaudeModelId(fields?.model);
  const target = parseClaudeModelId(model);
  return made === undefined || target === undefined || sameClaudeModel(made, target);
}

/** The warning a thinking block another model made is dropped with (the code of any reasoning made elsewhere). */
const OTHER_MODEL = { code: REQUEST_WARNINGS.foreignReasoning, reason: "model" } as const;

/** Reports a reasoning message left out because another model made it ({@link thinkingGoesBackToModel}). */
export function warnOtherModelThinking(sink: { warn(code: string, message: string, details?: Record<string, unknown>): void }, message: ReasoningMessage, model: string | undefined): void {
  const recorded = String(readBridgeMetadata(message.metadata)?.model);
  sink.warn(
    OTHER_MODEL.code,
    `Reasoning ${message.id} was made by ${recorded}; its signature is bound to that model, so it cannot go to ${String(model)}; dropped`,
    { messageId: message.id, reason: OTHER_MODEL.reason, recordedModel: recorded, model: String(model) },
  );
}

/** The ids of the reasoning messages a conversion left out because another model made them. */
export function otherModelThinkingIds(warnings: readonly BridgeWarning[]): Set<string> {
  return new Set(
    warnings.flatMap((warning) =>
      warning.code === OTHER_MODEL.code && warning.details?.reason === OTHER_MODEL.reason && typeof warning.details.messageId === "string" ? [warning.details.messageId] : [],
    ),
  );
}

/** Whether thinking is on with a fixed budget (`{ type: "enabled", budget_tokens }`), not adaptive. */
export function thinkingBudgeted(thinking: unknown): boolean {
  return typeof thinking === "object" && thinking !== null && (thinking as { type?: unknown }).type === "enabled";
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
