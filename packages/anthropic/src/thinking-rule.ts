import { isMintedBy, readBridgeMetadata, REQUEST_WARNINGS, type BridgeWarning, type Message, type ReasoningMessage, type ToolCall, type WarningHandler } from "@agui-bridge/core/adapter";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { parseClaudeModelId, sameClaudeModel } from "./claude-model-id.js";
import { ANTHROPIC_REDACTED_THINKING, ANTHROPIC_SIGNATURE } from "./stream/handle-reasoning.js";

/**
 * Anthropic's rule for extended thinking in a tool loop: "When `thinking` is enabled, a final
 * `assistant` message must start with a thinking block (preceding the lastmost set of `tool_use`
 * and `tool_result` blocks) … To avoid this requirement, disable `thinking`" (the API's 400). When
 * the open tool loop's calls were made by another provider (whose reasoning cannot be sent to
 * Anthropic), that turn has no such block, so thinking is left out of that one request, with
 * warning `request.thinking-disabled`; the next turn starts with Claude's own thinking. The same
 * when the converter left out the turn's thinking because another Claude model made it
 * ({@link thinkingGoesBackToModel}; `otherModel`: the ids of the reasoning messages it dropped so),
 * `details.reason: "model"`. With a thinking budget (`thinking.type: "enabled"`, `budgeted`), also
 * when Claude made the calls but the turn reaches the request without its thinking (the client kept
 * no reasoning message, or one without its signature): `details.reason: "missing"`, since the API
 * refuses that request whoever made the calls. Under adaptive thinking the model decides whether to
 * think, so a Claude turn without thinking is sent as it is. Returns whether `thinking` may be sent.
 */
export function thinkingAllowed(
  sent: readonly MessageParam[],
  conversation: readonly Message[],
  platform: string,
  onWarning: WarningHandler | undefined,
  otherModel: ReadonlySet<string> = new Set(),
  budgeted = false,
): boolean {
  const blocks = (message: MessageParam | undefined) => (Array.isArray(message?.content) ? message.content : []);
  const last = sent[sent.length - 1];
  const assistant = sent[sent.length - 2];
  if (last?.role !== "user" || !blocks(last).some((block) => block.type === "tool_result") || assistant?.role !== "assistant") return true;
  const first = blocks(assistant)[0]?.type;
  if (first === "thinking" || first === "redacted_thinking") return true;
  const dropped = currentTurnReasoning(conversation).filter((message) => otherModel.has(message.id));
  if (dropped.length > 0) {
    onWarning?.({
      code: "request.thinking-disabled",
      message: `The open tool loop's thinking was made by another model (${dropped.map((message) => message.id).join(", ")}), so it was not sent and the turn has no thinking block; thinking is off for this request, as Anthropic requires`,
      details: { reason: "model", messageIds: dropped.map((message) => message.id) },
    });
    return false;
  }
  const calls = openLoopCalls(conversation);
  const foreign = calls.filter((call) => !isMintedBy(call, platform));
  if (foreign.length > 0) {
    onWarning?.({
      code: "request.thinking-disabled",
      message: `The open tool loop's calls were made by another provider (${foreign.map((call) => call.id).join(", ")}), so its turn has no Claude thinking block; thinking is off for this request, as Anthropic requires`,
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

/** The reasoning messages after the conversation's last user message: the turn in progress. */
function currentTurnReasoning(conversation: readonly Message[]): ReasoningMessage[] {
  const out: ReasoningMessage[] = [];
  for (let i = conversation.length - 1; i >= 0; i--) {
    const message = conversation[i];
    if (message === undefined || message.role === "user") break;
    if (message.role === "reasoning") out.unshift(message);
  }
  return out;
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
