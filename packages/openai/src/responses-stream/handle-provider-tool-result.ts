import { readBridgeMetadata, type BridgeMetadata, type ContentPart, STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { APPLICATION_OUTPUTS, applicationOutputContent, applicationOutputMetadata, CALL_TYPE_OF_OUTPUT, outputCallKey } from "./call-output-items.js";
import { RESULT_FIELDS, stringifyWith, webSearchSourcesJson } from "./classify-output-item.js";
import { filesOfToolItem } from "./file-handle-parts.js";
import { svgUsageOf } from "./svg-usage.js";
import { providerLabel } from "../provider-label.js";
import { asNonEmptyString, asString } from "../narrow.js";
import { addItemPosition, type ResponsesStreamState, type ToolItem } from "./responses-stream-state.js";

/**
 * TOOL_CALL_RESULT for a provider-run tool whose item carries its output (web search sources,
 * file search results, code interpreter outputs, MCP output/error, listed MCP tools): the
 * result fields as JSON text. A generated image becomes an image content part with a DataSource.
 * When the item names files (code interpreter `files` / `image` outputs, file search results),
 * the content is the JSON text as a text part followed by one part per file (see
 * {@link filesOfToolItem}): a handle as a FileSource `{ provider: "openai" }`. An image generation
 * call's `svg_usage` goes to the result's metadata as `svgUsage` ({@link svgUsageOf}), its status
 * other than `completed` as `itemStatus`.
 */
export function emitProviderToolResult(state: ResponsesStreamState, tool: ToolItem, done: Record<string, unknown>, sourcesJson?: string): void {
  const content = providerResultContent(done, providerLabel(state.options), sourcesJson);
  tool.resulted = true;
  const metadata: BridgeMetadata = { providerExecuted: true, providerToolType: tool.itemType };
  if (tool.idMadeUp !== true) metadata.itemId = tool.itemId;
  // An SVG's own usage (the model that wrote it): on the result, not in the run's TokenUsage (svg-usage.ts).
  const svgUsage = svgUsageOf(done);
  if (svgUsage !== undefined) metadata.svgUsage = svgUsage;
  // A generated image's result is the image alone: its item's status goes beside it when it is not
  // the usual `completed` (Azure OpenAI finishes an image generation call at `generating`).
  const status = asNonEmptyString(done.status);
  if (typeof content !== "string" && done.type === "image_generation_call" && status !== undefined && status !== "completed") metadata.itemStatus = status;
  state.run.toolCallResult({ toolCallId: tool.toolCallId, content, metadata });
}

/**
 * TOOL_CALL_RESULT from a separate output item (see {@link CALL_TYPE_OF_OUTPUT}) for the call it
 * names ({@link outputCallKey}; without one, the earliest provider-run call of the matching type
 * still without a result). An output of a provider-run call is marked `providerExecuted`; one the
 * server gave for an application call (`function_call_output`, `computer_call_output`, …) carries
 * the content the application's own answer would ({@link applicationOutputContent}) and the item's
 * other fields ({@link applicationOutputMetadata}), so the request side sends it back as it came.
 * An output for a call this run never saw (nor an unanswered call of `input.messages`) is dropped
 * with a warning.
 */
export function emitSeparateOutput(state: ResponsesStreamState, done: Record<string, unknown>, outputIndex?: number): void {
  const callId = outputCallKey(done);
  const itemType = asString(done.type) ?? "";
  const callType = CALL_TYPE_OF_OUTPUT[itemType];
  const forApplication = APPLICATION_OUTPUTS.has(itemType);
  const awaiting = forApplication ? undefined : awaitingCall(state, callType)?.toolCallId;
  const toolCallId = callId === undefined ? awaiting : (state.callIds.get(callId) ?? adoptEarlierCall(state, callId, callType, !forApplication));
  // The same output again (a repeated `output_item.done`): the call has its result.
  if (forApplication && toolCallId !== undefined && state.answeredByOutput?.has(toolCallId) === true) return;
  for (const item of state.items.values()) if (item.kind === "tool" && item.toolCallId === toolCallId) item.resulted = true;
  if (toolCallId === undefined || !state.run.hasToolCall(toolCallId)) {
    state.options.onWarning?.({
      code: STREAM_WARNINGS.orphanToolResult,
      message: `A ${itemType} item names a call this run did not start; it was dropped`,
      details: { type: itemType, toolCallId: callId ?? null },
    });
    return;
  }
  const provider = providerLabel(state.options);
  const content = applicationOutputContent(done, provider) ?? providerResultContent(done, provider);
  const metadata: BridgeMetadata = forApplication ? applicationOutputMetadata(done) : { providerExecuted: true, providerToolType: itemType };
  const itemId = asNonEmptyString(done.id);
  if (!forApplication && itemId !== undefined) metadata.itemId = itemId;
  if (forApplication) {
    (state.answeredByOutput ??= new Set()).add(toolCallId);
    // Answered within the response: not a call the response hands the application.
    state.response.applicationCalls.delete(toolCallId);
  }
  state.run.toolCallResult({ toolCallId, content, metadata: addItemPosition(metadata, state, outputIndex) });
}

/**
 * Whether a separate output item (`shell_call_output`, …) answers a provider-run call of this run
 * that still awaits its result: the item streamed, but its `output_item.done` never came.
 */
export function isAwaitedOutput(state: ResponsesStreamState, item: Record<string, unknown>): boolean {
  const type = asString(item.type) ?? "";
  const callType = CALL_TYPE_OF_OUTPUT[type];
  if (callType === undefined) return false;
  const callId = outputCallKey(item);
  if (callId === undefined) return !APPLICATION_OUTPUTS.has(type) && awaitingCall(state, callType) !== undefined;
  const toolCallId = state.callIds.get(callId);
  if (toolCallId === undefined) return false;
  if (APPLICATION_OUTPUTS.has(type)) return state.answeredByOutput?.has(toolCallId) !== true;
  for (const tracked of state.items.values()) if (tracked.kind === "tool" && tracked.toolCallId === toolCallId) return tracked.resulted !== true;
  return false;
}

/**
 * A separate output for a call of an earlier turn (a `program_output` arrives in a later response
 * than its `program`, after the application answered the calls the program made; a server may
 * answer an application call of an earlier turn): the call is in `input.messages` (same id, same
 * item type, provider-run as `providerRun` says, still without a result), so the run adopts it and
 * the result lands on it. `undefined` when the history has no such call.
 */
function adoptEarlierCall(state: ResponsesStreamState, callId: string, callType: string | undefined, providerRun: boolean): string | undefined {
  if (callType === undefined || !state.run.isToolCallIdTaken(callId) || state.run.hasToolCall(callId)) return undefined;
  const messages = state.options.input?.messages ?? [];
  const answered = messages.some((message) => message.role === "tool" && message.toolCallId === callId);
  const call = messages.flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : [])).find((candidate) => candidate.id === callId);
  const fields = readBridgeMetadata(call?.metadata);
  if (answered || (fields?.providerExecuted === true) !== providerRun || fields?.itemType !== callType) return undefined;
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
