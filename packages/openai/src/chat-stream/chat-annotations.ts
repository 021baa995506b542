import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import type { ChatChoiceState } from "./chat-stream-state.js";
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
  const entries = asArray(value);
  if (entries === undefined) return;
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const key = stableKey(entry);
    if (key === undefined || choice.annotationKeys.has(key)) continue;
    choice.annotationKeys.add(key);
    choice.annotations.push(entry);
  }
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
