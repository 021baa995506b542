import { IdFingerprints, type AdapterStreamOptions, type FinishInfo, type RunBuilder, STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { SteeringEntry } from "./handle-steering.js";
import type { StreamedText } from "./handle-streamed-argument-text.js";
import type { CallTally } from "../call-tally.js";
import type { CountTree } from "../count-tree.js";
import type { ResponseCountKey } from "./response-counts.js";
import { IndexSet } from "./index-set.js";
import { openIdlessCall } from "./idless-call-items.js";
import type { ItemsById } from "./items-by-id.js";
import type { MessageLogprobs } from "./response-logprobs.js";
import { asNonEmptyString, asNumber } from "../narrow.js";
import type { ProviderLabelOption } from "../provider-label.js";
import type { HeldWrapper } from "./parallel-wrapper.js";
import type { SequenceTracker } from "./replayed-events.js";
import type { DeclaredToolsOption } from "../parallel-tool-wrapper.js";

/** Options of {@link streamResponses}. */
export interface ResponsesStreamOptions extends AdapterStreamOptions, ProviderLabelOption, DeclaredToolsOption {
  /** Model name for usage entries when the events carry none. */
  model?: string;
}

/** One text message of a message item (its output_text parts, or its refusal parts). */
export interface MessagePart {
  messageId: string;
  refusal: boolean;
  /**
   * Content index (`content_index`) → length of the text written for that part (deltas, its
   * `.done` text or the finished item's): a part's `.done` or finished text is written only when
   * nothing was written for that very part, so each part reaches the client exactly once.
   */
  written: Map<number, number>;
  /**
   * Content index → the text its deltas carried, kept to complete a part whose `.done` or finished
   * text extends it (see `completeStreamedText`); `null` once past `MAX_TRACKED_ARGUMENT_LENGTH`
   * (or when the part's indexes were collapsed), and then the part is left as it streamed.
   */
  streamedText?: Map<number, string | null>;
  /** Content indexes whose `.done` arrived: later deltas for them are not appended again. */
  finished: Set<number>;
  /** Content index → its annotations (streamed by `annotation.added`, else from the finished item). */
  annotations: Map<number, unknown[]>;
  /** Its token log probabilities from the deltas and `.done` events, made on the first entry. */
  logprobs?: MessageLogprobs;
}

/** A `message` output item. */
export interface MessageItem {
  kind: "message";
  itemId: string;
  /** The item's output index in its response. */
  outputIndex?: number;
  /** The item's `phase` (`commentary` / `final_answer`), sent back with the message. */
  phase?: string;
  text?: MessagePart;
  refusal?: MessagePart;
  /** Opened for text events that named no item: `itemId` is ours until a message item claims it. */
  implicit?: boolean;
  /** The item streamed without an `id`: `itemId` was made up here and is never recorded as the item's. */
  idMadeUp?: boolean;
  /** The text message an implicit item had opened when a message item claimed it (its END records the item). */
  claimedBy?: string;
  /** Its `output_item.done` (or the response's end) closed it: text that names no item is not its. */
  closed?: boolean;
}

/** A `reasoning` output item: one reasoning message in its own span. */
export interface ReasoningItem {
  kind: "reasoning";
  itemId: string;
  messageId: string;
  /**
   * The parts written so far, in order, so the request side can split the content again; each with
   * the text written for it (`streamed`, streamed-tail.ts: `null` once too long to keep), to
   * complete a part whose final text extends it.
   */
  parts: Array<{ type: "summary_text" | "reasoning_text"; index: number; length: number; streamed?: string | null }>;
  /** Parts (`summary_text:0`, `reasoning_text:1`, …) whose `.done` arrived: later deltas are not appended again. */
  finished?: Set<string>;
  /** The item streamed without an `id`: `itemId` was made up here and is never recorded as the item's. */
  idMadeUp?: boolean;
}

/** A tool call item (application or provider-executed). */
export interface ToolItem {
  kind: "tool";
  itemId: string;
  itemType: string;
  toolCallId: string;
  providerExecuted: boolean;
  /** Argument text arrives as deltas (else it is written once, at `output_item.done`). */
  streamsArgs: boolean;
  streamed: boolean;
  /** The arguments' `.done` arrived: later deltas are not appended again. */
  argsDone?: boolean;
  /** The argument text its deltas carried (complete-streamed-arguments.ts); `null` once past the length it is kept to. */
  argText?: string | null;
  /** A TOOL_CALL_RESULT was written for it. */
  resulted?: boolean;
  /** The argument text that streamed as it was written (code, a patch's diff, shell commands: handle-streamed-argument-text.ts). */
  streamedText?: StreamedText;
  /** An apply_patch or shell call as its `output_item.added` announced it (its fields frame the streamed diff / commands). */
  announced?: Record<string, unknown>;
  /** The item streamed without an `id`: `itemId` was made up here and is never recorded as the item's. */
  idMadeUp?: boolean;
  /** A parallel wrapper call held until it is finished (not started yet: parallel-wrapper.ts). */
  held?: HeldWrapper;
}

/** A `compaction` item: a reasoning message holding its encrypted summary. */
export interface CompactionItem {
  kind: "compaction";
  itemId: string;
  messageId: string;
}

/** Whether an item's `itemId` is the provider's (it streamed one), not one made up here. */
export function providerIdOf(item: { itemId: string; idMadeUp?: boolean; implicit?: boolean }): string | undefined {
  return item.idMadeUp === true || item.implicit === true ? undefined : item.itemId;
}

/** Anything the mapper tracks by item id or output index. */
export type OutputItem = MessageItem | ReasoningItem | ToolItem | CompactionItem;

/** The response currently streaming (a recording may hold several back to back). */
export interface ResponseState {
  id?: string;
  /** The conversation the response belongs to (`response.conversation.id`), when it has one. */
  conversationId?: string;
  model?: string;
  /** Assistant message id tool calls of this response hang off. */
  turnId?: string;
  /**
   * The calls this response handed the application, less those an output item of the response
   * answered (call-output-items.ts): while any is left, the response ends in `tool-calls`.
   */
  readonly applicationCalls: Set<string>;
  readonly byIndex: Map<number, OutputItem>;
  /**
   * Ids and output indexes of the items this response streamed (added or done), for the terminal
   * backfill (the final output's positions need not be the streamed indexes, hence the ids too),
   * the ids as fingerprints so a response's size, not its ids' length, bounds this state.
   */
  readonly seenIds: IdFingerprints;
  readonly seenIndexes: IndexSet;
  /** Output index, type and content of the finished items, as fingerprints (renamed-final-items.ts). */
  finishedContent?: IdFingerprints;
  /** The message opened for text events that named no item, until a message item claims it. */
  implicitMessage?: MessageItem;
  /**
   * Reasoning items whose `output_item.done` carried no `encrypted_content`, for the final output
   * to supply it: their ids as fingerprints (the message id is the item id), and the few whose
   * message had to take another id (item id → message id).
   */
  unsealedReasoning?: IdFingerprints;
  unsealedRenamed?: Map<string, string>;
  /** Call items streamed with neither item id nor output index, by `call_id` (idless-call-items.ts). */
  idlessCalls?: Map<string, ToolItem>;
}

/** Per-stream state of the Responses mapper. */
export interface ResponsesStreamState {
  readonly run: RunBuilder;
  readonly options: ResponsesStreamOptions;
  response: ResponseState;
  /** The items still streaming (and provider-run calls awaiting a separate output), by item id. */
  readonly items: ItemsById;
  /** `call_id` (an approval request's item id) → tool call id, for outputs that arrive as separate items. */
  readonly callIds: Map<string, string>;
  /** Application calls a separate output item answered (call-output-items.ts); created on the first one. */
  answeredByOutput?: Set<string>;
  /** Message ids used so far, as fingerprints (AG-UI ids must stay unique within the run). */
  readonly usedIds: IdFingerprints;
  /**
   * How many responses have started (`response.created`; for usage keys of responses without an
   * id). 0: the stream began mid-response (resumed with `starting_after`).
   */
  responseCount: number;
  /**
   * The usage key of the latest response that reached its terminal event, not settled yet: it is
   * settled when another response's terminal event comes (responses-usage-cost.ts).
   */
  endedUsageKey?: string;
  /** Cost fields of each response's usage (xAI, gateways), for the terminal event; created when one has some. */
  costs?: Map<string, Record<string, unknown>>;
  /** Counts beside each response's usage (`tool_usage`, cache write retention split): key → their running sum over the responses (response-counts.ts). */
  responseCounts?: Map<ResponseCountKey, CallTally<CountTree, CountTree>>;
  /** Each response's `input_transformations` entries (input-transformations.ts), by response id. */
  inputTransformations?: Map<string, Record<string, unknown>[]>;
  /** Perplexity's source list items (`search_results`, `fetch_url_results`): terminal metadata key → output position → entries. */
  sourceItems?: Map<string, Map<string, Record<string, unknown>[]>>;
  /** Perplexity's server-run search / URL fetch a `response.reasoning.*_queries` event opened, awaiting its `*_results` (tool call id by kind). */
  progressCalls?: Map<string, string>;
  finish?: FinishInfo;
  /** The latest response reached `response.completed` / `.incomplete` (not one stopped for steering whose successor is still due). */
  endSeen: boolean;
  /** Steering submissions (`response.steer.*`, WebSocket), by `id:<steer id>` / `unnamed:<n>`; created on the first one. */
  steering?: { entries: Map<string, SteeringEntry>; unnamed: number; dropped: number };
  /** The response that stopped for steering (`incomplete_details.reason: "steered"`) while its successor has not started. */
  awaitingSuccessor?: string;
  /** Parallel wrapper calls held (not started yet), to write out if the run ends first; created on the first one. */
  heldWrappers?: Set<ToolItem>;
  /** `stream.audio-dropped` was reported (once per stream). */
  audioWarned?: boolean;
  /** The `sequence_number`s handled, to drop replayed events (replayed-events.ts); made on the first one. */
  sequence?: SequenceTracker;
}

/** A fresh response state. */
export function newResponseState(model?: string): ResponseState {
  return { applicationCalls: new Set(), byIndex: new Map(), seenIds: new IdFingerprints(), seenIndexes: new IndexSet(), ...(model !== undefined && { model }) };
}

/** The item an event refers to: by `item_id`, else by `output_index` (servers that rotate ids). */
export function findItem(state: ResponsesStreamState, event: Record<string, unknown>): OutputItem | undefined {
  // A call streamed without an item id is named by its `call_id` (idless-call-items.ts).
  return itemAt(state, event.item_id, event.output_index) ?? openIdlessCall(state, event.item_id);
}

/**
 * The item a (still unnarrowed) item id and output index refer to: by id, else by output index.
 * What {@link findItem} does for an event, for callers holding the two values (no event object
 * made up per lookup).
 */
export function itemAt(state: ResponsesStreamState, itemIdValue: unknown, outputIndexValue: unknown): OutputItem | undefined {
  const itemId = asNonEmptyString(itemIdValue);
  const byId = itemId === undefined ? undefined : state.items.get(itemId);
  if (byId !== undefined) return byId;
  const index = asNumber(outputIndexValue);
  return index === undefined ? undefined : state.response.byIndex.get(index);
}

/** Registers an item under its id and output index. */
export function trackItem(state: ResponsesStreamState, item: OutputItem, outputIndex: number | undefined): void {
  state.items.set(item.itemId, item);
  if (outputIndex !== undefined) state.response.byIndex.set(outputIndex, item);
}

/** `preferred` when it is still unused in this run, else a fresh id. */
export function uniqueId(state: ResponsesStreamState, preferred: string | undefined): string {
  if (preferred !== undefined && state.usedIds.claim(preferred)) return preferred;
  const id = state.run.newId();
  state.usedIds.add(id);
  return id;
}

/**
 * The call's id, unless a tool call or a message of the run already has it (AG-UI ids are unique
 * across entity kinds: a call without `call_id` falls back to its item id, which a server may
 * also have given another item); taken ones get a fresh id.
 */
export function uniqueToolCallId(state: ResponsesStreamState, preferred: string): string {
  if (!state.run.isToolCallIdTaken(preferred) && state.usedIds.claim(preferred)) return preferred;
  const fresh = uniqueId(state, undefined);
  state.options.onWarning?.({
    code: STREAM_WARNINGS.duplicateToolCallId,
    message: `Tool call id ${preferred} was already used in this run or its conversation; the call was given id ${fresh}`,
    details: { providerId: preferred, toolCallId: fresh },
  });
  return fresh;
}

/** The assistant message id tool calls of the current response hang off. */
export function turnParentId(state: ResponsesStreamState): string {
  if (state.response.turnId === undefined) state.response.turnId = uniqueId(state, undefined);
  return state.response.turnId;
}

/**
 * Where an output item sat in its response (`responseId`, `outputIndex`, and the response's
 * `conversationId` when it has one), recorded on the START event of what it becomes: AG-UI groups a response's tool calls under one assistant message, so
 * the request side needs this to send the items back in their original order.
 */
export function itemPosition(
  state: ResponsesStreamState,
  outputIndex: number | undefined,
): { responseId?: string; conversationId?: string; outputIndex?: number } {
  return addItemPosition({}, state, outputIndex);
}

/**
 * Writes {@link itemPosition}'s fields onto `target` (in the same order) and returns it: for
 * metadata built field by field, without a spread of a fresh object per item.
 */
export function addItemPosition<T extends Record<string, unknown>>(
  target: T,
  state: ResponsesStreamState,
  outputIndex: number | undefined,
): T & { responseId?: string; conversationId?: string; outputIndex?: number } {
  const out: Record<string, unknown> = target;
  if (state.response.id !== undefined) out.responseId = state.response.id;
  if (state.response.conversationId !== undefined) out.conversationId = state.response.conversationId;
  if (outputIndex !== undefined) out.outputIndex = outputIndex;
  return target;
}
