import { isMintedBy, readBridgeMetadata, type AssistantMessage } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asRecord, isRecord, type JsonRecord } from "./narrow.js";

/**
 * A `fallback` block as the stream side records it on the assistant message (TEXT_MESSAGE_END
 * metadata `fallbackBlocks`): its index in the Anthropic message and every field the request
 * param (`BetaFallbackBlockParam` of `@anthropic-ai/sdk`: `from`, `to`, optional `trigger`) takes.
 */
export interface FallbackBlockRecord {
  index: number;
  from: { model: string };
  to: { model: string };
  /** The response block's `trigger` (`{ type, category }`), narrowed; absent when the block had none. */
  trigger?: { type: string; category: string | null };
}

/**
 * The platforms a `fallback` block goes back to. Anthropic's "Refusals and fallback" guide
 * (https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback) has server-side
 * fallback in beta "on the Claude API and on Claude Models on Google Cloud (Anthropic managed)":
 * nothing for Amazon Bedrock, Vertex AI, Microsoft Foundry or Claude Platform on AWS, so a block
 * goes back only to the first-party API, and only when that API minted it. The Anthropic-managed
 * Google Cloud offering is the Claude API itself, run by Anthropic ("Claude Models on Google
 * Cloud", https://platform.claude.com/docs/en/build-with-claude/claude-models-on-google-cloud/overview),
 * so it has no platform label of its own here; `google-vertex-anthropic` is the other offering,
 * Claude Models on Google Cloud (Google managed), reached through `AnthropicVertex`, which the
 * guide does not name. Other providers' converters never read the record (it is Anthropic
 * metadata of the assistant message): what the block marks is nothing they can take.
 */
export const FALLBACK_BLOCK_PLATFORMS: readonly string[] = ["anthropic"];

/** Whether the `fallback` blocks recorded on `message` may be sent back to `platform`. */
export function fallbackBlocksGoBackTo(message: AssistantMessage, platform: string): boolean {
  return FALLBACK_BLOCK_PLATFORMS.includes(platform) && isMintedBy(message, platform);
}

/**
 * Stream side: the record of the `fallback` block at `index`, narrowed (vendor payloads are
 * untrusted). `undefined` when `from.model` or `to.model` is not a non-empty string: such a block
 * cannot be rebuilt.
 */
export function recordFallbackBlock(index: number, block: JsonRecord): FallbackBlockRecord | undefined {
  const from = asNonEmptyString(asRecord(block.from)?.model);
  const to = asNonEmptyString(asRecord(block.to)?.model);
  if (from === undefined || to === undefined) return undefined;
  const trigger = narrowTrigger(block.trigger);
  return { index, from: { model: from }, to: { model: to }, ...(trigger !== undefined && { trigger }) };
}

/** Request side: the `fallback` blocks recorded on an assistant message (malformed entries skipped). */
export function readFallbackBlocks(metadata: unknown): FallbackBlockRecord[] {
  const entries = asArray(readBridgeMetadata(metadata)?.fallbackBlocks) ?? [];
  const out: FallbackBlockRecord[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || !Number.isSafeInteger(entry.index) || (entry.index as number) < 0) continue;
    const record = recordFallbackBlock(entry.index as number, entry);
    if (record !== undefined) out.push(record);
  }
  return out;
}

/** The index of the message's final `fallback` block, or `undefined` when none is recorded. */
export function finalFallbackIndex(metadata: unknown): number | undefined {
  const indexes = readFallbackBlocks(metadata).map((record) => record.index);
  return indexes.length === 0 ? undefined : Math.max(...indexes);
}

/**
 * The request block: `{ type: "fallback", from, to, trigger }`. `trigger` is "the response block's
 * `trigger`, echoed verbatim. Accepted and ignored by the server" (`BetaFallbackBlockParam`).
 */
export function fallbackBlockParam(record: FallbackBlockRecord): JsonRecord {
  return { type: "fallback", from: { ...record.from }, to: { ...record.to }, ...(record.trigger !== undefined && { trigger: { ...record.trigger } }) };
}

function narrowTrigger(value: unknown): FallbackBlockRecord["trigger"] {
  const trigger = asRecord(value);
  const type = asNonEmptyString(trigger?.type);
  if (trigger === undefined || type === undefined) return undefined;
  return { type, category: typeof trigger.category === "string" ? trigger.category : null };
}
