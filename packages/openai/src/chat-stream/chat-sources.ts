import type { ChatStreamState } from "./chat-stream-state.js";
import { asArray, isRecord } from "../narrow.js";

/**
 * Chunk-level sources, the latest of each kind kept for the text's END: Perplexity repeats the
 * completion's `citations` / `search_results` on its chunks; Zhipu GLM / Z.ai (the `web_search`
 * tool with `search_result: true`) sends its search results as a top-level `web_search` array
 * (`{ title, link, content, media, icon, refer, publish_date }`, `refer` being the `ref_N` the text
 * cites), as on its non-streamed completion.
 */
export function trackCitations(state: ChatStreamState, chunk: Record<string, unknown>): void {
  const citations = asArray(chunk.citations);
  const searchResults = asArray(chunk.search_results);
  const webSearch = asArray(chunk.web_search);
  if (citations === undefined && searchResults === undefined && webSearch === undefined) return;
  state.citations = {
    ...state.citations,
    ...(citations !== undefined && { citations: citations.filter((c) => typeof c === "string" || isRecord(c)) }),
    ...(searchResults !== undefined && { searchResults: searchResults.filter(isRecord) }),
    ...(webSearch !== undefined && { webSearch: webSearch.filter(isRecord) }),
  };
}

/**
 * The sources of the current completion that no text message took (it streamed none: a
 * Perplexity reasoning model whose `max_tokens` ran out inside its `<think>` section, a run cut
 * short before the answer) are kept for the terminal event, RUN_FINISHED or RUN_ERROR: metadata
 * `sources`, one entry per such completion (`{ callId, citations?, searchResults?, webSearch? }`,
 * `callId` being the completion id, as for `costs`). Read when the completion ends (a new one
 * starts, the stream ends or fails); a completion's entry is kept once.
 */
export function keepUnplacedSources(state: ChatStreamState): void {
  const sources = state.citations;
  if (sources === undefined || state.citationsCarried) return;
  state.citationsCarried = true;
  state.unplacedSources.push({ callId: state.completionId ?? "chat-completion", ...sources });
  state.run.setTerminalMetadata({ sources: [...state.unplacedSources] });
}
