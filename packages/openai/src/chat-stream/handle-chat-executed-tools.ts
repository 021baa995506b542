import type { ContentPart } from "@agui-bridge/core/adapter";
import { closeChoiceReasoning, choiceStartMetadata, type ChatChoiceState, type ChatStreamState, type ExecutedToolState } from "./chat-stream-state.js";
import { safeJson } from "./chat-tool-call-fields.js";
import { asArray, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "../narrow.js";

/** The call name when an entry names neither a `name` nor a `type`. */
const UNNAMED_TOOL = "executed_tool";

/**
 * `delta.executed_tools[]`: the tools GroqCloud ran on its side (Compound systems `groq/compound`,
 * `groq/compound-mini`; the built-in browser search and code execution of gpt-oss). The groq SDK's
 * `ChatCompletionChunk` types each entry as `{ index, type, arguments, output?, search_results?,
 * code_results?, browser_results? }` (groq-python `types/chat/chat_completion_message.py`
 * `ExecutedTool`, reused by the chunk's `ChoiceDelta`), `arguments` the tool's input as JSON text.
 *
 * Each `index` of a choice becomes one provider-executed call (`providerExecuted: true`, never
 * pending; name = the entry's `name`, else its `type`; `providerToolType` = its `type`), child of
 * the turn's assistant message. Its arguments are written as they come: a later entry for the same
 * index (Groq announces a tool, then sends it again with its output) writes only what extends the
 * text already written, so a repeated copy adds nothing and a fragment is appended byte for byte.
 * The first entry carrying a result (`output`, `search_results` holding any, `code_results`,
 * `browser_results`; not the empty `search_results: { results: [] }` an announcement carries) closes the call with a TOOL_CALL_RESULT: the JSON of those fields, each
 * `code_results[].png` (base64 PNG) moved out of it into an image part after it. Entries for an
 * index whose result was written (the list repeated on a later chunk) are ignored; a call still
 * without a result when the choice ends is closed without one.
 */
export function handleChatExecutedTools(state: ChatStreamState, choice: ChatChoiceState, entries: unknown): void {
  const list = asArray(entries);
  if (list === undefined) return;
  for (let position = 0; position < list.length; position++) handleEntry(state, choice, list[position], position);
}

function handleEntry(state: ChatStreamState, choice: ChatChoiceState, raw: unknown, position: number): void {
  const entry = asRecord(raw);
  if (entry === undefined) return;
  const { run } = state;
  const index = asNumber(entry.index) ?? position;
  let tool = choice.executedTools.get(index);
  if (tool?.resulted === true) return;
  if (tool === undefined) {
    closeChoiceReasoning(state, choice);
    const toolType = asNonEmptyString(entry.type) ?? asNonEmptyString(entry.name) ?? UNNAMED_TOOL;
    const toolCallId = run.startToolCall({
      toolCallName: asNonEmptyString(entry.name) ?? toolType,
      parentMessageId: choice.assistantId,
      providerExecuted: true,
      metadata: { providerToolType: toolType, ...choiceStartMetadata(choice) },
    });
    tool = { toolCallId, toolType, args: "", resulted: false };
    choice.executedTools.set(index, tool);
  }
  writeArguments(state, tool, entry.arguments);
  const content = resultContent(entry);
  if (content === undefined) return;
  tool.resulted = true;
  run.toolCallResult({ toolCallId: tool.toolCallId, content, metadata: { providerExecuted: true, providerToolType: tool.toolType } });
}

/** Writes what `value` adds to the call's argument text (a repeated whole copy adds nothing). */
function writeArguments(state: ChatStreamState, tool: ExecutedToolState, value: unknown): void {
  const text = typeof value === "string" ? value : isRecord(value) || Array.isArray(value) ? safeJson(value) : undefined;
  if (text === undefined || text === "" || !state.run.isToolCallOpen(tool.toolCallId)) return;
  const added = text.startsWith(tool.args) ? text.slice(tool.args.length) : text;
  if (added === "") return;
  tool.args += added;
  state.run.toolCallArgs(tool.toolCallId, added);
}

/** The TOOL_CALL_RESULT content of an entry that carries a result, else `undefined`. */
function resultContent(entry: Record<string, unknown>): string | ContentPart[] | undefined {
  const result: Record<string, unknown> = {};
  const output = asNonEmptyString(entry.output);
  if (output !== undefined) result.output = output;
  if (isRecord(entry.search_results) && holdsSomething(entry.search_results)) result.search_results = entry.search_results;
  const images: ContentPart[] = [];
  const codeResults = asArray(entry.code_results);
  if (codeResults !== undefined && codeResults.length > 0) result.code_results = codeResults.map((item) => withoutPng(item, images));
  const browserResults = asArray(entry.browser_results);
  if (browserResults !== undefined && browserResults.length > 0) result.browser_results = browserResults;
  if (Object.keys(result).length === 0) return undefined;
  const text = safeJson(result) ?? (output !== undefined ? JSON.stringify({ output }) : "{}");
  return images.length === 0 ? text : [{ type: "text", text }, ...images];
}

/**
 * Whether `search_results` holds a result: Groq announces a search with the placeholder
 * `{ results: [] }` and sends the real results (and `output`) in a later copy of the entry.
 */
function holdsSomething(record: Record<string, unknown>): boolean {
  for (const value of Object.values(record)) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value) ? value.length > 0 : !isRecord(value) || Object.keys(value).length > 0) return true;
  }
  return false;
}

/** A `code_results[]` item without its `png`, which goes to `images` as an image part. */
function withoutPng(item: unknown, images: ContentPart[]): unknown {
  const record = asRecord(item);
  const png = asString(record?.png);
  if (record === undefined || png === undefined || png === "") return item;
  images.push({ type: "image", source: { type: "data", value: png, mimeType: "image/png" } } as ContentPart);
  const { png: _png, ...rest } = record;
  return rest;
}
