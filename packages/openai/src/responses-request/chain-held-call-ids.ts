import { mapToolCallId, type Message } from "@agui-bridge/core/adapter";
import type { PlacedItem } from "./output-order.js";
import { RESPONSES_CALL_ID } from "../request/tool-name-rule.js";

/**
 * With `previous_response_id` / `conversation` the calls of the held chain are not sent: the
 * server has them under the ids it streamed. A repeated id that `uniqueToolCallIds` renamed for
 * the request (`call_0` → `call_0_3`) must therefore go back as streamed on the output that
 * answers such a held call, or the API finds no call for it. Returns renamed id → original id for
 * the calls of `original` that were renamed in `unique` (same messages, same order) and are not in
 * an assistant message of `sent`.
 */
export function heldCallIds(original: readonly Message[], unique: readonly Message[], sent: readonly Message[]): Map<string, string> {
  const renamed = new Map<string, string>();
  original.forEach((message, index) => {
    const other = unique[index];
    if (message.role !== "assistant" || other?.role !== "assistant") return;
    (other.toolCalls ?? []).forEach((call, position) => {
      const id = message.toolCalls?.[position]?.id;
      if (id !== undefined && id !== call.id) renamed.set(call.id, id);
    });
  });
  for (const message of sent) if (message.role === "assistant") for (const call of message.toolCalls ?? []) renamed.delete(call.id);
  return renamed;
}

/** An output item answering a held call, with the call's id as the server streamed it (mapped as any call id is). */
export function withHeldCallId(entry: PlacedItem, renamed: string, original: string): PlacedItem {
  const item = entry.item as unknown as Record<string, unknown>;
  if (item.call_id !== mapToolCallId(renamed, RESPONSES_CALL_ID)) return entry;
  return { ...entry, item: { ...item, call_id: mapToolCallId(original, RESPONSES_CALL_ID) } as unknown as PlacedItem["item"] };
}
