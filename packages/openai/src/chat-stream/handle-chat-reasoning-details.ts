import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import {
  REASONING_DETAIL_KIND,
  closeChoiceReasoning,
  reasoningStartMetadata,
  type ChatChoiceState,
  type ChatStreamState,
  type ReasoningDetailDescriptor,
} from "./chat-stream-state.js";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";

/** Fields of an entry that are its content or opaque value, not its shape (kept in the descriptor only when not a string, e.g. `signature: null`). */
const VALUE_FIELDS = new Set(["text", "summary", "data", "signature"]);

/**
 * `delta.reasoning_details` (OpenRouter, Vercel AI Gateway): entries `reasoning.text` (`text`,
 * optional `signature`), `reasoning.summary` (`summary`) and `reasoning.encrypted` (`data`), each
 * with `id`, `format`, `index`. Fragments of one entry (same `type` and `index`) arrive over
 * several chunks; a fragment continuing an entry whose message was closed meanwhile (a tool call
 * or text came in between) opens a new reasoning message with the same `order`.
 *
 * - Text and summary entries stream into a reasoning message of their own, byte for byte; a
 *   `signature` becomes the REASONING_ENCRYPTED_VALUE of that message.
 * - An encrypted entry whose `id` names an open tool call of the turn goes on that tool call; one
 *   whose `id` names no call yet waits (a single opaque value, not text) until a call with that id
 *   starts, and otherwise goes on a reasoning message of its own when the choice ends.
 * - Every entry's other fields (`type`, `id`, `format`, `index`, anything else scalar) and its
 *   position among the turn's entries are kept as `reasoningDetail: { order, entry }` in the
 *   metadata of the entity that holds it, so the request side rebuilds the array exactly.
 *
 * Returns whether any entry carried reasoning text, so the duplicate `delta.reasoning` string
 * gateways send beside it is not written twice.
 */
export function handleChatReasoningDetails(state: ChatStreamState, choice: ChatChoiceState, details: unknown): boolean {
  let carriedText = false;
  for (const raw of asArray(details) ?? []) {
    const entry = asRecord(raw);
    const type = asString(entry?.type);
    if (entry === undefined || type === undefined) continue;
    if (type === "reasoning.encrypted") handleEncrypted(state, choice, entry);
    else if (type === "reasoning.text" || type === "reasoning.summary") {
      carriedText = true;
      handleTextEntry(state, choice, entry, type);
    } else if (!state.warned.has(`detail:${type}`)) {
      state.warned.add(`detail:${type}`);
      state.options.onWarning?.({
        code: STREAM_WARNINGS.unknownContent,
        message: `reasoning_details entries of type ${type} are not modelled; dropped (reported once per stream)`,
        details: { kind: "reasoning-detail", type },
      });
    }
  }
  return carriedText;
}

/**
 * A tool call of the choice started: an encrypted entry waiting for its id goes on it now.
 * Returns the entry's descriptor (for the call's TOOL_CALL_END), if one was claimed.
 */
export function claimEncryptedDetail(
  state: ChatStreamState,
  choice: ChatChoiceState,
  providerId: string | undefined,
  toolCallId: string,
): ReasoningDetailDescriptor | undefined {
  if (providerId === undefined) return undefined;
  const at = choice.pendingEncrypted.findIndex((entry) => entry.descriptor.entry.id === providerId);
  const entry = at === -1 ? undefined : choice.pendingEncrypted.splice(at, 1)[0];
  if (entry === undefined) return undefined;
  state.run.encryptedValue("tool-call", toolCallId, entry.data);
  return entry.descriptor;
}

function handleTextEntry(state: ChatStreamState, choice: ChatChoiceState, entry: Record<string, unknown>, type: string): void {
  const { run } = state;
  const key = `${type}:${keyIndex(entry)}`;
  let open = choice.detail;
  if (open !== undefined && (open.key !== key || !run.isReasoningOpen(open.messageId))) {
    closeChoiceReasoning(state, choice);
    open = undefined;
  }
  if (open === undefined) {
    if (choice.reasoningId !== undefined) closeChoiceReasoning(state, choice);
    const continued = choice.lastDetail?.key === key ? choice.lastDetail.order : undefined;
    const descriptor = describe(entry, continued ?? choice.detailCount++);
    choice.lastDetail = { key, order: descriptor.order };
    if (run.reasoningSpan === undefined) run.startReasoning();
    const messageId = run.startReasoningMessage({
      metadata: reasoningStartMetadata(choice, { encryptedKind: REASONING_DETAIL_KIND, reasoningDetail: copyDescriptor(descriptor) }),
    });
    open = { key, messageId, descriptor, signature: "" };
    choice.detail = open;
  } else {
    fillDescriptor(open.descriptor, entry);
  }
  const text = asString(type === "reasoning.text" ? entry.text : entry.summary);
  if (text !== undefined && text !== "") run.reasoning(open.messageId, text);
  const signature = asString(entry.signature);
  if (signature !== undefined) open.signature += signature;
}

function handleEncrypted(state: ChatStreamState, choice: ChatChoiceState, entry: Record<string, unknown>): void {
  const data = asString(entry.data);
  if (data === undefined) return;
  // Another entry comes between: the one being streamed is complete.
  if (choice.detail !== undefined) closeChoiceReasoning(state, choice);
  choice.lastDetail = undefined;
  const descriptor = describe(entry, choice.detailCount++);
  const id = asNonEmptyString(entry.id);
  const open = [...choice.parkedTools, ...choice.tools.values()];
  const tool = id === undefined ? undefined : open.find((t) => t.providerId === id && t.reasoningDetail === undefined);
  if (tool !== undefined && state.run.isToolCallOpen(tool.toolCallId)) {
    state.run.encryptedValue("tool-call", tool.toolCallId, data);
    tool.reasoningDetail = descriptor;
    return;
  }
  choice.pendingEncrypted.push({ descriptor, data });
}

function keyIndex(entry: Record<string, unknown>): string {
  const index = entry.index;
  return typeof index === "number" ? String(index) : "-";
}

/** The entry's shape: every scalar field but its content and opaque value, plus its `order`. */
function describe(entry: Record<string, unknown>, order: number): ReasoningDetailDescriptor {
  const descriptor: ReasoningDetailDescriptor = { order, entry: {} };
  fillDescriptor(descriptor, entry);
  return descriptor;
}

/** Adds fields a later fragment brings (the first value of a field wins). */
function fillDescriptor(descriptor: ReasoningDetailDescriptor, entry: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(entry)) {
    if (field === "__proto__" || (VALUE_FIELDS.has(field) && typeof value === "string") || Object.hasOwn(descriptor.entry, field)) continue;
    if (value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) {
      descriptor.entry[field] = value;
    }
  }
}

/** A copy, so metadata already emitted never changes when later fragments fill the descriptor in. */
export function copyDescriptor(descriptor: ReasoningDetailDescriptor): ReasoningDetailDescriptor {
  return { order: descriptor.order, entry: { ...descriptor.entry } };
}
