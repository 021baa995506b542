import { asNonEmptyString } from "../narrow.js";
import type { ResponsesStreamState, ToolItem } from "./responses-stream-state.js";

/**
 * Call items a server streams without an item `id` and without `output_index` (llama.cpp's
 * `llama-server` before its Responses events carried them): the argument deltas then name the
 * call by its `call_id` (`item_id: "fc_…"`, the `call_id` of the `output_item.added` that named no
 * id), and the `output_item.done` and the final output list it again without id or position. The
 * `call_id` is what identifies the call, so it is the key these items are found by within their
 * response: the deltas reach the call that was opened, and its `done` and the final output finish
 * it instead of starting the same call again.
 */

/** Remembers a call item opened without an item id under its `call_id` (none: nothing to key it by). */
export function rememberIdlessCall(state: ResponsesStreamState, callId: string | undefined, tool: ToolItem): void {
  if (callId === undefined) return;
  (state.response.idlessCalls ??= new Map()).set(callId, tool);
}

/** The id-less call item of this response whose `call_id` is `value`, while it is still open. */
export function openIdlessCall(state: ResponsesStreamState, value: unknown): ToolItem | undefined {
  const callId = asNonEmptyString(value);
  const tool = callId === undefined ? undefined : state.response.idlessCalls?.get(callId);
  return tool !== undefined && state.items.get(tool.itemId) === tool ? tool : undefined;
}

/**
 * The id-less call item of this response a finished item without `id` names by its `call_id`
 * (open or already finished), or undefined when the finished item has an id or names no such call.
 */
export function idlessCallOf(state: ResponsesStreamState, item: Record<string, unknown>): ToolItem | undefined {
  if (asNonEmptyString(item.id) !== undefined) return undefined;
  const callId = asNonEmptyString(item.call_id);
  return callId === undefined ? undefined : state.response.idlessCalls?.get(callId);
}
