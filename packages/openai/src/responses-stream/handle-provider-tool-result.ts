import { readBridgeMetadata, type BridgeMetadata, type ContentPart } from "@agui-bridge/core/adapter";
import { RESULT_FIELDS, stringifyWith, webSearchSourcesJson } from "./classify-output-item.js";
import { filesOfToolItem } from "./file-handle-parts.js";
import { providerLabel } from "../provider-label.js";
import { asNonEmptyString, asString } from "../narrow.js";
import { addItemPosition, type ResponsesStreamState, type ToolItem } from "./responses-stream-state.js";

/**
 * TOOL_CALL_RESULT for a provider-run tool whose item carries its output (web search sources,
 * file search results, code interpreter outputs, MCP output/error, listed MCP tools): the
 * result fields as JSON text. A generated image becomes an image content part with a DataSource.
 * When the item names files (code interpreter `files` / `image` outputs, file search results),
 * the content is the JSON text as a text part followed by one part per file (see
 * {@link filesOfToolItem}): a handle as a FileSource `{ provider: "openai" }`.
 */
export function emitProviderToolResult(state: ResponsesStreamState, tool: ToolItem, done: Record<string, unknown>, sourcesJson?: string): void {
  const content = providerResultContent(done, providerLabel(state.options), sourcesJson);
  tool.resulted = true;
  const metadata: BridgeMetadata = { providerExecuted: true, providerToolType: tool.itemType };
  if (tool.idMadeUp !== true) metadata.itemId = tool.itemId;
  state.run.toolCallResult({ toolCallId: tool.toolCallId, content, metadata });
}

/** The call item type each separate output item answers. */
const CALL_TYPE_OF_OUTPUT: Record<string, string> = {
  shell_call_output: "shell_call",
  tool_search_output: "tool_search_call",
  program_output: "program",
};

/**
 * TOOL_CALL_RESULT from a separate output item (`shell_call_output`, `tool_search_output`,
 * `program_output`) for the call it names by `call_id` (without one, the earliest provider-run
 * call of the matching type still without a result). An output for a call this run never saw is
 * dropped with a warning.
 */
export function emitSeparateOutput(state: ResponsesStreamState, done: Record<string, unknown>, outputIndex?: number): void {
  const callId = asNonEmptyString(done.call_id);
  const itemType = asString(done.type) ?? "";
  const toolCallId =
    callId === undefined
      ? awaitingCall(state, CALL_TYPE_OF_OUTPUT[itemType])?.toolCallId
      : (state.callIds.get(callId) ?? adoptEarlierCall(state, callId, CALL_TYPE_OF_OUTPUT[itemType]));
  for (const item of state.items.values()) if (item.kind === "tool" && item.toolCallId === toolCallId) item.resulted = true;
  if (toolCallId === undefined || !state.run.hasToolCall(toolCallId)) {
    state.options.onWarning?.({
      code: "stream.orphan-tool-output",
      message: `A ${itemType} item names a call this run did not start; it was dropped`,
      details: { itemType, ...(callId !== undefined && { callId }) },
    });
    return;
  }
  const content = providerResultContent(done, providerLabel(state.options));
  const metadata: BridgeMetadata = { providerExecuted: true, providerToolType: itemType };
  const itemId = asNonEmptyString(done.id);
  if (itemId !== undefined) metadata.itemId = itemId;
  state.run.toolCallResult({ toolCallId, content, metadata: addItemPosition(metadata, state, outputIndex) });
}

/**
 * Whether a separate output item (`shell_call_output`, …) answers a provider-run call of this run
 * that still awaits its result: the item streamed, but its `output_item.done` never came.
 */
export function isAwaitedOutput(state: ResponsesStreamState, item: Record<string, unknown>): boolean {
  const callType = CALL_TYPE_OF_OUTPUT[asString(item.type) ?? ""];
  if (callType === undefined) return false;
  const callId = asNonEmptyString(item.call_id);
  if (callId === undefined) return awaitingCall(state, callType) !== undefined;
  const toolCallId = state.callIds.get(callId);
  if (toolCallId === undefined) return false;
  for (const tracked of state.items.values()) if (tracked.kind === "tool" && tracked.toolCallId === toolCallId) return tracked.resulted !== true;
  return false;
}

/**
 * A separate output for a provider-run call of an earlier turn (a `program_output` arrives in a
 * later response than its `program`, after the application answered the calls the program made):
 * the call is in `input.messages` (same id, same item type, provider-run, still without a result),
 * so the run adopts it and the result lands on it. `undefined` when the history has no such call.
 */
function adoptEarlierCall(state: ResponsesStreamState, callId: string, callType: string | undefined): string | undefined {
  if (callType === undefined || !state.run.isToolCallIdTaken(callId) || state.run.hasToolCall(callId)) return undefined;
  const messages = state.options.input?.messages ?? [];
  const answered = messages.some((message) => message.role === "tool" && message.toolCallId === callId);
  const call = messages.flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : [])).find((candidate) => candidate.id === callId);
  const fields = readBridgeMetadata(call?.metadata);
  if (answered || fields?.providerExecuted !== true || fields.itemType !== callType) return undefined;
  state.run.adoptToolCall(callId);
  return callId;
}

/** `sourcesJson`: a web search call's {@link webSearchSourcesJson}, when the caller made it already. */
function providerResultContent(done: Record<string, unknown>, provider: string, sourcesJson = webSearchSourcesJson(done)): string | ContentPart[] {
  const type = asString(done.type);
  const image = asNonEmptyString(done.result);
  if (type === "image_generation_call" && image !== undefined) {
    return [{ type: "image", source: { type: "data", value: image, mimeType: imageMediaType(asNonEmptyString(done.output_format)) } }];
  }
  const result: Record<string, unknown> = {};
  for (const key in done) {
    const value = done[key];
    if (Object.hasOwn(done, key) && RESULT_FIELDS.has(key) && value !== null && value !== undefined) result[key] = value;
  }
  // A web search call's sources go last, as the JSON made for them.
  if (sourcesJson !== undefined) result.sources = sourcesJson;
  const text = sourcesJson === undefined ? JSON.stringify(result) : stringifyWith(result, "sources", sourcesJson);
  const files = filesOfToolItem(done, provider);
  return files.length === 0 ? text : [{ type: "text", text }, ...files];
}

/**
 * The media type of an image generation call's `output_format` (`png`, `webp`, `jpeg`, `gif`,
 * `svg`: openai-node 7.60 `ImageGenerationCall.output_format`; `png` when absent, the tool's
 * default). `svg` is `image/svg+xml` (its IANA name; `image/svg` names nothing); the others are
 * `image/<format>`.
 */
function imageMediaType(format: string | undefined): string {
  if (format === undefined) return "image/png";
  return format.toLowerCase() === "svg" ? "image/svg+xml" : `image/${format}`;
}

function awaitingCall(state: ResponsesStreamState, callType: string | undefined): ToolItem | undefined {
  for (const item of state.items.values()) {
    if (item.kind === "tool" && item.providerExecuted && item.itemType === callType && item.resulted !== true) return item;
  }
  return undefined;
}
