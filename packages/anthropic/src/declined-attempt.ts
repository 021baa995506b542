import { readBridgeMetadata, type AssistantMessage, type Message } from "@agui-bridge/core/adapter";
import { ANTHROPIC_COMPACTION } from "./handle-compaction.js";
import { finalFallbackIndex } from "./fallback-blocks.js";
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
 * marks a boundary) and what comes after the final one. Applies on every Anthropic platform: the
 * blocks belong to an attempt the API discarded, whether or not the `fallback` block itself can go
 * (see `fallbackBlocksGoBackTo`). Entities without a recorded index are kept. Returns the messages
 * to convert (the input is not changed).
 */
export function dropDeclinedAttempt(messages: readonly Message[], sink: WarningSink): Message[] {
  const cutoff = new Map<string, number>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    const final = finalFallbackIndex(message.metadata);
    if (final !== undefined) cutoff.set(message.id, final);
  }
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
    if (message.role === "assistant" && cutoff.has(message.id)) {
      out.push(withoutDeclinedCalls(message, cutoff.get(message.id) as number, droppedCalls, sink));
      continue;
    }
    out.push(message);
  }
  return out;
}

function declinedThinking(message: Message, cutoff: ReadonlyMap<string, number>): boolean {
  const fields = readBridgeMetadata(message.metadata);
  const owner = fields?.anthropicMessageId;
  if (typeof owner !== "string" || !cutoff.has(owner) || fields?.encryptedKind === ANTHROPIC_COMPACTION) return false;
  return Number.isSafeInteger(fields?.blockIndex) && (fields?.blockIndex as number) < (cutoff.get(owner) as number);
}

function withoutDeclinedCalls(message: AssistantMessage, final: number, dropped: Set<string>, sink: WarningSink): AssistantMessage {
  const calls = message.toolCalls;
  if (calls === undefined) return message;
  const kept = calls.filter((call) => {
    const fields = readBridgeMetadata(call.metadata);
    if (fields?.providerExecuted === true || !Number.isSafeInteger(fields?.blockIndex) || (fields?.blockIndex as number) >= final) return true;
    dropped.add(call.id);
    sink.warn("request.fallback-declined-tool-call", `Tool call ${call.id} came before the final fallback block of its response (the declined attempt's); dropped with its result`, {
      toolCallId: call.id,
    });
    return false;
  });
  return kept.length === calls.length ? message : { ...message, toolCalls: kept };
}
