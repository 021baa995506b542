import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { closeText } from "./handle-text.js";
import { endDeferredCalls, recordContainer } from "../code-execution-container.js";
import { mapAnthropicFinishReason, type AnthropicStopDetail } from "./map-anthropic-finish-reason.js";
import { mergeAnthropicUsage } from "./map-anthropic-usage.js";
import { mapMessageUsage } from "./map-anthropic-iterations.js";
import { recordCacheCreation, recordMessageCounts } from "./usage-counts.js";
import { recordInputTransformations } from "./input-transformations.js";
import {
  asArray,
  asNonEmptyString,
  asRecord,
  isRecord,
  MalformedChunkError,
  requireRecord,
  requireString,
  type JsonRecord,
} from "../narrow.js";
import { startBlock, stopBlock } from "./route-content-block.js";
import { type MessageState, type StreamContext, warn } from "./stream-state.js";

/**
 * `message_start`: a new Anthropic message. Its id becomes the AG-UI assistant message id, its
 * usage the starting point of the message's usage entry (recorded under the message id; settled,
 * as final, when a message of another id starts). A repeated `message_start` for the message in
 * progress only refreshes model and usage. A new message while
 * the previous one is still streaming (no `message_stop`) closes what the previous one left open,
 * marked `interrupted`. Blocks that arrive whole in `message.content` are mapped in order.
 */
export function messageStart(context: StreamContext, chunk: JsonRecord): void {
  const message = requireRecord(chunk, "message", "message_start");
  const id = requireString(message, "id", "message_start.message");
  const model = asNonEmptyString(message.model);
  const current = context.message;
  if (current !== undefined && current.id === id && !current.stopped) {
    if (model !== undefined) current.model = model;
    current.usage = mergeAnthropicUsage(current.usage, message.usage);
    recordUsage(context, current);
    return;
  }
  if (current !== undefined && !current.stopped) {
    warn(context, STREAM_WARNINGS.messageInterrupted, `Message ${current.id} was cut off by the start of message ${id}`, {
      messageId: current.id,
      nextMessageId: id,
    });
    endMessage(context, current, { interrupted: true });
  }
  // The previous message's usage is final now that another message starts (not at its
  // message_stop: a message restarted under the same id replaces its usage, as it always did).
  if (current !== undefined && current.id !== id) settleUsage(context, current);
  const state: MessageState = {
    id,
    model,
    usage: mergeAnthropicUsage(undefined, message.usage),
    usageKeys: [],
    blocks: new Map(),
    deltaTarget: undefined,
    startedIndexes: new Set(),
    segmentId: id,
    segments: 1,
    segmentUsed: false,
    splitBeforeText: false,
    textOpen: false,
    textLength: 0,
    textBlocks: [],
    citations: [],
    citationBlocks: [],
    refusal: false,
    finish: undefined,
    stopped: false,
    deferredCalls: [],
    fallbackBlocks: [],
    mcpToolListings: [],
  };
  recordContainer(state, message.container);
  // Cache diagnostics (`diagnostics.cache_miss_reason`): only message_start carries them. On the
  // finish details of RUN_FINISHED, and of a RUN_ERROR that ends the stream before it finishes (a
  // cut, an `error` event, a thrown error): the request's cache miss is known whatever follows.
  const diagnostics = asRecord(message.diagnostics);
  if (diagnostics !== undefined) {
    state.diagnostics = diagnostics;
    context.run.setErrorMetadata({ finishDetails: { diagnostics } });
  }
  context.message = state;
  recordUsage(context, state);
  recordInputTransformations(context, id, message);
  const stopReason = asNonEmptyString(message.stop_reason);
  if (stopReason !== undefined) {
    applyStopReason(state, stopReason, {
      stopDetails: message.stop_details,
      stopSequence: message.stop_sequence,
      container: message.container,
      contextManagement: message.context_management,
      diagnostics: state.diagnostics,
    });
  }
  const content = asArray(message.content) ?? [];
  content.forEach((block, index) => {
    if (!isRecord(block)) throw new MalformedChunkError(`message_start: content[${index}] is not an object`);
    startBlock(context, state, index, block);
    stopBlock(context, state, index);
  });
}

/** `message_delta`: the stop reason (normalized, details kept) and cumulative usage (last wins). */
export function messageDelta(context: StreamContext, chunk: JsonRecord): void {
  const message = liveMessage(context, "message_delta");
  const delta = asRecord(chunk.delta);
  recordContainer(message, delta?.container);
  // The container is known now: the calls waiting for it end at once, not at message_stop.
  if (message.containerId !== undefined) endDeferredCalls(context, message);
  const stopReason = asNonEmptyString(delta?.stop_reason);
  if (stopReason !== undefined) {
    applyStopReason(message, stopReason, {
      stopDetails: delta?.stop_details,
      stopSequence: delta?.stop_sequence,
      container: delta?.container,
      contextManagement: chunk.context_management,
      diagnostics: message.diagnostics,
    });
  }
  // Present only after a mid-stream model fallback: the serving model's list replaces message_start's.
  recordInputTransformations(context, message.id, chunk);
  if (chunk.usage !== undefined) {
    message.usage = mergeAnthropicUsage(message.usage, chunk.usage, { keepEarlierInputOnZero: message.fallback === undefined });
    recordUsage(context, message);
  }
  // The cache writes split by lifetime, as last consistently reported; published as the run ends
  // (see `recordCacheCreation`).
  recordCacheCreation(context, message.id, message.usage);
}

/** `message_stop`: the message is complete; whatever it left open is closed. */
export function messageStop(context: StreamContext): void {
  const message = liveMessage(context, "message_stop");
  endMessage(context, message);
}

/** Closes every open block of a message, its reasoning span and its text message. */
export function endMessage(context: StreamContext, message: MessageState, metadata?: BridgeMetadata): void {
  const interrupted = metadata?.interrupted === true;
  for (const index of [...message.blocks.keys()]) stopBlock(context, message, index, interrupted);
  endDeferredCalls(context, message);
  if (context.run.reasoningSpan !== undefined) context.run.endReasoning(metadata);
  closeText(context, message, metadata);
  message.stopped = true;
}

function applyStopReason(
  message: MessageState,
  stopReason: string,
  detail: AnthropicStopDetail,
): void {
  message.finish = mapAnthropicFinishReason(stopReason, detail);
  if (stopReason === "refusal") message.refusal = true;
}

function liveMessage(context: StreamContext, where: string): MessageState {
  const message = context.message;
  if (message === undefined || message.stopped) throw new MalformedChunkError(`${where} outside of a message`);
  return message;
}

function recordUsage(context: StreamContext, message: MessageState): void {
  // Anthropic usage is cumulative and the last values win: a report in which no count survives
  // supersedes the earlier entries instead of leaving them in place. `usage.iterations` may add
  // entries for other models (an advisor) or for tokens the top level leaves out (compaction).
  const entries = mapMessageUsage(message.usage, message.model, context.options.onWarning, context.options.provider, message.fallback);
  const keys = entries.map((entry) => message.id + entry.key);
  for (const key of message.usageKeys) if (!keys.includes(key)) context.run.usage.clear(key);
  if (!keys.includes(message.id)) context.run.usage.clear(message.id);
  entries.forEach((entry, i) => context.run.usage.record(keys[i] as string, entry.usage));
  message.usageKeys = keys;
  // Server tool requests (billed per request; no TokenUsage field) as terminal metadata `serverToolUse`.
  recordMessageCounts(context, "serverToolUse", message.id, message.usage.server_tool_use);
}

/**
 * A message's usage is final: the run's ledger folds its entries into their `(provider, model)`
 * totals and stops holding them, so a stream of any number of messages keeps one sum per pair.
 */
function settleUsage(context: StreamContext, message: MessageState): void {
  for (const key of message.usageKeys) context.run.usage.settle(key);
}
