import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asArray, asRecord, isRecord } from "../narrow.js";

/** A choice's token log probabilities so far, per message kind. */
export interface ChatLogprobs {
  /** `logprobs.content` entries: the text's tokens. */
  readonly content: Record<string, unknown>[];
  /** `logprobs.refusal` entries: the refusal's tokens. */
  readonly refusal: Record<string, unknown>[];
  /** `logprobs.reasoning_content` entries (DeepSeek): the tokens of the reasoning message being streamed, taken by its END. */
  readonly reasoning: Record<string, unknown>[];
}

/**
 * A choice's `logprobs` (requested with `logprobs: true`, `top_logprobs`): each chunk carries the
 * entries of its own tokens (`{ token, logprob, bytes, top_logprobs }`) under `content` and
 * `refusal` (and, on DeepSeek, `reasoning_content`: its API reference lists the reasoning's token
 * log probabilities beside the answer's). AG-UI has no field for them: they are collected in order,
 * entries as sent, for the TEXT_MESSAGE_END of the text (`content`) and of the refusal (`refusal`)
 * and the REASONING_MESSAGE_END of the reasoning they belong to (`reasoning_content`), metadata
 * `logprobs` (core bounds an oversized copy and records what it left out). Read before the chunk's
 * delta, so a reasoning message the same chunk closes takes its last entries.
 */
export function collectLogprobs(into: ChatLogprobs, value: unknown): void {
  const record = asRecord(value);
  if (record === undefined) return;
  for (const entry of asArray(record.content) ?? []) if (isRecord(entry)) into.content.push(entry);
  for (const entry of asArray(record.refusal) ?? []) if (isRecord(entry)) into.refusal.push(entry);
  for (const entry of asArray(record.reasoning_content) ?? []) if (isRecord(entry)) into.reasoning.push(entry);
}

/** The `logprobs` metadata of a message: its entries, or nothing when there are none. */
export function logprobsMetadata(entries: readonly Record<string, unknown>[]): BridgeMetadata | undefined {
  return entries.length === 0 ? undefined : { logprobs: [...entries] };
}
