import type { FinishInfo } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";

/**
 * Azure OpenAI's content filter, as it reaches a Chat Completions stream: every choice carries
 * `content_filter_results` (`{ hate: { filtered, severity }, violence: …, jailbreak: { filtered,
 * detected }, … }`), and a completion the filter stopped ends with `finish_reason:
 * "content_filter"`. For that finish, the categories that were filtered are kept as
 * `finishDetails.contentFilter` (`{ filtered: ["violence"], results: {…} }`, the results narrowed
 * to their boolean and string fields), so the application can say why the text stopped. Other
 * finishes are returned unchanged.
 */
export function withContentFilterDetails(finish: FinishInfo, choice: Record<string, unknown>): FinishInfo {
  if (finish.reason !== "content-filter") return finish;
  const results = asRecord(choice.content_filter_results);
  if (results === undefined) return finish;
  const kept: Record<string, Record<string, string | boolean>> = {};
  const filtered: string[] = [];
  for (const [category, value] of Object.entries(results)) {
    const entry = asRecord(value);
    if (entry === undefined) continue;
    const fields: Record<string, string | boolean> = {};
    for (const [name, field] of Object.entries(entry)) if (typeof field === "string" || typeof field === "boolean") fields[name] = field;
    kept[category] = fields;
    if (fields.filtered === true) filtered.push(category);
  }
  return { ...finish, details: { ...finish.details, contentFilter: { filtered, results: kept } } };
}
