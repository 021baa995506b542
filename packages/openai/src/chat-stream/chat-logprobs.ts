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
  if (record.content === undefined && record.tokens !== undefined) return collectParallelLogprobs(into, record);
  for (const entry of asArray(record.content) ?? []) if (isRecord(entry)) into.content.push(entry);
  for (const entry of asArray(record.refusal) ?? []) if (isRecord(entry)) into.refusal.push(entry);
  for (const entry of asArray(record.reasoning_content) ?? []) if (isRecord(entry)) into.reasoning.push(entry);
}

/**
 * Together AI's `logprobs` (its Logprobs guide: `logprobs: { tokens, token_logprobs }`, with
 * `top_logprobs` of `{ token, logprob }` per token when more than one is asked for): parallel
 * arrays of the chunk's text tokens, in the legacy Completions shape. Each position becomes the
 * text's entry `{ token, logprob, top_logprobs }` (what is sent of it), so they reach its
 * TEXT_MESSAGE_END like OpenAI's `content` entries.
 */
function collectParallelLogprobs(into: ChatLogprobs, record: Record<string, unknown>): void {
  const tokens = asArray(record.tokens) ?? [];
  const logprobs = asArray(record.token_logprobs) ?? [];
  const tops = asArray(record.top_logprobs) ?? [];
  tokens.forEach((token, i) => {
    if (typeof token !== "string") return;
    const entry: Record<string, unknown> = { token };
    if (typeof logprobs[i] === "number") entry.logprob = logprobs[i];
    const top = asArray(tops[i]);
    if (top !== undefined) entry.top_logprobs = top.filter(isRecord);
    into.content.push(entry);
  });
}

/** The `logprobs` metadata of a message: its entries, or nothing when there are none. */
export function logprobsMetadata(entries: readonly Record<string, unknown>[]): BridgeMetadata | undefined {
  return entries.length === 0 ? undefined : { logprobs: [...entries] };
}
