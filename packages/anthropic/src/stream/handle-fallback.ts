import { asNonEmptyString, asRecord, type JsonRecord } from "../narrow.js";
import { recordFallbackBlock } from "../fallback-blocks.js";
import { openText } from "./handle-text.js";
import type { MessageState, StreamContext } from "./stream-state.js";

/** The content block the API (server-side `fallbacks`) puts at each model boundary of a message. */
export const FALLBACK_BLOCK = "fallback";

/**
 * A `fallback` block (`{ from: { model }, to: { model }, trigger: { type: "refusal", category } }`):
 * the requested model refused and the message goes on from `to.model`. It has no content of its own,
 * but the request side must send it back where it was (see `fallback-blocks.ts`). What it tells is kept:
 * - the block itself (`index`, `from`, `to`, `trigger`: every field of the SDK's
 *   `BetaFallbackBlockParam`) is recorded in `fallbackBlocks` on the assistant message (TEXT_MESSAGE_END
 *   metadata); the message's text message opens here if no text block opened it yet, so a message
 *   without text still has an assistant message carrying the record;
 * - `to.model` is the model that served the message: the SDK relabels the message's `model` with the
 *   last hop's, so the top-level usage (and a `fallback_message` iteration naming no model) counts
 *   under it; `from.model` is the model that declined at the hop, which a `message` iteration naming
 *   no model is matched to by position (see `mapMessageUsage`). Usage reported after the block
 *   (the final `message_delta`) is mapped with both;
 * - the hop, as sent without its `type`, is appended to terminal metadata `fallbacks`, so a client can
 *   tell which model answered and why.
 */
export function fallbackBlock(context: StreamContext, message: MessageState, index: number, block: JsonRecord): void {
  message.blocks.set(index, { kind: "ignored", index, type: FALLBACK_BLOCK });
  const record = recordFallbackBlock(index, block);
  if (record !== undefined) {
    message.fallbackBlocks.push(record);
    openText(context, message);
  }
  const served = asNonEmptyString(asRecord(block.to)?.model);
  const declined = asNonEmptyString(asRecord(block.from)?.model);
  message.fallback = { served: served ?? message.fallback?.served, declined: [...(message.fallback?.declined ?? []), declined] };
  const { type: _type, ...hop } = block;
  context.fallbacks.push(hop);
  context.run.setTerminalMetadata({ fallbacks: [...context.fallbacks] });
}
