import { isMintedBy, readBridgeMetadata, type AssistantMessage } from "@agui-bridge/core/adapter";
import type { ResponseInputItem, ResponseOutputMessage, ResponseOutputText } from "openai/resources/responses/responses";
import { annotatedOutputMessage } from "../request/convert-cited-files.js";
import { asArray, asNonEmptyString, isRecord } from "../narrow.js";
import { outputTextParts } from "./output-text-parts.js";

const PHASES = new Set(["commentary", "final_answer"]);

/** The `phase` OpenAI gave the message item, when it streamed it. */
export function phaseOf(message: AssistantMessage, provider = "openai"): "commentary" | "final_answer" | undefined {
  if (!isMintedBy(message, provider)) return undefined;
  const phase = readBridgeMetadata(message.metadata)?.phase;
  return typeof phase === "string" && PHASES.has(phase) ? (phase as "commentary" | "final_answer") : undefined;
}

/**
 * An assistant message as a Responses input item:
 * - streamed from the Responses API (metadata `provider: "openai"`, an `itemId` that is a message
 *   id, `msg_…`) → the output message item it came from: same id, `status: "completed"`, its text
 *   as `output_text` (with the annotations it had) or `refusal`, and its `phase`;
 * - any other message → an assistant message `{ role, content }` (with `phase` when OpenAI set one).
 * `undefined` for a message without text.
 */
export function assistantMessageItem(message: AssistantMessage, provider = "openai"): ResponseInputItem | undefined {
  const phase = phaseOf(message, provider);
  const annotated = annotatedOutputMessage(message, provider);
  // `phase` is not in the input item types of older SDK versions in the peer range (openai 6.0).
  if (annotated !== undefined) return phase === undefined ? annotated : ({ ...annotated, phase } as unknown as ResponseInputItem);
  const text = message.content ?? "";
  if (text === "") return undefined;
  const fields = readBridgeMetadata(message.metadata);
  const itemId = asNonEmptyString(fields?.itemId);
  if (isMintedBy(message, provider) && itemId?.startsWith("msg") === true) {
    const annotations = (asArray(fields?.annotations) ?? []).filter(isRecord) as unknown as ResponseOutputText["annotations"];
    const item: ResponseOutputMessage = {
      type: "message",
      role: "assistant",
      id: itemId,
      // `completed` also for a message an output limit cut off: the API reference describes an
      // input message item's `status` only as "populated when input items are returned via API"
      // and says nothing of `incomplete` as input, so the text is replayed as the finished turn it now is.
      status: "completed",
      content: fields?.refusal === true ? [{ type: "refusal", refusal: text }] : outputTextParts(text, annotations, fields?.contentParts),
      ...(phase !== undefined && { phase }),
    };
    return item;
  }
  return { role: "assistant", content: text, ...(phase !== undefined && { phase }) };
}
