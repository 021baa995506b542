import { IdFingerprints, type RunBuilder, type StreamMapper, STREAM_WARNINGS, withStreamWarnings } from "@agui-bridge/core/adapter";
import { classifyOutputItem, webSearchSourcesJson } from "./classify-output-item.js";
import { clientItemMetadata, isClientToolItem } from "./client-tool-items.js";
import { describeOpenAIError } from "../describe-openai-error.js";
import { ItemsById } from "./items-by-id.js";
import {
  closeMessageItem,
  handleAnnotation,
  handleContentPartAdded,
  handleMessageDelta,
  handleMessageDone,
  openMessageItem,
  outputIndexOf,
} from "./handle-message-item.js";
import { emitProviderToolResult, emitSeparateOutput, isAwaitedOutput } from "./handle-provider-tool-result.js";
import { closeCompactionItem, openCompactionItem } from "./handle-compaction-item.js";
import { closeReasoningItem, handleReasoningDelta, handleReasoningDone, openReasoningItem, sealFromFinalOutput } from "./handle-reasoning-item.js";
import {
  handleErrorEvent,
  handleResponseCreated,
  handleResponseProgress,
  handleResponseTerminal,
} from "./handle-response-lifecycle.js";
import { handleAudioEvent } from "./handle-response-audio.js";
import { handleSteerAccepted, handleSteerFailed, handleSteerPending, warnUncommittedSteering } from "./handle-steering.js";
import { handleCodeDelta, handlePatchDiffDelta, handleShellCommandDelta, handleShellCommandText } from "./handle-streamed-argument-text.js";
import { handleToolArgsDelta, handleToolArgsDone, openToolItem, writeFinalArguments } from "./handle-tool-call-item.js";
import { isCallOpen, releaseHeldWrappers, settleWrapper } from "./parallel-wrapper.js";
import { asArray, asNonEmptyString, asRecord, asString, isRecord } from "../narrow.js";
import { providerLabel } from "../provider-label.js";
import { writeFunctionCallSignature } from "./function-call-signature.js";
import { handlePerplexityProgress, PERPLEXITY_PROGRESS_EVENTS } from "./handle-perplexity-progress.js";
import { isSourceItem, recordSourceItem } from "./search-result-items.js";
import { isRenamedStreamedItem, recordFinishedContent } from "./renamed-final-items.js";
import { terminalResponseOf } from "./terminal-response.js";
import { idlessCallOf, openIdlessCall } from "./idless-call-items.js";
import { isReplayedEvent } from "./replayed-events.js";
import { itemAt, newResponseState, type ResponsesStreamOptions, type ResponsesStreamState } from "./responses-stream-state.js";

type Handler = (state: ResponsesStreamState, event: Record<string, unknown>) => void;

/** Event type → handler. Anything not listed is ignored (RAW when `emitRawEvents`). */
const HANDLERS = new Map<string, Handler>(Object.entries({
  "response.created": handleResponseCreated,
  "response.in_progress": handleResponseProgress,
  "response.queued": handleResponseProgress,
  "response.completed": (s, e) => {
    backfillOutput(s, e);
    handleResponseTerminal(s, e);
  },
  "response.incomplete": (s, e) => {
    backfillOutput(s, e);
    handleResponseTerminal(s, e);
  },
  "response.failed": handleResponseTerminal,
  error: handleErrorEvent,
  "response.steer.accepted": handleSteerAccepted,
  "response.steer.failed": handleSteerFailed,
  "response.steer.pending": handleSteerPending,
  "response.output_item.added": handleItemAdded,
  "response.output_item.done": handleItemDone,
  "response.content_part.added": handleContentPartAdded,
  "response.output_text.delta": (s, e) => handleMessageDelta(s, e, false),
  "response.output_text.done": (s, e) => handleMessageDone(s, e, false),
  "response.output_text.annotation.added": handleAnnotation,
  "response.refusal.delta": (s, e) => handleMessageDelta(s, e, true),
  "response.refusal.done": (s, e) => handleMessageDone(s, e, true),
  "response.reasoning_summary_text.delta": (s, e) => handleReasoningDelta(s, e, true),
  "response.reasoning_summary_text.done": (s, e) => handleReasoningDone(s, e, true),
  "response.reasoning_text.delta": (s, e) => handleReasoningDelta(s, e, false),
  "response.reasoning_text.done": (s, e) => handleReasoningDone(s, e, false),
  "response.function_call_arguments.delta": handleToolArgsDelta,
  "response.function_call_arguments.done": (s, e) => handleToolArgsDone(s, e, "arguments"),
  "response.custom_tool_call_input.delta": handleToolArgsDelta,
  "response.custom_tool_call_input.done": (s, e) => handleToolArgsDone(s, e, "input"),
  "response.mcp_call_arguments.delta": handleToolArgsDelta,
  "response.mcp_call_arguments.done": (s, e) => handleToolArgsDone(s, e, "arguments"),
  "response.code_interpreter_call_code.delta": handleCodeDelta,
  "response.apply_patch_call_operation_diff.delta": handlePatchDiffDelta,
  "response.shell_call_command.added": handleShellCommandText,
  "response.shell_call_command.delta": handleShellCommandDelta,
  "response.shell_call_command.done": handleShellCommandText,
  "response.audio.delta": handleAudioEvent,
  "response.audio.done": handleAudioEvent,
  "response.audio.transcript.delta": handleAudioEvent,
  "response.audio.transcript.done": handleAudioEvent,
  ...Object.fromEntries(PERPLEXITY_PROGRESS_EVENTS.map((type) => [type, handlePerplexityProgress])),
} satisfies Record<string, Handler>));

/** Event types that are modelled through the items they belong to: consumed silently. */
const SILENT = new Set([
  "response.content_part.done",
  "response.reasoning_summary_part.added",
  "response.reasoning_summary_part.done",
]);

/**
 * Maps `ResponseStreamEvent`s onto a run: a thin router handing each event type to its handler
 * (lifecycle, message, reasoning, tool call, provider-run tool). The end marker is
 * `response.completed` / `.incomplete` of the latest response; `response.failed` and `error`
 * end the run with RUN_ERROR.
 */
export function createResponsesMapper(run: RunBuilder, options: ResponsesStreamOptions = {}): StreamMapper<unknown> {
  const state: ResponsesStreamState = {
    run,
    // The caller's onWarning, guarded once for the whole stream: this mapper may be used directly
    // (no provider factory guarding it), and a handler that throws must not end the run.
    options: withStreamWarnings(options, undefined),
    response: newResponseState(options.model),
    items: new ItemsById(),
    callIds: new Map(),
    usedIds: new IdFingerprints(),
    responseCount: 0,
    endSeen: false,
  };
  // Events of one type come in runs (deltas): the last type's handler is taken again without
  // looking up the type, a fresh string in every event, which a lookup would hash whole.
  let lastType: string | undefined;
  let lastHandler: Handler | undefined;
  return {
    chunk(chunk) {
      if (!isRecord(chunk)) {
        releaseHeldWrappers(state);
        run.fail({ message: "The provider sent an event that is not a JSON object.", code: "invalid_chunk" });
        return;
      }
      const type = asString(chunk.type) ?? "";
      // An event a proxy or a resumption delivered again (`sequence_number` already handled).
      if (isReplayedEvent(state, chunk, type)) return;
      const handler = type === lastType ? lastHandler : HANDLERS.get(type);
      if (handler !== undefined) {
        // Only a handled type is remembered: it is one of the short names above.
        lastType = type;
        lastHandler = handler;
        handler(state, chunk);
      } else if (options.emitRawEvents === true && !SILENT.has(type)) run.raw(chunk, providerLabel(options));
    },
    end() {
      warnUncommittedSteering(state);
      if (state.endSeen) run.finish(state.finish === undefined ? {} : { finish: state.finish });
    },
    describeError: describeOpenAIError,
    // The response's terminal event (`response.completed` / `.incomplete`) is the end marker: a
    // failure after it does not fail the run.
    sawEnd: () => state.endSeen,
    // Before the driver ends the run itself (an abort, a broken or cut stream): a held parallel
    // wrapper goes out as the plain call it is (then closed as interrupted).
    beforeClose: () => releaseHeldWrappers(state),
  };
}

function wasSeen(state: ResponsesStreamState, item: Record<string, unknown>, outputIndex: number | undefined): boolean {
  const id = asNonEmptyString(item.id);
  return (id !== undefined && state.response.seenIds.has(id)) || (outputIndex !== undefined && state.response.seenIndexes.has(outputIndex));
}

/** Records the item's id and output index as streamed; whether either was already ({@link wasSeen} before). */
function markSeen(state: ResponsesStreamState, item: Record<string, unknown>, outputIndex: number | undefined): boolean {
  const id = asNonEmptyString(item.id);
  const idSeen = id !== undefined && !state.response.seenIds.claim(id);
  const indexSeen = outputIndex !== undefined && !state.response.seenIndexes.add(outputIndex);
  return idSeen || indexSeen;
}

/**
 * `response.completed` / `.incomplete` carry the response's whole `output`: an item that never
 * streamed (no `output_item.added` / `.done` for its id or output index: servers that send only
 * the final response) is mapped from it as if it had been added and finished, and an item still
 * open (its `output_item.done` never came) is finished from it, so its text, reasoning, encrypted
 * content and calls still reach the client, once.
 */
function backfillOutput(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const output = asArray(terminalResponseOf(event)?.output) ?? [];
  const streamedIdsKept = keepsStreamedIds(state, output);
  output.forEach((entry, outputIndex) => {
    const item = asRecord(entry);
    if (item === undefined) return;
    const done = { type: "response.output_item.done", output_index: outputIndex, item };
    const id = asNonEmptyString(item.id);
    // Ids the server kept identify the streamed items; only a server that renamed them all needs the
    // position, and one that renamed some (OpenRouter's reasoning items) the content at the position.
    const idless = idlessCallOf(state, item);
    const streamed =
      idless !== undefined ||
      (streamedIdsKept && id !== undefined ? state.response.seenIds.has(id) || isRenamedStreamedItem(state, item, outputIndex) : wasSeen(state, item, outputIndex));
    if (!streamed) {
      handleItemAdded(state, { type: "response.output_item.added", output_index: outputIndex, item });
      handleItemDone(state, done);
    } else {
      const open = idless !== undefined ? openIdlessCall(state, item.call_id) : itemAt(state, item.id, outputIndex);
      // A provider-run call kept only to await its separate output item is finished already.
      if (open !== undefined && !(open.kind === "tool" && !isCallOpen(state, open))) handleItemDone(state, done);
      // A separate output item whose `done` never came (nothing tracks it): its call's result comes from here.
      else if (open === undefined && isAwaitedOutput(state, item)) handleItemDone(state, done);
      // A reasoning item that finished without its encrypted content gets it from here.
      else if (open === undefined && item.type === "reasoning") sealFromFinalOutput(state, item);
    }
  });
}

/**
 * Whether the final output names streamed items by the ids they streamed under (some item's id
 * was seen). Then an item whose id never streamed did not stream, even at an output index a
 * streamed item used: LiteLLM's bridge streams items at indexes the final output gives to others
 * (BerriAI/litellm#41185). A server that renamed every item (GitHub Copilot rotates ids between
 * the stream and the final output) is matched by position instead.
 */
function keepsStreamedIds(state: ResponsesStreamState, output: readonly unknown[]): boolean {
  for (const entry of output) {
    const id = asNonEmptyString(asRecord(entry)?.id);
    if (id !== undefined && state.response.seenIds.has(id)) return true;
  }
  return false;
}

/** Opens the item an `output_item.added` announces; returns the id it is tracked under. */
function handleItemAdded(state: ResponsesStreamState, event: Record<string, unknown>): string | undefined {
  const item = asRecord(event.item);
  if (item === undefined) return undefined;
  const outputIndex = outputIndexOf(event);
  if (isSourceItem(item)) {
    recordSourceItem(state, item, outputIndex);
    return undefined;
  }
  markSeen(state, item, outputIndex);
  // An item the server streamed without an id is tracked under one made up here; that id is ours,
  // so it is never recorded as the item's `itemId` (the request side would send it back).
  const sentId = asNonEmptyString(item.id);
  const itemId = sentId ?? state.run.newId();
  const cls = classifyOutputItem(item, providerLabel(state.options));
  if (cls.kind === "message") openMessageItem(state, itemId, outputIndex, asNonEmptyString(item.phase), sentId === undefined);
  else if (cls.kind === "compaction") openCompactionItem(state, itemId, outputIndex, sentId === undefined);
  else if (cls.kind === "reasoning") openReasoningItem(state, itemId, outputIndex, sentId === undefined);
  else if (cls.kind === "application-tool" || cls.kind === "provider-tool") openToolItem(state, item, cls, itemId, outputIndex);
  else if (cls.kind === "unknown") unmodelled(state, event, asString(item.type));
  return itemId;
}

function handleItemDone(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const done = asRecord(event.item);
  if (done === undefined) return;
  const outputIndex = outputIndexOf(event);
  if (isSourceItem(done)) {
    recordSourceItem(state, done, outputIndex);
    return;
  }
  const seenBefore = markSeen(state, done, outputIndex);
  recordFinishedContent(state, done, outputIndex);
  const cls = classifyOutputItem(done, providerLabel(state.options));
  if (cls.kind === "call-output") {
    emitSeparateOutput(state, done, outputIndex);
    return;
  }
  let tracked = itemAt(state, done.id, event.output_index);
  // A call item streamed without id or output index is the one its `call_id` opened (idless-call-items.ts); finished, it is done.
  const idless = tracked === undefined ? idlessCallOf(state, done) : undefined;
  if (idless !== undefined) {
    if (state.items.get(idless.itemId) !== idless) return;
    tracked = idless;
  }
  // A finished item whose `added` never came (a stream resumed after it, a proxy that dropped it):
  // mapped from the finished item, which carries all of it (its earlier deltas had no item to go to).
  const doneOnly = tracked === undefined && !seenBefore;
  if (doneOnly && cls.kind !== "unknown") {
    // An item with neither id nor output index (Codex's own minimal SSE fixtures) is found by the id it was opened under.
    const openedId = handleItemAdded(state, { ...event, type: "response.output_item.added" });
    tracked = itemAt(state, done.id ?? openedId, event.output_index);
  }
  if (tracked === undefined) {
    if (cls.kind === "unknown") unmodelled(state, event, asString(done.type));
    return;
  }
  if (tracked.kind === "message") closeMessageItem(state, tracked, done, doneOnly);
  else if (tracked.kind === "compaction") closeCompactionItem(state, tracked, done);
  else if (tracked.kind === "reasoning") closeReasoningItem(state, tracked, done);
  else {
    // A web search call's sources are in both its arguments and its result: serialized once.
    const sourcesJson = webSearchSourcesJson(done);
    writeFinalArguments(state, tracked, done, sourcesJson);
    if (cls.kind === "provider-tool" && cls.resultInItem) emitProviderToolResult(state, tracked, done, sourcesJson);
    // A held parallel wrapper becomes the calls it bundles, or starts as the plain call it is.
    else if (!settleWrapper(state, tracked, done) && state.run.isToolCallOpen(tracked.toolCallId)) {
      // A client-run built-in records what rebuilding its item needs (status, safety checks, …).
      // An async call whose `async` only the finished item carries records it here (its START had none).
      const fields = isClientToolItem(done) ? clientItemMetadata(done, tracked.idMadeUp === true ? undefined : tracked.itemId) : done.async === true ? { async: true } : undefined;
      // A thinking model's call signature (Perplexity's `thought_signature`) goes back with the call.
      const metadata = writeFunctionCallSignature(state, tracked.toolCallId, done, fields);
      // A call the output limit cut off (`status: "incomplete"`) is closed interrupted (still pending).
      if (!tracked.providerExecuted && done.status === "incomplete") state.run.abandonToolCall(tracked.toolCallId, metadata);
      else state.run.endToolCall(tracked.toolCallId, metadata);
    }
  }
  // A finished item is needed again only by a provider-run call whose output arrives as a separate
  // item; forgetting the others keeps the mapper's state independent of the stream's length.
  const awaitsOutput = tracked.kind === "tool" && tracked.providerExecuted && tracked.resulted !== true;
  if (!awaitsOutput) {
    state.items.delete(tracked.itemId);
    if (outputIndex !== undefined && state.response.byIndex.get(outputIndex) === tracked) state.response.byIndex.delete(outputIndex);
  }
}

/**
 * An event of an item kind the mapper does not model: its content is dropped, reported once per
 * item (on `response.output_item.added`) as every mapper reports unknown content, and with
 * `emitRawEvents` every such event also goes out as RAW.
 */
function unmodelled(state: ResponsesStreamState, event: Record<string, unknown>, itemType: string | undefined): void {
  if (asString(event.type) === "response.output_item.added") {
    state.options.onWarning?.({
      code: STREAM_WARNINGS.unknownContent,
      message: `Output item type ${itemType ?? "(none)"} is not modelled; its content is dropped`,
      details: { kind: "item", type: itemType ?? null },
    });
  }
  if (state.options.emitRawEvents === true) state.run.raw(event, providerLabel(state.options));
}
