import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asArray, asNumber, asRecord, asString, isRecord } from "../narrow.js";

/**
 * The token log probabilities of one text message of a message item (its `output_text` parts, or
 * its refusal parts), as three sources carry them: the deltas (`response.output_text.delta`
 * `logprobs`, the delta's own tokens), the part's `.done` event (`logprobs`, the part's tokens) and
 * the finished item's part (`output_text.logprobs`, with `bytes` beside each token and top entry,
 * the shape Chat's entries have). Requested with `include: ["message.output_text.logprobs"]` and
 * `top_logprobs` (openai 7.60 `ResponseTextDeltaEvent.logprobs`, `ResponseTextDoneEvent.logprobs`,
 * `ResponseOutputText.logprobs`).
 */
export interface MessageLogprobs {
  /** Entries of the deltas, in arrival order. */
  readonly streamed: Record<string, unknown>[];
  /** Content index → the entries its `.done` event carried. */
  readonly done: Map<number, Record<string, unknown>[]>;
}

/** An empty {@link MessageLogprobs}. */
export function createMessageLogprobs(): MessageLogprobs {
  return { streamed: [], done: new Map() };
}

/**
 * A delta's `logprobs` entries, appended in order (record entries only). Cheap on the hot path:
 * a delta without entries (OpenAI sends `logprobs: []` when none were asked for) costs one check.
 */
export function collectDeltaLogprobs(into: MessageLogprobs, value: unknown): void {
  if (!Array.isArray(value) || value.length === 0) return;
  for (const entry of value) if (isRecord(entry)) into.streamed.push(entry);
}

/** A `.done` event's `logprobs` for its part (`content_index`, 0 when absent). */
export function collectDoneLogprobs(into: MessageLogprobs, event: Record<string, unknown>): void {
  const entries = recordEntries(event.logprobs);
  if (entries.length > 0) into.done.set(asNumber(event.content_index) ?? 0, entries);
}

/**
 * The `logprobs` metadata of the message's TEXT_MESSAGE_END: one source whole, never a mix, so no
 * token is listed twice. Each source lists the message's tokens from its start (the `.done` events
 * and the finished item each carry their part's whole list, the deltas every token streamed), so
 * the one with the most entries holds all the others hold; on a tie the later one wins (the
 * finished item's entries carry `bytes`). Entries as sent, in part order; `undefined` when no
 * source has any. The docs do not say how the three relate; a source with more entries than the
 * others is taken over them so that nothing streamed is lost when a later source is empty.
 */
export function logprobsEndMetadata(
  logprobs: MessageLogprobs | undefined,
  finishedContent: readonly unknown[] | undefined,
  refusal: boolean,
): BridgeMetadata | undefined {
  let best: Record<string, unknown>[] = logprobs?.streamed ?? [];
  if (logprobs !== undefined && logprobs.done.size > 0) {
    const done = [...logprobs.done.keys()].sort((a, b) => a - b).flatMap((index) => logprobs.done.get(index) ?? []);
    if (done.length >= best.length) best = done;
  }
  if (finishedContent !== undefined) {
    const type = refusal ? "refusal" : "output_text";
    const finished = finishedContent.flatMap((raw) => {
      const content = asRecord(raw);
      return content !== undefined && asString(content.type) === type ? recordEntries(content.logprobs) : [];
    });
    if (finished.length > 0 && finished.length >= best.length) best = finished;
  }
  return best.length === 0 ? undefined : { logprobs: [...best] };
}

function recordEntries(value: unknown): Record<string, unknown>[] {
  return (asArray(value) ?? []).filter(isRecord);
}
