import { isMintedBy, isSourceUsableBy, readBridgeMetadata, type AssistantMessage, type ContentPart, REQUEST_WARNINGS } from "@agui-bridge/core/adapter";
import type { ResponseInputItem, ResponseOutputMessage, ResponseOutputText } from "openai/resources/responses/responses";
import { asArray, asNonEmptyString, isRecord } from "../narrow.js";
import { targetOf, type WarningSink } from "./request-warnings.js";
import { outputTextParts } from "../responses-request/output-text-parts.js";

const PROVIDER = "openai";

/** The file parts recorded next to a message's citations (`files` in its bridge metadata). */
export function citedFiles(message: { metadata?: unknown }): ContentPart[] {
  const files = asArray(readBridgeMetadata(message.metadata)?.files) ?? [];
  return files.filter((part): part is ContentPart => isRecord(part) && isRecord(part.source) && typeof part.source.value === "string");
}

/**
 * Warns about every file handle cited by an assistant message that OpenAI cannot use (minted by
 * another provider). Such handles only live in the message's metadata and are never sent; the
 * warning says so. Returns whether the message carries any cited file.
 */
export function warnForeignCitedFiles(message: AssistantMessage, sink: WarningSink): boolean {
  const files = citedFiles(message);
  files.forEach((part, index) => {
    if (part.type === "text" || isSourceUsableBy(part.source, targetOf(sink))) return;
    sink.warn(REQUEST_WARNINGS.foreignFile, `assistant message ${message.id}: a cited file minted by ${part.source.type === "file" ? String(part.source.provider) : "another provider"} cannot be sent to OpenAI; dropped`, {
      where: `assistant message ${message.id} cited file ${index}`,
      provider: part.source.type === "file" ? (part.source.provider ?? null) : null,
    });
  });
  return files.length > 0;
}

/**
 * An assistant message streamed from OpenAI's Responses API whose annotations name files
 * (`files` + `annotations` + `itemId` in its metadata) → the output message item it came from,
 * annotations included, so every cited handle goes back to OpenAI exactly as issued. `undefined`
 * for any other message (sent as plain assistant text).
 */
export function annotatedOutputMessage(message: AssistantMessage, provider: string = PROVIDER): ResponseInputItem | undefined {
  if (!isMintedBy(message, provider) || citedFiles(message).length === 0) return undefined;
  const fields = readBridgeMetadata(message.metadata);
  const annotations = asArray(fields?.annotations);
  const itemId = asNonEmptyString(fields?.itemId);
  const text = message.content ?? "";
  if (annotations === undefined || itemId === undefined || text === "") return undefined;
  const item: ResponseOutputMessage = {
    type: "message",
    role: "assistant",
    id: itemId,
    status: "completed",
    // The annotations OpenAI sent with this very message, as it sent them.
    content: outputTextParts(text, annotations.filter(isRecord) as unknown as ResponseOutputText["annotations"], fields?.contentParts),
  };
  return item;
}
