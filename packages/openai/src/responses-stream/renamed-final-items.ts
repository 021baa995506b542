import { IdFingerprints } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * Recognising a streamed item that the final output (`response.completed`) lists under another id.
 * OpenRouter's Responses API gives a reasoning item a fresh temporary id (`rs_tmp_…`) in the final
 * output while keeping the others' ids, so the final output names some streamed items by their
 * streamed ids and one by a new id; mapping that one as a new item would write its reasoning twice.
 * An item whose id never streamed is the streamed item at its output index when both are of one
 * type with the same content (reasoning and message text, a call's `call_id`, name and arguments),
 * compared by fingerprint: an item the server really added only in the final output differs in type
 * or content (LiteLLM's bridge puts a call at an index a streamed message used, BerriAI/litellm#41185).
 */
export function recordFinishedContent(state: ResponsesStreamState, item: Record<string, unknown>, outputIndex: number | undefined): void {
  const key = contentKey(item, outputIndex);
  if (key !== undefined) (state.response.finishedContent ??= new IdFingerprints()).add(key);
}

/** Whether the final output's `item` (an id that never streamed) is a finished streamed item renamed. */
export function isRenamedStreamedItem(state: ResponsesStreamState, item: Record<string, unknown>, outputIndex: number): boolean {
  const key = contentKey(item, outputIndex);
  return key !== undefined && state.response.finishedContent?.has(key) === true;
}

/** Output index, type and content of the items that can be recognised this way; `undefined` for others. */
function contentKey(item: Record<string, unknown>, outputIndex: number | undefined): string | undefined {
  if (outputIndex === undefined) return undefined;
  const type = asString(item.type);
  let parts: string[] | undefined;
  if (type === "reasoning") parts = [...texts(item.summary), "\u0000", ...texts(item.content)];
  else if (type === "message") parts = texts(item.content);
  else if (type === "function_call") {
    const callId = asNonEmptyString(item.call_id);
    parts = callId === undefined ? undefined : [callId, asString(item.name) ?? "", asString(item.arguments) ?? ""];
  }
  // Nothing to compare (an empty message or reasoning item): not recognisable.
  if (parts === undefined || !parts.some((part) => part !== "" && part !== "\u0000")) return undefined;
  return `${outputIndex}\u0002${type}\u0002${sampled(parts.join("\u0001"))}`;
}

/** Characters kept from each end of a long content in its key. */
const SAMPLE_LENGTH = 128;

/**
 * Long content keyed by its length and both ends: the key is fingerprinted once per finished item,
 * and hashing a whole long message or argument text would cost more than the item's own events. A
 * renamed item repeats its content exactly; an item that is not one would have to share the output
 * index, the type, the length and 256 characters at the ends and differ only in between.
 */
function sampled(content: string): string {
  if (content.length <= 2 * SAMPLE_LENGTH) return content;
  return `${content.length}\u0003${content.slice(0, SAMPLE_LENGTH)}\u0003${content.slice(-SAMPLE_LENGTH)}`;
}

/** The `text` (or `refusal`) of each part of a content / summary list. */
function texts(list: unknown): string[] {
  return (asArray(list) ?? []).map((part) => {
    const record = asRecord(part);
    return asString(record?.text) ?? asString(record?.refusal) ?? "";
  });
}
