import { readBridgeMetadata, type AssistantMessage, type Message } from "@agui-bridge/core/adapter";
import { ANTHROPIC_COMPACTION } from "../stream/handle-compaction.js";
import { finalFallbackIndex } from "../fallback-blocks.js";
import type { WarningSink } from "./request-warnings.js";

/**
 * What the declined attempt of a fallback-served response left before the message's final
 * `fallback` block is left out when the turn goes back to Anthropic. The SDK's
 * `BetaFallbackBlockParam` (`@anthropic-ai/sdk` 1.15.0): "Some blocks from before the turn's final
 * `fallback` block must be left out when you send the turn back, and no `tool_result` is sent for a
 * `tool_use` block you left out" (Refusals and fallback,
 * https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback#continuing-the-conversation).
 * Left out, by the block index the stream side recorded (`blockIndex`), when it is below the final
 * recorded `fallback` block's:
 * - thinking and redacted thinking (reasoning messages of the message) → `request.fallback-declined-thinking`;
 * - client tool calls (`tool_use`), with every result that answers them →
 *   `request.fallback-declined-tool-call`.
 * Text before it stays, as do the `fallback` blocks themselves (all of them: with several hops each
 * marks a boundary) and what comes after the final one. A server tool call before it
 * (`server_tool_use`, `mcp_tool_use`) stays with its result block; one without a result can never
 * get it (its attempt was discarded), so its turn is over whatever follows:
 * {@link declinedServerCalls} names it and `dropUnansweredServerCalls`, the one rule for unanswered
 * server calls, drops it (`request.unanswered-provider-tool`). Applies on every Anthropic platform: the
 * blocks belong to an attempt the API discarded, whether or not the `fallback` block itself can go
 * (see `fallbackBlocksGoBackTo`). Entities without a recorded index are kept. Returns the messages
 * to convert (the input is not changed).
 */
export function dropDeclinedAttempt(messages: readonly Message[], sink: WarningSink): Message[] {
  const cutoff = finalFallbackIndexes(messages);
  if (cutoff.size === 0) return [...messages];
  const droppedCalls = new Set<string>();
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role === "reasoning" && declinedThinking(message, cutoff)) {
      sink.warn("request.fallback-declined-thinking", `Reasoning ${message.id} came before the final fallback block of its response (the declined attempt's); dropped`, {
        messageId: message.id,
      });
      continue;
    }
    if (message.role === "tool" && droppedCalls.has(message.toolCallId)) continue;
    const final = message.role === "assistant" ? cutoff.get(responseOf(message)) : undefined;
    if (message.role === "assistant" && final !== undefined) {
      out.push(withoutDeclinedCalls(message, final, droppedCalls, sink));
      continue;
    }
    out.push(message);
  }
  return out;
}

/**
 * The ids of the server tool calls (provider-executed: `server_tool_use`, `mcp_tool_use`) that came
 * before their response's final `fallback` block, i.e. were made by an attempt the API discarded.
 * Whether one is sent back is `dropUnansweredServerCalls`' decision: with its result block it
 * goes, like the text around it; without one its turn is over (no continuation can answer it).
 */
export function declinedServerCalls(messages: readonly Message[]): Set<string> {
  const cutoff = finalFallbackIndexes(messages);
  const out = new Set<string>();
  if (cutoff.size === 0) return out;
  for (const message of messages) {
    const final = message.role === "assistant" ? cutoff.get(responseOf(message)) : undefined;
    if (message.role !== "assistant" || final === undefined) continue;
    for (const call of message.toolCalls ?? []) {
      const fields = readBridgeMetadata(call.metadata);
      if (fields?.providerExecuted === true && before(fields.blockIndex, final)) out.add(call.id);
    }
  }
  return out;
}

/**
 * The index of each response's final recorded `fallback` block, by Anthropic message id. A response
 * split into several assistant messages (text after a provider-run tool's result starts a new one,
 * `<id>:2`, naming its response as `anthropicMessageId`) is one response: block indexes count
 * across all of them, so the final block of any of them cuts off what came before it in every one.
 */
function finalFallbackIndexes(messages: readonly Message[]): Map<string, number> {
  const cutoff = new Map<string, number>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    const final = finalFallbackIndex(message.metadata);
    const response = responseOf(message);
    if (final !== undefined) cutoff.set(response, Math.max(final, cutoff.get(response) ?? final));
  }
  return cutoff;
}

/** The Anthropic message an assistant message came from: its recorded `anthropicMessageId` (a split one's), else its id. */
function responseOf(message: AssistantMessage): string {
  const recorded = readBridgeMetadata(message.metadata)?.anthropicMessageId;
  return typeof recorded === "string" ? recorded : message.id;
}

/** Whether a recorded block index lies before the final `fallback` block's (an unrecorded one never does). */
function before(blockIndex: unknown, final: number): boolean {
  return Number.isSafeInteger(blockIndex) && (blockIndex as number) < final;
}

function declinedThinking(message: Message, cutoff: ReadonlyMap<string, number>): boolean {
  const fields = readBridgeMetadata(message.metadata);
  const owner = fields?.anthropicMessageId;
  if (typeof owner !== "string" || !cutoff.has(owner) || fields?.encryptedKind === ANTHROPIC_COMPACTION) return false;
  return before(fields?.blockIndex, cutoff.get(owner) as number);
}

function withoutDeclinedCalls(message: AssistantMessage, final: number, dropped: Set<string>, sink: WarningSink): AssistantMessage {
  const calls = message.toolCalls;
  if (calls === undefined) return message;
  const kept = calls.filter((call) => {
    const fields = readBridgeMetadata(call.metadata);
    if (fields?.providerExecuted === true || !before(fields?.blockIndex, final)) return true;
    dropped.add(call.id);
    sink.warn("request.fallback-declined-tool-call", `Tool call ${call.id} came before the final fallback block of its response (the declined attempt's); dropped with its result`, {
      toolCallId: call.id,
    });
    return false;
  });
  return kept.length === calls.length ? message : { ...message, toolCalls: kept };
}
