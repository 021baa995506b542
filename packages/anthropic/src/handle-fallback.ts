import { asNonEmptyString, asRecord, type JsonRecord } from "./narrow.js";
import type { MessageState, StreamContext } from "./stream-state.js";

/** The content block the API (server-side `fallbacks`) puts at each model boundary of a message. */
export const FALLBACK_BLOCK = "fallback";

/**
 * A `fallback` block (`{ from: { model }, to: { model }, trigger: { type: "refusal", category } }`):
 * the requested model refused and the message goes on from `to.model`. It has no content of its own
 * and is never sent back (the SDK's refusal-fallback middleware strips such blocks from history: they
 * parse only under the server-side fallback beta). What it tells is kept:
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
  const served = asNonEmptyString(asRecord(block.to)?.model);
  const declined = asNonEmptyString(asRecord(block.from)?.model);
  message.fallback = { served: served ?? message.fallback?.served, declined: [...(message.fallback?.declined ?? []), declined] };
  const { type: _type, ...hop } = block;
  context.fallbacks.push(hop);
  context.run.setTerminalMetadata({ fallbacks: [...context.fallbacks] });
}
