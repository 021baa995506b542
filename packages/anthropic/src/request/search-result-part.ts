import { asNonEmptyString, type ContentPart } from "@agui-bridge/core/adapter";
import type { MessageParam, SearchResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { isBlank } from "./blank-text.js";
import { citationsEnabled, partMetadataReader } from "./part-metadata.js";
import type { WarningSink } from "./request-warnings.js";

type TextPart = Extract<ContentPart, { type: "text" }>;

/**
 * A text part that is a search hit, as a `search_result` block. AG-UI has no search-result part:
 * a text search hit carries its `source` and `title` in the part's `metadata` (the AG-UI 1.0
 * TextPart notes). A text part whose metadata (or its `agui-bridge` key) names a non-empty
 * `source` becomes `{ type: "search_result", source, title, content: [{ type: "text", text }] }`
 * (`title` defaults to the source: the API requires one), with `citations: { enabled }` when the
 * metadata asks (`citations: true` or `{ enabled }`; the API's default is off), so Claude can cite
 * it (`search_result_location`) as it cites web search results. Anything else (no source, blank
 * text) is no search hit: undefined, and the part stays a text block.
 */
export function searchResultBlock(part: TextPart): SearchResultBlockParam | undefined {
  const read = partMetadataReader(part);
  const source = asNonEmptyString(read("source"));
  if (source === undefined || isBlank(part.text)) return undefined;
  const enabled = citationsEnabled(read("citations"));
  return {
    type: "search_result",
    source,
    title: asNonEmptyString(read("title")) ?? source,
    content: [{ type: "text", text: part.text }],
    ...(enabled !== undefined && { citations: { enabled } }),
  };
}

/**
 * The API takes search results only when their citations are all on or all off in a request
 * (Anthropic's search results guide: citations are all-or-nothing). When the request's search
 * results disagree, every one gets `citations: { enabled: true }` (a result cited that need not be
 * is harmless; a 400 is not), warning `request.search-result-citations-unified`. Blocks in user
 * turns and in `tool_result` content alike; edits the turns in place.
 */
export function unifySearchResultCitations(turns: MessageParam[], sink: WarningSink): void {
  const results: SearchResultBlockParam[] = [];
  for (const turn of turns) {
    if (turn.role !== "user" || !Array.isArray(turn.content)) continue;
    for (const block of turn.content) {
      if (block.type === "search_result") results.push(block);
      else if (block.type === "tool_result" && Array.isArray(block.content)) {
        for (const inner of block.content) if (inner.type === "search_result") results.push(inner);
      }
    }
  }
  const enabled = results.filter((result) => result.citations?.enabled === true).length;
  if (enabled === 0 || enabled === results.length) return;
  for (const result of results) result.citations = { enabled: true };
  sink.warn(
    "request.search-result-citations-unified",
    `${results.length - enabled} of the request's ${results.length} search results had citations off while others had them on; the API takes them all on or all off, so all are sent with citations on`,
    { enabledBefore: enabled, total: results.length },
  );
}
