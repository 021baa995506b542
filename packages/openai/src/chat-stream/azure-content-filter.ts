import type { FinishInfo } from "@agui-bridge/core/adapter";
import { asArray, asRecord, isRecord } from "../narrow.js";

/** Content filter results by category (`hate`, `violence`, `jailbreak`, `protected_material_code`, …), each entry as sent. */
export type ContentFilterResults = Map<string, Record<string, unknown>>;

/**
 * Azure OpenAI's content filter, as it reaches a Chat Completions stream: every choice carries
 * `content_filter_results` (`{ hate: { filtered, severity }, violence: …, jailbreak: { filtered,
 * detected }, protected_material_code: { filtered, detected, citation: { URL, license } }, … }`) for
 * the stretch of output it checked, on the text's chunks or on annotation chunks of their own (the
 * asynchronous filter's, which may come after the finish). They are collected per choice index,
 * the latest entry of a category kept, except that a flagged entry (`filtered` or `detected` true)
 * is not replaced by a later unflagged one: what was found in one stretch stays found.
 */
export function collectContentFilterResults(byChoice: Map<number, ContentFilterResults>, index: number, value: unknown): void {
  const results = asRecord(value);
  if (results === undefined) return;
  for (const [category, raw] of Object.entries(results)) {
    if (!isRecord(raw) || category === "__proto__") continue;
    let into = byChoice.get(index);
    if (into === undefined) byChoice.set(index, (into = new Map()));
    const seen = into.get(category);
    if (seen !== undefined && isFlagged(seen) && !isFlagged(raw)) continue;
    into.set(category, raw);
  }
}

/**
 * The finish with the choice's content filter results as `finishDetails.contentFilter`
 * (`{ filtered: ["violence"], detected?: ["protected_material_code"], results: {…} }`): always for a
 * completion the filter stopped (`finish_reason: "content_filter"`), otherwise when a category was
 * flagged, so the annotations Azure documents for filters set to annotate only ("returns
 * information when content is flagged, but not filtered": a prompt attack detected, protected
 * material found with the citation and license of the repository it matches) are not lost.
 * Unflagged severities of an ordinary finish add nothing.
 */
export function withContentFilterDetails(finish: FinishInfo, results: ContentFilterResults | undefined): FinishInfo {
  const summary = summarize(results);
  if (summary === undefined || (finish.reason !== "content-filter" && summary.filtered.length === 0 && summary.detected.length === 0)) return finish;
  const contentFilter = { filtered: summary.filtered, ...(summary.detected.length > 0 && { detected: summary.detected }), results: summary.results };
  return { ...finish, details: { ...finish.details, contentFilter } };
}

/**
 * The request's `prompt_filter_results` (Azure's preamble chunk, `[{ prompt_index,
 * content_filter_results }]`) when some category of some prompt was flagged (a prompt that is
 * filtered is refused with HTTP 400 instead, so these are annotations): `{ filtered, detected,
 * results }` with `results` the entries as sent; undefined otherwise.
 */
export function promptFilterDetails(value: unknown): Record<string, unknown> | undefined {
  // Read on every chunk, present on Azure's preamble only: nothing is built when it is absent.
  const list = asArray(value);
  if (list === undefined || list.length === 0) return undefined;
  const entries = list.filter(isRecord);
  const merged: ContentFilterResults = new Map();
  for (const entry of entries) {
    for (const [category, raw] of Object.entries(asRecord(entry.content_filter_results) ?? {})) if (isRecord(raw) && isFlagged(raw)) merged.set(category, raw);
  }
  const summary = summarize(merged);
  if (summary === undefined) return undefined;
  return { filtered: summary.filtered, detected: summary.detected, results: entries };
}

function summarize(results: ContentFilterResults | undefined): { filtered: string[]; detected: string[]; results: Record<string, unknown> } | undefined {
  if (results === undefined || results.size === 0) return undefined;
  const filtered: string[] = [];
  const detected: string[] = [];
  for (const [category, entry] of results) {
    if (entry.filtered === true) filtered.push(category);
    if (entry.detected === true) detected.push(category);
  }
  return { filtered, detected, results: Object.fromEntries(results) };
}

function isFlagged(entry: Record<string, unknown>): boolean {
  return entry.filtered === true || entry.detected === true;
}
