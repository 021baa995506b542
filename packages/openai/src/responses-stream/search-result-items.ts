import { asArray, asString, isRecord } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * Perplexity's Agent API (its Responses format, the successor of Sonar Chat Completions) lists the
 * sources of its built-in web search as output items of their own, without an `id`:
 * `{ type: "search_results", results: [{ id, url, title, snippet, date, … }], queries? }` (the text
 * cites them as `[1]`, `[2]` by `id`) and `{ type: "fetch_url_results", contents: [{ url, title,
 * snippet }] }` (Perplexity's SDK `OutputItem`; its streaming-citations guide). Item type → the
 * field holding its entries and the terminal metadata key they are listed under.
 */
const SOURCE_ITEMS: Readonly<Record<string, { field: string; key: string }>> = {
  search_results: { field: "results", key: "searchResults" },
  fetch_url_results: { field: "contents", key: "fetchUrlResults" },
};

/** Whether an output item is one of those source lists (mapped here, not as an unknown item). */
export function isSourceItem(item: Record<string, unknown>): boolean {
  return Object.hasOwn(SOURCE_ITEMS, asString(item.type) ?? "");
}

/**
 * Records a source list item (`output_item.added` or `.done`: the later copy of the same output
 * position replaces the earlier) and sets the run's terminal metadata `searchResults` /
 * `fetchUrlResults`: every entry of the run's items of that type, in output order, entries as
 * sent (objects only), so they reach whatever event ends the run.
 */
export function recordSourceItem(state: ResponsesStreamState, item: Record<string, unknown>, outputIndex: number | undefined): void {
  const type = asString(item.type) ?? "";
  const spec = SOURCE_ITEMS[type];
  if (spec === undefined) return;
  const entries = asArray(item[spec.field])?.filter(isRecord);
  if (entries === undefined) return;
  const lists = (state.sourceItems ??= new Map());
  const byPosition = lists.get(spec.key) ?? new Map<string, Record<string, unknown>[]>();
  lists.set(spec.key, byPosition);
  // Keyed by response and output index: a later response's item at the same index is another list.
  byPosition.set(`${state.responseCount}:${outputIndex ?? `n${byPosition.size}`}`, entries);
  state.run.setTerminalMetadata({ [spec.key]: [...byPosition.values()].flat() });
}
