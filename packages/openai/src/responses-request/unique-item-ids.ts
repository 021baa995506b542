import { isMintedBy, readBridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import type { PlacedItem } from "./output-order.js";
import type { WarningSink } from "../request/request-warnings.js";
import { withoutId } from "./orphaned-item-ids.js";

type Rec = Record<string, unknown>;

/** Warning code: an input item whose `id` another item of the request (or the held chain) already has. */
export const DUPLICATE_ITEM_ID = "request.duplicate-item-id";

/**
 * No two input items share an `id`: the API answers HTTP 400 "Duplicate item found with id …"
 * otherwise, also when the item is one the `previous_response_id` / `conversation` chain already
 * holds (`held`). The first item with an id keeps it (the chain comes before the input); a later
 * one that is the same item again (a reasoning message referenced twice, a message the
 * application copied) is dropped, and a later different item (a compatible server that numbers
 * its items `msg_0`, `fc_0` in every response) goes without its id when its type can (a function
 * or custom tool call keeps `call_id`, name and arguments; a message becomes an assistant
 * message), else is dropped. Each case is reported once, warning `request.duplicate-item-id`.
 */
export function uniqueItemIds(placed: readonly PlacedItem[], held: ReadonlySet<string>, sink: WarningSink): PlacedItem[] {
  const first = new Map<string, string>();
  const out: PlacedItem[] = [];
  for (const entry of placed) {
    const record = entry.item as unknown as Rec;
    const id = typeof record.id === "string" && record.id !== "" ? record.id : undefined;
    if (id === undefined) {
      out.push(entry);
      continue;
    }
    const earlier = first.get(id);
    if (earlier === undefined && !held.has(id)) {
      first.set(id, JSON.stringify(record));
      out.push(entry);
      continue;
    }
    const stripped = withoutId(entry.item);
    const same = earlier === JSON.stringify(record);
    const keeps = !same && stripped !== entry.item;
    sink.warn(DUPLICATE_ITEM_ID, `Input item ${id} (${String(record.type ?? record.role)}) repeats an item id ${held.has(id) ? "the server-held chain already has" : "of an earlier item"}; ${keeps ? "sent without its id" : "dropped"}`, {
      itemId: id,
      itemType: typeof record.type === "string" ? record.type : null,
      action: keeps ? "id-removed" : "dropped",
    });
    // The stripped item no longer claims the position: nothing pairs reasoning with it by id.
    if (keeps) out.push({ item: stripped });
  }
  return out;
}

/**
 * The item ids the messages the server already holds recorded (`itemId` of their messages,
 * reasoning, tool calls and results streamed from the target platform): with
 * `previous_response_id` / `conversation` those items are prepended by the API, so the input must
 * not repeat them.
 */
export function heldItemIds(all: readonly Message[], sent: readonly Message[], provider: string): Set<string> {
  const ids = new Set<string>();
  if (sent === all) return ids;
  const kept = new Set(sent);
  const add = (entity: { metadata?: unknown }): void => {
    const itemId = isMintedBy(entity, provider) ? readBridgeMetadata(entity.metadata)?.itemId : undefined;
    if (typeof itemId === "string" && itemId !== "") ids.add(itemId);
  };
  for (const message of all) {
    if (kept.has(message)) continue;
    add(message);
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) add(call);
  }
  return ids;
}
