import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { PlacedItem } from "./output-order.js";
import { APPLICATION_OUTPUTS } from "../responses-stream/call-output-items.js";

type Rec = Record<string, unknown>;

/**
 * Ids of output items whose reasoning may be missing from the input are dropped.
 *
 * An item sent back with its id is checked against the reasoning it was generated after: a
 * `function_call` or `message` that followed a reasoning item is rejected without it ("Item
 * 'fc_…' of type 'function_call' was provided without its required 'reasoning' item: 'rs_…'").
 * That reasoning is missing when the application left reasoning messages out of the history, or
 * when it could not be sent (another platform's, or without encrypted content under
 * `store: false`). Walking back from an item through the earlier output positions of its
 * response, the nearest sent reasoning item satisfies it; an output position that was not sent
 * before reaching one may have been that reasoning, so the function calls, custom tool calls and
 * messages after it go back without their ids (the API takes them as new input items): a function
 * call keeps `call_id`, name and arguments, a message becomes an assistant message with its text
 * and `phase`. Items that can only be sent with their id (provider-run calls, reasoning) are left
 * as they are.
 */
export function dropIdsAfterGaps(placed: readonly PlacedItem[], kept: readonly ResponseInputItem[]): ResponseInputItem[] {
  const sent = new Set(kept);
  /** responseId → output index → whether the item sent there is reasoning. */
  const covered = new Map<string, Map<number, boolean>>();
  for (const { item, position } of placed) {
    if (position === undefined || !sent.has(item)) continue;
    const indexes = covered.get(position.responseId) ?? new Map<number, boolean>();
    // A separate provider output is placed half a step after its call: it stands for the next index.
    indexes.set(Math.ceil(position.index), (item as unknown as Rec).type === "reasoning");
    covered.set(position.responseId, indexes);
  }
  const positions = new Map(placed.map(({ item, position }) => [item, position]));
  return kept.map((item) => {
    const position = positions.get(item);
    if (position === undefined || !Number.isInteger(position.index)) return item;
    const indexes = covered.get(position.responseId);
    for (let index = position.index - 1; index >= 0; index--) {
      const reasoning = indexes?.get(index);
      if (reasoning === undefined) return withoutId(item);
      if (reasoning) break;
    }
    return item;
  });
}

/**
 * Output items whose `id` the input form leaves optional (they are matched to their call by
 * `call_id`): the outputs of application-run calls, the same list the stream side maps.
 */
const OUTPUTS_WITH_OPTIONAL_ID: ReadonlySet<string> = APPLICATION_OUTPUTS;

/**
 * The item without its id, when its type can go without one: a function or custom tool call keeps
 * `call_id`, name and arguments, a call's output item (`function_call_output`, …,
 * `mcp_approval_response`) everything else, an output message becomes an assistant message
 * (text, `phase`). Any other item is returned as it is.
 */
export function withoutId(item: ResponseInputItem): ResponseInputItem {
  const record = item as unknown as Rec;
  if (typeof record.id !== "string") return item;
  if (record.type === "function_call" || record.type === "custom_tool_call" || OUTPUTS_WITH_OPTIONAL_ID.has(record.type as string)) {
    const { id: _id, ...rest } = record;
    return rest as unknown as ResponseInputItem;
  }
  if (record.type === "message" && record.role === "assistant") {
    const parts = Array.isArray(record.content) ? (record.content as Rec[]) : [];
    const text = parts.map((part) => (typeof part.text === "string" ? part.text : typeof part.refusal === "string" ? part.refusal : "")).join("");
    return { role: "assistant", content: text, ...(typeof record.phase === "string" && { phase: record.phase }) } as unknown as ResponseInputItem;
  }
  return item;
}
