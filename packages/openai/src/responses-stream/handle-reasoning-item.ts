import { IdFingerprints, type BridgeMetadata } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asNumber, asRecord, asString } from "../narrow.js";
import { endReasoningSpan, startReasoningSpan } from "./reasoning-span.js";
import { appendTracked, tailBeyond, warnConflictingFinal } from "./streamed-tail.js";
import { addItemPosition, findItem, trackItem, uniqueId, type ReasoningItem, type ResponsesStreamState } from "./responses-stream-state.js";

/** Kind recorded on REASONING_MESSAGE_START for OpenAI's `encrypted_content`. */
export const OPENAI_ENCRYPTED_KIND = "openai-encrypted-content";

/**
 * `output_item.added` of a `reasoning` item → a reasoning span and one reasoning message (id from
 * the item), with `encryptedKind` and the item id recorded so the request side can rebuild it.
 * An item streamed without an id (`idMadeUp`: `itemId` was made up to track it) records none, so
 * the request side never sends a made-up id back as the item's.
 */
export function openReasoningItem(state: ResponsesStreamState, itemId: string, outputIndex: number | undefined, idMadeUp = false): void {
  const { run } = state;
  startReasoningSpan(state);
  const metadata: BridgeMetadata = { encryptedKind: OPENAI_ENCRYPTED_KIND };
  if (!idMadeUp) metadata.itemId = itemId;
  const messageId = run.startReasoningMessage({ messageId: uniqueId(state, itemId), metadata: addItemPosition(metadata, state, outputIndex) });
  const item: ReasoningItem = { kind: "reasoning", itemId, messageId, parts: [] };
  if (idMadeUp) item.idMadeUp = true;
  trackItem(state, item, outputIndex);
}

function reasoningOf(state: ResponsesStreamState, event: Record<string, unknown>): ReasoningItem | undefined {
  const item = findItem(state, event);
  return item?.kind === "reasoning" ? item : undefined;
}

/**
 * More parts than a reasoning item has: its `content_index` values number deltas (vLLM,
 * vllm-project/vllm#35184), not parts; past this many, the parts kept stay this many.
 */
const MAX_REASONING_PARTS = 64;

/** Writes a fragment of summary part / reasoning text part `index`, byte for byte. */
function write(state: ResponsesStreamState, item: ReasoningItem, type: ReasoningItem["parts"][number]["type"], index: number, delta: string): void {
  if (!state.run.isReasoningOpen(item.messageId)) return;
  let part = item.parts[item.parts.length - 1];
  // Past MAX_REASONING_PARTS a new index of the same type continues the last part: the indexes number deltas (vLLM).
  if (part !== undefined && part.type === type && part.index !== index && item.parts.length >= MAX_REASONING_PARTS) part.index = index;
  if (part === undefined || part.type !== type || part.index !== index) {
    part = { type, index, length: 0 };
    item.parts.push(part);
  }
  part.length += delta.length;
  part.streamed = appendTracked(part.streamed, delta);
  state.run.reasoning(item.messageId, delta);
}

type PartType = ReasoningItem["parts"][number]["type"];

/**
 * Writes what a part's final text (its `.done`, or the finished item's) holds beyond what was
 * written for it, when that was a strict prefix of it ({@link tailBeyond}: a lossy proxy dropped
 * the tail of the deltas), as message text and call arguments are completed; a final text that
 * does not extend it leaves the part as it streamed. Only a part written as one run (one entry):
 * the text of a part split around others is not known whole. The tail follows the last part
 * written, as part of it when that is this part, else as a part entry of its own, so the
 * `contentParts` lengths stay true to the message's text.
 */
function completePart(state: ResponsesStreamState, item: ReasoningItem, type: PartType, index: number, final: string): void {
  const entries = item.parts.filter((part) => part.type === type && part.index === index);
  const entry = entries.length === 1 ? entries[0] : undefined;
  const tail = tailBeyond(entry?.streamed, final);
  if (tail !== undefined) write(state, item, type, index, tail);
  else if (entry !== undefined && warnConflictingFinal(state, entry.streamed, final, { kind: "reasoning", id: item.messageId, index })) entry.streamed = null;
}

function hasPart(item: ReasoningItem, type: string, index: number): boolean {
  return item.parts.some((part) => part.type === type && part.index === index);
}

/** `response.reasoning_summary_text.delta` / `response.reasoning_text.delta`. */
export function handleReasoningDelta(state: ResponsesStreamState, event: Record<string, unknown>, summary: boolean): void {
  const item = reasoningOf(state, event);
  const delta = asString(event.delta);
  if (item === undefined || delta === undefined) return;
  const type = summary ? "summary_text" : "reasoning_text";
  const index = asNumber(summary ? event.summary_index : event.content_index) ?? 0;
  if (item.finished?.has(`${type}:${index}`) === true) return;
  write(state, item, type, index, delta);
}

/** `response.reasoning_summary_text.done` / `response.reasoning_text.done`: the text if nothing streamed. */
export function handleReasoningDone(state: ResponsesStreamState, event: Record<string, unknown>, summary: boolean): void {
  const item = reasoningOf(state, event);
  const text = asString(event.text);
  if (item === undefined || text === undefined) return;
  const type = summary ? "summary_text" : "reasoning_text";
  const index = asNumber(summary ? event.summary_index : event.content_index) ?? 0;
  (item.finished ??= new Set()).add(`${type}:${index}`);
  if (!hasPart(item, type, index)) write(state, item, type, index, text);
  else completePart(state, item, type, index, text);
}

/** Joins the runs of `type` parts into one part each (their indexes numbered deltas, not parts). */
function mergeParts(item: ReasoningItem, type: ReasoningItem["parts"][number]["type"]): void {
  const merged: ReasoningItem["parts"] = [];
  for (const part of item.parts) {
    const last = merged[merged.length - 1];
    // The merged text is no longer known piece by piece: it is left as it streamed.
    if (last !== undefined && last.type === type && part.type === type) Object.assign(last, { length: last.length + part.length, streamed: null });
    else merged.push({ ...part });
  }
  item.parts = merged;
}

/**
 * `output_item.done` of a reasoning item: summary / reasoning text that never streamed, then the
 * item's `encrypted_content` (this copy, not the possibly incomplete one on `added`) as
 * REASONING_ENCRYPTED_VALUE on the reasoning message (or, without it, the `signature` OpenRouter
 * sends), then the message and span close; the part boundaries go into REASONING_MESSAGE_END
 * metadata (`contentParts`), with OpenRouter's item fields ({@link reasoningExtensions}).
 */
export function closeReasoningItem(state: ResponsesStreamState, item: ReasoningItem, done?: Record<string, unknown>): void {
  const { run } = state;
  let extensions: BridgeMetadata | undefined;
  if (done !== undefined && run.isReasoningOpen(item.messageId)) {
    const writeMissing = (list: unknown, type: "summary_text" | "reasoning_text"): void => {
      const other = type === "summary_text" ? "reasoning_text" : "summary_text";
      // Parts streamed as the other type that the finished item lists only under this one (Qwen on
      // DashScope streams `reasoning_text` deltas and finishes the item with them as `summary`):
      // the same text, already written.
      const relabelled = (asArray(type === "summary_text" ? done.content : done.summary) ?? []).length === 0;
      const entries = asArray(list) ?? [];
      // vLLM numbers `content_index` across the response or per delta (vllm-project/vllm#31761,
      // #35184): not positions in the finished item, so only the text beyond what streamed is missing.
      if (item.parts.some((part) => part.type === type && part.index >= entries.length)) {
        const full = entries.map((entry) => asString(asRecord(entry)?.text) ?? "").join("");
        const streamed = item.parts.reduce((sum, part) => sum + (part.type === type ? part.length : 0), 0);
        if (full.length > streamed) write(state, item, type, item.parts.reduce((max, part) => Math.max(max, part.index), 0) + 1, full.slice(streamed));
        mergeParts(item, type);
        return;
      }
      entries.forEach((entry, index) => {
        const text = asString(asRecord(entry)?.text);
        if (text === undefined || text === "") return;
        if (hasPart(item, type, index)) {
          completePart(state, item, type, index, text);
          return;
        }
        if (relabelled) {
          const streamedAsOther = item.parts.find((part) => part.type === other && part.index === index);
          if (streamedAsOther?.length === text.length) return;
          // The same text, cut short while it streamed: only its rest is missing.
          if (streamedAsOther !== undefined && tailBeyond(streamedAsOther.streamed, text) !== undefined) {
            completePart(state, item, other, index, text);
            return;
          }
        }
        write(state, item, type, index, text);
      });
    };
    writeMissing(done.summary, "summary_text");
    writeMissing(done.content, "reasoning_text");
    const encrypted = asNonEmptyString(done.encrypted_content);
    const signature = asNonEmptyString(done.signature);
    if (encrypted !== undefined) run.encryptedValue("message", item.messageId, encrypted);
    // OpenRouter's reasoning items carry the upstream model's `signature` (Claude) in place of
    // `encrypted_content`: it is the item's opaque value then.
    else if (signature !== undefined) run.encryptedValue("message", item.messageId, signature);
    else if (item.idMadeUp !== true) markUnsealed(state, item);
    extensions = reasoningExtensions(done, encrypted !== undefined ? signature : undefined, encrypted === undefined && signature !== undefined);
  }
  if (run.isReasoningOpen(item.messageId)) {
    const metadata: BridgeMetadata = {};
    if (item.parts.length > 0) metadata.contentParts = item.parts.map(({ type, length }) => ({ type, length }));
    if (extensions !== undefined) Object.assign(metadata, extensions);
    run.endReasoningMessage(item.messageId, Object.keys(metadata).length > 0 ? metadata : undefined);
    endReasoningSpan(state, item.messageId);
  }
}

/**
 * The fields OpenRouter adds to a reasoning item (`format`: which upstream minted its opaque value,
 * `anthropic-claude-v1`, `openai-responses-v1`, …; `signature`), recorded on REASONING_MESSAGE_END
 * so the request side sends them back to the same server: `reasoningFields` holds them as sent
 * (the signature only when it is not the message's encrypted value), `encryptedField: "signature"`
 * says the encrypted value is the item's `signature`.
 */
function reasoningExtensions(done: Record<string, unknown>, extraSignature: string | undefined, signatureIsValue: boolean): BridgeMetadata | undefined {
  const format = asNonEmptyString(done.format);
  if (format === undefined && extraSignature === undefined && !signatureIsValue) return undefined;
  const extensions: BridgeMetadata = {};
  if (format !== undefined || extraSignature !== undefined) {
    const fields: Record<string, string> = {};
    if (format !== undefined) fields.format = format;
    if (extraSignature !== undefined) fields.signature = extraSignature;
    extensions.reasoningFields = fields;
  }
  if (signatureIsValue) extensions.encryptedField = "signature";
  return extensions;
}

/**
 * A reasoning item of the final output (`response.completed` / `.incomplete`) that streamed and
 * finished without `encrypted_content`: the final copy's value, when it has one, goes to the
 * reasoning message (some deployments are reported to fill it in only there, earendil-works/pi#4256).
 */
export function sealFromFinalOutput(state: ResponsesStreamState, final: Record<string, unknown>): void {
  const { response } = state;
  const id = asNonEmptyString(final.id);
  const encrypted = asNonEmptyString(final.encrypted_content);
  if (response.unsealedReasoning === undefined || id === undefined || encrypted === undefined || !response.unsealedReasoning.has(id)) return;
  response.unsealedReasoning.delete(id);
  const messageId = response.unsealedRenamed?.get(id) ?? id;
  response.unsealedRenamed?.delete(id);
  state.run.encryptedValue("message", messageId, encrypted);
}

/** Remembers a reasoning item that finished without its encrypted content (a few bytes each). */
function markUnsealed(state: ResponsesStreamState, item: ReasoningItem): void {
  const { response } = state;
  (response.unsealedReasoning ??= new IdFingerprints()).add(item.itemId);
  if (item.messageId !== item.itemId) (response.unsealedRenamed ??= new Map()).set(item.itemId, item.messageId);
}
