import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { filesOfAnnotations } from "./file-handle-parts.js";
import { providerLabel } from "../provider-label.js";
import { appendTracked, MAX_TRACKED_ARGUMENT_LENGTH, tailBeyond, warnConflictingFinal } from "./streamed-tail.js";
import { endIdleReasoning } from "./reasoning-span.js";
import { collectDeltaLogprobs, collectDoneLogprobs, createMessageLogprobs, logprobsEndMetadata } from "./response-logprobs.js";
import { claimImplicitMessage, implicitMessageOf, namesNoItem } from "./implicit-message-item.js";
import { asArray, asNonEmptyString, asNumber, asRecord, asString } from "../narrow.js";
import {
  addItemPosition,
  findItem,
  providerIdOf,
  trackItem,
  uniqueId,
  type MessageItem,
  type MessagePart,
  type ResponsesStreamState,
} from "./responses-stream-state.js";

/** `output_item.added` of a `message` item: tracked; its text messages open with their first part. */
export function openMessageItem(
  state: ResponsesStreamState,
  itemId: string,
  outputIndex: number | undefined,
  phase?: string,
  idMadeUp = false,
): void {
  // An item without an id of its own claims the implicit message too (Perplexity's flat final
  // output lists the message whose text streamed unlabelled), but leaves it no id to record.
  if (claimImplicitMessage(state, idMadeUp ? undefined : itemId, outputIndex, phase) !== undefined) return;
  // Announced after its text began (see unannouncedMessageOf): the same item, not a second one.
  const known = state.items.get(itemId);
  if (known?.kind === "message") {
    if (known.outputIndex === undefined && outputIndex !== undefined) trackItem(state, Object.assign(known, { outputIndex }), outputIndex);
    if (known.phase === undefined && phase !== undefined) known.phase = phase;
    return;
  }
  const item: MessageItem = { kind: "message", itemId };
  if (phase !== undefined) item.phase = phase;
  if (outputIndex !== undefined) item.outputIndex = outputIndex;
  if (idMadeUp) item.idMadeUp = true;
  trackItem(state, item, outputIndex);
}

/**
 * The text message of a message item for `output_text` (or `refusal`) content, opened on first
 * use. The item's first text message takes the item's id; a refusal is marked `refusal: true`.
 */
function messagePart(state: ResponsesStreamState, item: MessageItem, refusal: boolean): MessagePart {
  const existing = refusal ? item.refusal : item.text;
  if (existing !== undefined) return existing;
  const { run } = state;
  endIdleReasoning(state);
  const first = item.text === undefined && item.refusal === undefined;
  const preferred = first ? item.itemId : undefined;
  // The item's first message records the item id and phase: the request side sends it back as
  // this very output message item (one AG-UI message per item id, so no id is sent twice).
  const metadata: BridgeMetadata = {};
  if (refusal) metadata.refusal = true;
  if (first && item.implicit !== true) {
    if (item.idMadeUp !== true) metadata.itemId = item.itemId;
    addItemPosition(metadata, state, item.outputIndex);
  }
  if (first && item.phase !== undefined) metadata.phase = item.phase;
  const startId = uniqueId(state, preferred);
  const part: MessagePart = { messageId: "", refusal, written: new Map(), finished: new Set(), annotations: new Map() };
  // What its END carries so far (logprobs, annotations), should the run close it before the item
  // finishes (a failed or cut stream); `closeMessageItem` passes the finished item's own.
  const endMetadataSoFar = () => endMetadata(item, part, providerLabel(state.options), undefined);
  const messageId = run.startText(
    Object.keys(metadata).length > 0 ? { messageId: startId, metadata, endMetadata: endMetadataSoFar } : { messageId: startId, endMetadata: endMetadataSoFar },
  );
  part.messageId = messageId;
  if (state.response.turnId === undefined) state.response.turnId = messageId;
  if (refusal) item.refusal = part;
  else item.text = part;
  return part;
}

function messageOf(state: ResponsesStreamState, event: Record<string, unknown>): MessageItem | undefined {
  const item = findItem(state, event);
  if (item !== undefined) return item.kind === "message" ? item : undefined;
  return namesNoItem(event) ? implicitMessageOf(state) : unannouncedMessageOf(state, event);
}

/**
 * A text event naming a message item (`item_id`) this response never announced: LiteLLM's
 * Responses bridge streamed the text of the message after a reasoning-first chunk this way, with
 * no `output_item.added` and an `output_index` another item then took (BerriAI/litellm#41185).
 * The item is opened from the event and counted as streamed, so its text goes out as it comes,
 * once: the item's `done` or `response.completed` later finds it and writes only what did not
 * stream (before, the text waited for those, and was lost when the final output's position of the
 * message was one a streamed item had used). Only in a stream that holds the response's start; an
 * item already finished is not reopened.
 */
function unannouncedMessageOf(state: ResponsesStreamState, event: Record<string, unknown>): MessageItem | undefined {
  const itemId = asNonEmptyString(event.item_id);
  // A stream that began mid-response (resumed with `starting_after`) announced the item before
  // this stream's start: its text so far is missing, and the item's `done` brings all of it.
  if (itemId === undefined || state.responseCount === 0 || state.response.seenIds.has(itemId)) return undefined;
  state.response.seenIds.add(itemId);
  openMessageItem(state, itemId, undefined);
  const item = state.items.get(itemId);
  return item?.kind === "message" ? item : undefined;
}

/** `response.content_part.added`: opens the text (or refusal) message the part belongs to. */
export function handleContentPartAdded(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const item = messageOf(state, event);
  if (item === undefined) return;
  const type = asString(asRecord(event.part)?.type);
  if (type === "output_text") messagePart(state, item, false);
  else if (type === "refusal") messagePart(state, item, true);
}

/**
 * More distinct `content_index` values than a message item has parts: they number deltas (vLLM,
 * vllm-project/vllm#35184), not parts. Past this many, what was written is kept as one length, so
 * a long message keeps a few entries, not one per delta.
 */
const MAX_CONTENT_PARTS = 64;

/** Folds what was written for a part's indexes into one entry (at `index`); returns its length. */
function collapseWritten(part: MessagePart, index: number): number {
  let total = 0;
  for (const length of part.written.values()) total += length;
  part.written.clear();
  part.written.set(index, total);
  // The collapsed part's text is no longer known piece by piece: it is left as it streamed.
  part.streamedText?.clear();
  (part.streamedText ??= new Map()).set(index, null);
  return total;
}

/** Keeps the text a part's deltas carried, bounded as a call's streamed arguments are. */
function recordStreamedText(part: MessagePart, index: number, delta: string): void {
  const streamed = (part.streamedText ??= new Map());
  const before = streamed.get(index);
  if (before !== null) streamed.set(index, appendTracked(before, delta));
}

/**
 * Writes what a part's final text (its `.done`, or the finished item's) holds beyond what its
 * deltas carried, when they were a strict prefix of it: a lossy proxy that dropped the tail of the
 * deltas would otherwise leave the message cut short (as `completeStreamedArguments` does for
 * calls). Final text that does not extend the streamed text leaves the part as it streamed.
 */
function completeStreamedText(state: ResponsesStreamState, part: MessagePart, index: number, final: string): void {
  const streamed = part.streamedText?.get(index);
  const tail = tailBeyond(streamed, final);
  if (tail === undefined && warnConflictingFinal(state, streamed, final, { kind: part.refusal ? "refusal" : "text", id: part.messageId, index })) part.streamedText?.set(index, null);
  if (tail === undefined || !state.run.isTextOpen(part.messageId)) return;
  part.streamedText!.set(index, final.length > MAX_TRACKED_ARGUMENT_LENGTH ? null : final);
  part.written.set(index, final.length);
  state.run.text(part.messageId, tail);
}

/** The content part an event is about (`content_index`, 0 when absent). */
function contentIndexOf(event: Record<string, unknown>): number {
  return asNumber(event.content_index) ?? 0;
}

/**
 * `response.output_text.delta` / `response.refusal.delta`: byte for byte into the message. A
 * delta for a part whose `.done` already arrived is not appended again (nor are its `logprobs`).
 */
export function handleMessageDelta(state: ResponsesStreamState, event: Record<string, unknown>, refusal: boolean): void {
  const item = messageOf(state, event);
  const delta = asString(event.delta);
  if (item === undefined || delta === undefined) return;
  const part = messagePart(state, item, refusal);
  const index = contentIndexOf(event);
  if (!state.run.isTextOpen(part.messageId) || part.finished.has(index)) return;
  const length = part.written.get(index) ?? (part.written.size < MAX_CONTENT_PARTS ? 0 : collapseWritten(part, index));
  part.written.set(index, length + delta.length);
  recordStreamedText(part, index, delta);
  const logprobs = event.logprobs;
  if (Array.isArray(logprobs) && logprobs.length > 0) collectDeltaLogprobs((part.logprobs ??= createMessageLogprobs()), logprobs);
  state.run.text(part.messageId, delta);
}

/**
 * `response.output_text.done` / `response.refusal.done`: the part's full text, written only if
 * nothing was written for that part (`content_index`); other parts of the item are independent.
 */
export function handleMessageDone(state: ResponsesStreamState, event: Record<string, unknown>, refusal: boolean): void {
  const text = asString(refusal ? event.refusal : event.text);
  // An empty part of an item with no text message yet opens none (see closeMessageItem).
  if (text === "" && !hasTextMessage(findItem(state, event))) return;
  const item = messageOf(state, event);
  if (item === undefined || text === undefined) return;
  const part = messagePart(state, item, refusal);
  const index = contentIndexOf(event);
  part.finished.add(index);
  const logprobs = event.logprobs;
  if (Array.isArray(logprobs) && logprobs.length > 0) collectDoneLogprobs((part.logprobs ??= createMessageLogprobs()), event);
  writeOnce(state, part, index, text);
}

function hasTextMessage(item: ReturnType<typeof findItem>): boolean {
  return item?.kind === "message" && (item.text !== undefined || item.refusal !== undefined);
}

function writeOnce(state: ResponsesStreamState, part: MessagePart, index: number, text: string): void {
  if (part.written.has(index)) {
    completeStreamedText(state, part, index, text);
    return;
  }
  if (!state.run.isTextOpen(part.messageId)) return;
  part.written.set(index, text.length);
  if (text !== "") state.run.text(part.messageId, text);
}

/** `response.output_text.annotation.added`: kept for TEXT_MESSAGE_END metadata (a null annotation is skipped). */
export function handleAnnotation(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const item = messageOf(state, event);
  if (item === undefined || asRecord(event.annotation) === undefined) return;
  const part = messagePart(state, item, false);
  const index = contentIndexOf(event);
  const annotations = part.annotations.get(index);
  if (annotations === undefined) part.annotations.set(index, [event.annotation]);
  else annotations.push(event.annotation);
}

/**
 * `output_item.done` of a message: writes what never streamed (servers that send only the final
 * item), then closes its messages, annotations in TEXT_MESSAGE_END metadata. Files the
 * annotations name (`file_citation`, `container_file_citation`, `file_path`) are listed next to
 * them as `files` (FileSource parts, see {@link filesOfAnnotations}), with the message item's
 * `itemId` so the request side can send the message back with its annotations.
 */
export function closeMessageItem(state: ResponsesStreamState, item: MessageItem, done?: Record<string, unknown>, doneOnly = false): void {
  const { run } = state;
  item.closed = true;
  if (done !== undefined && item.phase === undefined) {
    const phase = asString(done.phase);
    if (phase !== undefined) item.phase = phase;
  }
  // A finished item without text whose `added` never came (LiteLLM's bridge closes an empty message
  // item it never announced after every tool-call-only turn) is no message: as on Chat, no text, no text message.
  if (done !== undefined && !(doneOnly && item.text === undefined && item.refusal === undefined && carriesNothing(done))) {
    const contents = asArray(done.content) ?? [];
    if (!streamedAtPositions(item, contents.length)) writeRemainder(state, item, contents);
    else contents.forEach((raw, index) => {
      const content = asRecord(raw);
      const type = asString(content?.type);
      if (content === undefined || (type !== "output_text" && type !== "refusal")) return;
      const refusal = type === "refusal";
      const part = messagePart(state, item, refusal);
      const text = asString(refusal ? content.refusal : content.text);
      if (text !== undefined) writeOnce(state, part, index, text);
      if (!refusal && !part.annotations.has(index)) {
        part.annotations.set(index, (asArray(content.annotations) ?? []).filter((entry) => asRecord(entry) !== undefined));
      }
    });
    if (item.text === undefined && item.refusal === undefined) messagePart(state, item, false);
  }
  for (const part of [item.text, item.refusal]) {
    // The item is final: the streamed text kept to complete it is no longer needed.
    if (part !== undefined) part.streamedText = undefined;
    if (part === undefined || !run.isTextOpen(part.messageId)) continue;
    const end = endMetadata(item, part, providerLabel(state.options), asArray(done?.content));
    // A claimed implicit message records the item on its END event (its START went out without it).
    let late: BridgeMetadata | undefined = part.messageId === item.claimedBy ? addItemPosition({ itemId: item.itemId }, state, item.outputIndex) : undefined;
    // A phase only known from the finished item goes on the END event of the item's first message.
    if (item.phase !== undefined && (part.messageId === item.itemId || late !== undefined)) (late ??= {}).phase = item.phase;
    // `end` is this call's own object: the late fields go onto it (after its own, as a spread would put them).
    run.endText(part.messageId, late === undefined ? end : Object.assign(end ?? {}, late));
  }
}

/**
 * Whether the `content_index` of every event streamed for the item is a position in its finished
 * `content` (OpenAI's meaning). vLLM's Responses server numbers them otherwise (one counter across
 * the response, or a new index per delta: vllm-project/vllm#31761, #35184); then the finished
 * parts cannot be matched by position and {@link writeRemainder} decides what is missing.
 */
function streamedAtPositions(item: MessageItem, count: number): boolean {
  return [item.text, item.refusal].every((part) => part === undefined || [...part.written.keys()].every((index) => index < count));
}

/** The finished item's text (and refusal) beyond what streamed, in one piece: nothing is written twice. */
function writeRemainder(state: ResponsesStreamState, item: MessageItem, contents: readonly unknown[]): void {
  for (const refusal of [false, true]) {
    const part = refusal ? item.refusal : item.text;
    const full = contents
      .map((raw) => asRecord(raw))
      .filter((content) => asString(content?.type) === (refusal ? "refusal" : "output_text"))
      .map((content) => asString(refusal ? content?.refusal : content?.text) ?? "")
      .join("");
    if (part === undefined || !state.run.isTextOpen(part.messageId)) continue;
    const streamed = [...part.written.values()].reduce((sum, length) => sum + length, 0);
    // The streamed indexes were no positions: the text is one part (END metadata lists no parts per delta).
    const index = part.written.size === 0 ? 0 : part.written.keys().next().value ?? 0;
    part.written.clear();
    part.written.set(index, Math.max(full.length, streamed));
    part.streamedText?.clear();
    if (full.length > streamed) state.run.text(part.messageId, full.slice(streamed));
  }
}

/** Whether a finished message item has no text, refusal or annotation in any of its parts. */
function carriesNothing(done: Record<string, unknown>): boolean {
  return (asArray(done.content) ?? []).every((raw) => {
    const content = asRecord(raw);
    if (content === undefined) return true;
    const text = asString(content.type === "refusal" ? content.refusal : content.text);
    return (text === undefined || text === "") && (asArray(content.annotations) ?? []).length === 0;
  });
}

/**
 * TEXT_MESSAGE_END metadata: the annotations (in part order), the files they cite, and, for a
 * message item with several output_text parts, `contentParts: [{ type, length, annotations }]`
 * (each part's text length and how many of the annotations are its own: their offsets are
 * relative to their part), so the request side rebuilds the parts exactly; the token `logprobs`
 * (see {@link logprobsEndMetadata}; `finished` is the finished item's `content`, when known).
 */
function endMetadata(item: MessageItem, part: MessagePart, provider: string, finished: readonly unknown[] | undefined): BridgeMetadata | undefined {
  const logprobs = part.logprobs === undefined && finished === undefined ? undefined : logprobsEndMetadata(part.logprobs, finished, part.refusal);
  // The parts written or annotated, in order (usually one: no sort then).
  const indexes = [...part.written.keys()];
  for (const index of part.annotations.keys()) if (!part.written.has(index)) indexes.push(index);
  if (indexes.length > 1) indexes.sort((a, b) => a - b);
  const annotations: unknown[] = [];
  for (const index of indexes) {
    const own = part.annotations.get(index);
    if (own !== undefined) for (const annotation of own) annotations.push(annotation);
  }
  const contentParts =
    indexes.length > 1
      ? indexes.map((index) => ({ type: part.refusal ? "refusal" : "output_text", length: part.written.get(index) ?? 0, annotations: part.annotations.get(index)?.length ?? 0 }))
      : undefined;
  if (annotations.length === 0 && contentParts === undefined) return logprobs;
  const files = filesOfAnnotations(annotations, provider);
  const metadata: BridgeMetadata = { ...logprobs };
  if (annotations.length > 0) metadata.annotations = annotations;
  if (files.length > 0) {
    metadata.files = files;
    if (providerIdOf(item) !== undefined) metadata.itemId = item.itemId;
  }
  if (contentParts !== undefined) metadata.contentParts = contentParts;
  return metadata;
}

/** The output index of an event, if it has one. */
export function outputIndexOf(event: Record<string, unknown>): number | undefined {
  return asNumber(event.output_index);
}
