import type { ContentPart } from "@agui-bridge/core/adapter";
import type { BrowserStateBlockParam, BrowserStateChange, BrowserStateTabEntry, ToolReferenceBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { asArray, asNonEmptyString, asRecord, type JsonRecord } from "../narrow.js";
import { partMetadataReader } from "./part-metadata.js";
import type { WarningSink } from "./request-warnings.js";

type TextPart = Extract<ContentPart, { type: "text" }>;

/** A block only a `tool_result`'s content may hold (`ToolResultBlockParam.content`). */
export type ToolResultOnlyBlock = ToolReferenceBlockParam | BrowserStateBlockParam;

/** What decides whether a tool result may hold a `browser_state` block. */
export interface ToolResultScope {
  /** The tool message has an `error` (`is_error: true`). */
  isError: boolean;
  /** The `toolset_name` its call goes with (see `toolsetNameOf`), when it is a toolset member's. */
  toolsetName: string | undefined;
}

/** The toolset family whose member results carry a `browser_state` block. */
const BROWSER = "browser";

/**
 * Reads the blocks AG-UI has no part for that a `tool_result` may hold, from a text part of a tool
 * message whose `metadata` (or its `agui-bridge` key) carries them, as a search hit carries its
 * `source` (search-result-part.ts); the part's text is what other providers and UIs read:
 * - `toolReference: "<tool name>"` → `{ type: "tool_reference", tool_name }` ("Tool reference
 *   block that can be included in tool_result content": a client-side tool search answering with
 *   the deferred tools to load, `ToolReferenceBlockParam` of `@anthropic-ai/sdk`);
 * - `browserState: { tabs, state_changes? }` → `{ type: "browser_state", tabs, state_changes? }`:
 *   "The caller's browser state after a browser toolset member call … At most one per
 *   `tool_result`, only on a non-error result answering a browser toolset member `tool_use`. The
 *   server renders the model-visible text from it" (`BrowserStateBlockParam`). Narrowed to the
 *   fields the SDK defines (tabs `{ tab_id, title, url, active? }`; changes `tab_opened`,
 *   `download_started`, `download_completed`, `download_failed`), whole or not at all (the
 *   inventory is "the full inventory, not a delta"); an empty `state_changes` is left out
 *   ("'Nothing to report' is expressed by omitting the field, never by an empty list"). One that
 *   does not narrow (`request.invalid-browser-state`), or that this result may not hold (an error
 *   result, a call that is not a browser toolset member, a second one:
 *   `request.browser-state-not-sent`), goes as the part's text instead.
 * Returns a reader for the parts of one tool result (it counts the `browser_state` blocks).
 */
export function toolResultPartReader(scope: ToolResultScope, sink: WarningSink, where: string): (part: TextPart) => ToolResultOnlyBlock | undefined {
  let browserStates = 0;
  return (part) => {
    const read = partMetadataReader(part);
    const toolName = asNonEmptyString(read("toolReference"));
    if (toolName !== undefined) return { type: "tool_reference", tool_name: toolName };
    const state = read("browserState");
    if (state === undefined) return undefined;
    const block = browserStateBlock(state);
    if (block === undefined) {
      sink.warn("request.invalid-browser-state", `${where}: the part's browserState is not a browser_state block (tabs of { tab_id, title, url, active? }, known state_changes); sent as its text`, {});
      return undefined;
    }
    const reason = scope.isError ? "error-result" : scope.toolsetName !== BROWSER ? "not-a-browser-member" : browserStates > 0 ? "more-than-one" : undefined;
    if (reason !== undefined) {
      sink.warn("request.browser-state-not-sent", `${where}: a browser_state block goes only on a non-error result of a browser toolset member call, at most one per result (${reason}); sent as its text`, { reason });
      return undefined;
    }
    browserStates++;
    return block;
  };
}

function browserStateBlock(value: unknown): BrowserStateBlockParam | undefined {
  const state = asRecord(value);
  const entries = asArray(state?.tabs);
  if (state === undefined || entries === undefined) return undefined;
  const tabs: BrowserStateTabEntry[] = [];
  for (const entry of entries) {
    const tab = narrowTab(entry);
    if (tab === undefined) return undefined;
    tabs.push(tab);
  }
  const listed = state.state_changes;
  if (listed === undefined || listed === null) return { type: "browser_state", tabs };
  const changes = asArray(listed);
  if (changes === undefined) return undefined;
  const stateChanges: BrowserStateChange[] = [];
  for (const entry of changes) {
    const change = narrowChange(entry);
    if (change === undefined) return undefined;
    stateChanges.push(change);
  }
  return { type: "browser_state", tabs, ...(stateChanges.length > 0 && { state_changes: stateChanges }) };
}

function narrowTab(value: unknown): BrowserStateTabEntry | undefined {
  const tab = asRecord(value);
  const id = asNonEmptyString(tab?.tab_id);
  if (tab === undefined || id === undefined || typeof tab.title !== "string" || typeof tab.url !== "string") return undefined;
  if (tab.active !== undefined && typeof tab.active !== "boolean") return undefined;
  return { tab_id: id, title: tab.title, url: tab.url, ...(typeof tab.active === "boolean" && { active: tab.active }) };
}

function narrowChange(value: unknown): BrowserStateChange | undefined {
  const change = asRecord(value);
  if (change === undefined) return undefined;
  if (change.type === "tab_opened") {
    const tabId = asNonEmptyString(change.tab_id);
    return tabId === undefined ? undefined : { type: "tab_opened", tab_id: tabId };
  }
  const download = asNonEmptyString(change.download_id);
  if (download === undefined || typeof change.url !== "string") return undefined;
  const base = { download_id: download, url: change.url };
  switch (change.type) {
    case "download_started":
      return { type: "download_started", ...base };
    case "download_completed": {
      const path = optional(change, "path", "string");
      const size = optional(change, "size_bytes", "number");
      if (path === INVALID || size === INVALID || (typeof size === "number" && !(Number.isSafeInteger(size) && size >= 0))) return undefined;
      return { type: "download_completed", ...base, ...(path !== undefined && { path }), ...(size !== undefined && { size_bytes: size }) };
    }
    case "download_failed": {
      const error = optional(change, "error", "string");
      return error === INVALID ? undefined : { type: "download_failed", ...base, ...(error !== undefined && { error }) };
    }
    default:
      return undefined;
  }
}

const INVALID = Symbol("invalid");

/** An optional, nullable field of `kind`: its value (`null` kept), `undefined` when absent, {@link INVALID} otherwise. */
function optional<K extends "string" | "number">(record: JsonRecord, key: string, kind: K): (K extends "string" ? string : number) | null | undefined | typeof INVALID {
  const value = record[key];
  if (value === undefined || value === null) return value as null | undefined;
  return typeof value === kind ? (value as K extends "string" ? string : number) : INVALID;
}
