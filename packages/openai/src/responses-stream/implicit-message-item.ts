import { asNonEmptyString, asNumber } from "../narrow.js";
import { trackItem, type MessageItem, type ResponsesStreamState } from "./responses-stream-state.js";

/**
 * Text events that name no item: no `item_id`, no `output_index`. OpenAI always names the item,
 * but Responses-compatible servers do not all do so: LiteLLM's proxy has streamed
 * `response.output_text.delta` before any `output_item.added` (BerriAI/litellm#22102, #36375),
 * and routers replaying a response have sent deltas with neither field (RESMP-DEV/ccr-rust#25).
 */
export function namesNoItem(event: Record<string, unknown>): boolean {
  return asNonEmptyString(event.item_id) === undefined && asNumber(event.output_index) === undefined;
}

/**
 * The message item such a text event belongs to: the response's only open message item when one
 * was announced (one whose `output_item.done` arrived is finished: later text is not its), else an
 * implicit one opened now (its id ours, not the provider's, so it is never sent back as an item id)
 * that the next message item the response announces or finishes claims
 * ({@link claimImplicitMessage}). `undefined` when several message items are open (ambiguous).
 */
export function implicitMessageOf(state: ResponsesStreamState): MessageItem | undefined {
  const current = state.response.implicitMessage;
  if (current !== undefined) return current;
  const messages = new Set([...state.response.byIndex.values()].filter((item): item is MessageItem => item.kind === "message" && item.closed !== true));
  if (messages.size > 1) return undefined;
  const [only] = messages;
  if (only !== undefined) return only;
  const item: MessageItem = { kind: "message", itemId: state.run.newId(), implicit: true };
  state.response.implicitMessage = item;
  trackItem(state, item, undefined);
  return item;
}

/**
 * A message item the response announces (or finishes) while an implicit message holds its
 * unlabelled text: it is that message. The implicit item takes the provider's id, output index and
 * phase (recorded on its END event, its START having gone out without them) and its text is not
 * written again. An item streamed without an id (`itemId` undefined) claims it all the same, but
 * the implicit message keeps the id made up for it, which is never recorded. `undefined` when
 * there is no implicit message to claim.
 */
export function claimImplicitMessage(
  state: ResponsesStreamState,
  itemId: string | undefined,
  outputIndex: number | undefined,
  phase: string | undefined,
): MessageItem | undefined {
  const item = state.response.implicitMessage;
  if (item === undefined) return undefined;
  state.response.implicitMessage = undefined;
  state.items.delete(item.itemId);
  item.implicit = false;
  if (itemId === undefined) item.idMadeUp = true;
  else {
    item.itemId = itemId;
    item.claimedBy = (item.text ?? item.refusal)?.messageId;
  }
  if (outputIndex !== undefined) item.outputIndex = outputIndex;
  if (phase !== undefined) item.phase = phase;
  trackItem(state, item, outputIndex);
  return item;
}
