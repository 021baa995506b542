import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import type { ChatChoiceState, ChatStreamState } from "./chat-stream-state.js";
import { logprobsMetadata } from "./chat-logprobs.js";
import { GOOGLE_THOUGHT_SIGNATURE_KIND } from "./chat-tool-call-fields.js";
import { asArray, isRecord } from "../narrow.js";

/**
 * `delta.annotations` (OpenAI's search models, OpenRouter's web plugin: `{ type: "url_citation",
 * url_citation: { url, title, start_index, end_index, content? } }`), and the same array beside the
 * delta on the choice: collected per choice in arrival order, exact repeats once (gateways repeat
 * them, and may send both copies), for the text's TEXT_MESSAGE_END (metadata `annotations`, as on
 * the Responses side). They often arrive on a chunk of their own after the text.
 */
export function collectAnnotations(choice: ChatChoiceState, value: unknown): void {
  addNew(choice, value, choice.annotations);
}

/** Appends the entries of `value` not seen on the choice yet (exact repeats once) to `sink`; how many. */
function addNew(choice: ChatChoiceState, value: unknown, sink: Record<string, unknown>[]): number {
  const entries = asArray(value);
  if (entries === undefined) return 0;
  let added = 0;
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const key = stableKey(entry);
    if (key === undefined || choice.annotationKeys.has(key)) continue;
    choice.annotationKeys.add(key);
    sink.push(entry);
    added += 1;
  }
  return added;
}

/**
 * Annotations that arrive once the choice's text can no longer take them: after the chunk with its
 * `finish_reason` closed it (gateways running a web search send the citations on a chunk of their
 * own after the finish). Its TEXT_MESSAGE_END went out already and cannot be amended, so they go
 * where the mapper leaves sources no text message took: the terminal event's `sources`
 * (RUN_FINISHED / RUN_ERROR, see `keepUnplacedSources`), one entry per choice
 * `{ callId, messageId?, choiceIndex?, annotations }`, `messageId` the text they belong to (absent
 * when the choice streamed none), `choiceIndex` for a choice other than the first. Exact repeats
 * of annotations already kept (on the END, or here) are dropped, as on the END.
 */
export function keepLateAnnotations(state: ChatStreamState, choice: ChatChoiceState, value: unknown): void {
  const added: Record<string, unknown>[] = [];
  if (addNew(choice, value, added) > 0) keepUnplaced(state, choice, added);
}

/**
 * Annotations collected for a text END that no text message of the choice took: it streamed none
 * (a tool-call turn, a refusal, a stream cut short before the answer), so they go on the terminal
 * event's `sources` with the late ones (the same entry, see {@link keepLateAnnotations}). Read when
 * the choice closes and before the run ends; they leave the choice, so a second read adds nothing.
 */
export function keepAnnotationsNoTextTook(state: ChatStreamState, choice: ChatChoiceState): void {
  if (choice.textId !== undefined || choice.endedTextId !== undefined || choice.annotations.length === 0) return;
  keepUnplaced(state, choice, choice.annotations.splice(0));
}

/** Appends annotations to the choice's entry of the terminal event's `sources` (created on first use). */
function keepUnplaced(state: ChatStreamState, choice: ChatChoiceState, added: readonly Record<string, unknown>[]): void {
  const late = (choice.lateAnnotations ??= { at: state.unplacedSources.length, annotations: [] });
  for (const entry of added) late.annotations.push(entry);
  state.unplacedSources[late.at] = {
    callId: state.completionId ?? "chat-completion",
    ...(choice.endedTextId !== undefined && { messageId: choice.endedTextId }),
    ...(choice.index !== 0 && { choiceIndex: choice.index }),
    annotations: [...late.annotations],
  };
  state.run.setTerminalMetadata({ sources: [...state.unplacedSources] });
}

/** Whether annotations now are too late for the choice's text: it finished and its text closed. */
export function annotationsTooLate(choice: ChatChoiceState): boolean {
  return choice.finished && choice.textId === undefined;
}

/** The TEXT_MESSAGE_END metadata of a choice's text: chunk-level citations plus its annotations and token `logprobs`. */
export function textEndMetadata(choice: ChatChoiceState, citations: BridgeMetadata | undefined): BridgeMetadata | undefined {
  const logprobs = logprobsMetadata(choice.logprobs.content);
  if (choice.annotations.length === 0 && logprobs === undefined) return citations;
  return { ...citations, ...(choice.annotations.length > 0 && { annotations: [...choice.annotations] }), ...logprobs };
}

/**
 * The END fields of the choice's text message `textId`, read whenever the run closes it (a failed
 * stream included): {@link textEndMetadata}, and `encryptedKind: "google-thought-signature"` when
 * a Gemini text signature was written on it.
 */
export function chatTextEndFields(choice: ChatChoiceState, citations: BridgeMetadata | undefined, textId: string): BridgeMetadata | undefined {
  const metadata = textEndMetadata(choice, citations);
  return choice.textSignature?.writtenOn === textId ? { ...metadata, encryptedKind: GOOGLE_THOUGHT_SIGNATURE_KIND } : metadata;
}

function stableKey(entry: Record<string, unknown>): string | undefined {
  try {
    return JSON.stringify(entry);
  } catch {
    return undefined;
  }
}
