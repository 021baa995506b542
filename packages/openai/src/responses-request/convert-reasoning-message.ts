import { entityProvider, isMintedBy, readBridgeMetadata, REQUEST_WARNINGS, type ReasoningMessage } from "@agui-bridge/core/adapter";
import type { ResponseReasoningItem } from "openai/resources/responses/responses";

/**
 * A `compaction` input item, `{ type: "compaction", id?, encrypted_content }`. Declared here rather
 * than imported: the SDK's `ResponseCompactionItemParam` exists only in newer versions of the
 * peer range (openai 6.0 lacks it), and the wire shape is the same for all.
 */
export interface CompactionItemParam {
  type: "compaction";
  encrypted_content: string;
  id?: string;
}
import { isOpenAIPlatform } from "../chat-request/chat-request-rules.js";
import { OPENAI_COMPACTION_KIND } from "../responses-stream/handle-compaction-item.js";
import { OPENAI_ENCRYPTED_KIND } from "../responses-stream/handle-reasoning-item.js";
import { targetOf, type WarningSink } from "../request/request-warnings.js";
import { reasoningParts } from "../reasoning-parts.js";

/**
 * A reasoning message streamed from OpenAI (metadata `provider: "openai"`, `encryptedKind:
 * "openai-encrypted-content"`, `itemId`) → the reasoning input item it came from: same id, its
 * summary (split back into parts by the recorded `contentParts`), reasoning text, and its
 * `encrypted_content` (or `signature`, with OpenRouter's `format`, as that server streamed them),
 * so a `store: false` conversation continues (an item another server streamed without an id goes
 * back to it without one; OpenAI's platforms require the id). Anything else is dropped with
 * a warning (`request.foreign-reasoning` for another provider's reasoning, `request.reasoning-dropped`
 * for this platform's own that cannot go back): an encrypted value minted elsewhere is never sent. Reasoning text goes as `content`
 * only to servers other than OpenAI's own platforms: those take a reasoning input item's `summary`
 * and `encrypted_content` only (a non-empty `content` is HTTP 400 `array_above_max_length`; Codex
 * never sends it), so there the text is left out with a warning.
 */
export function toReasoningItem(
  message: ReasoningMessage,
  sink: WarningSink,
): ResponseReasoningItem | CompactionItemParam | undefined {
  const fields = readBridgeMetadata(message.metadata);
  const itemId = typeof fields?.itemId === "string" ? fields.itemId : undefined;
  if (isMintedBy(message, targetOf(sink)) && fields?.encryptedKind === OPENAI_COMPACTION_KIND) return compactionItem(message, itemId, sink);
  // A reasoning item another Responses server streamed without an id (the stream side records no
  // made-up one) goes back to that server without one; OpenAI's platforms require the id.
  const withoutId = itemId === undefined && !isOpenAIPlatform(targetOf(sink));
  const ours = isMintedBy(message, targetOf(sink)) && fields?.encryptedKind === OPENAI_ENCRYPTED_KIND && (itemId !== undefined || withoutId);
  if (!ours) {
    // Another provider's reasoning (or one holding another vendor's value): core's shared code, as
    // every converter reports it. This platform's own reasoning that cannot go back (no item id
    // where one is required, no encrypted kind) keeps the Responses-specific code.
    const kind = fields?.encryptedKind;
    if (!isMintedBy(message, targetOf(sink)) || (kind !== undefined && kind !== OPENAI_ENCRYPTED_KIND)) {
      const from = entityProvider(message);
      sink.warn(REQUEST_WARNINGS.foreignReasoning, `Reasoning message ${message.id} (from ${from ?? "an unknown source"}) was not produced by ${targetOf(sink)}; it and any encrypted value were dropped`, {
        messageId: message.id,
        provider: from ?? null,
      });
    } else {
      sink.warn("request.reasoning-dropped", `Reasoning message ${message.id} cannot go back to ${targetOf(sink)} as a reasoning input item (no item id or encrypted content was recorded); dropped`, {
        messageId: message.id,
      });
    }
    return undefined;
  }
  const parts = reasoningParts(message);
  const summary = parts.flatMap((part) => (part.type === "summary_text" ? [part.text] : []));
  const content = parts.flatMap((part) => (part.type === "reasoning_text" ? [part.text] : []));
  const sendsContent = content.length > 0 && !isOpenAIPlatform(targetOf(sink));
  if (content.length > 0 && !sendsContent) {
    sink.warn("request.reasoning-text-dropped", `Reasoning message ${message.id}: ${targetOf(sink)} takes no reasoning text on input items; its summary and encrypted content are sent without it`, {
      messageId: message.id,
      parts: content.length,
    });
  }
  const valueField = fields?.encryptedField === "signature" ? "signature" : "encrypted_content";
  return {
    type: "reasoning",
    ...(itemId !== undefined && { id: itemId }),
    summary: summary.map((text) => ({ type: "summary_text" as const, text })),
    ...(sendsContent && { content: content.map((text) => ({ type: "reasoning_text" as const, text })) }),
    ...(message.encryptedValue !== undefined && { [valueField]: message.encryptedValue }),
    ...extensionFields(fields?.reasoningFields),
  } as ResponseReasoningItem;
}

/**
 * The reasoning item fields OpenRouter added when it streamed the item (`format`, `signature`,
 * recorded as `reasoningFields`), sent back as they came: only string values, only those two.
 */
function extensionFields(recorded: unknown): { format?: string; signature?: string } {
  if (typeof recorded !== "object" || recorded === null) return {};
  const { format, signature } = recorded as Record<string, unknown>;
  return { ...(typeof format === "string" && { format }), ...(typeof signature === "string" && { signature }) };
}

/**
 * A reasoning message holding an OpenAI `compaction` item (kind `openai-compaction`) → that item
 * again: `{ type: "compaction", id, encrypted_content }`. Without its encrypted content there is
 * nothing to send: dropped with a warning.
 */
function compactionItem(message: ReasoningMessage, itemId: string | undefined, sink: WarningSink): CompactionItemParam | undefined {
  if (message.encryptedValue === undefined || message.encryptedValue === "") {
    sink.warn(REQUEST_WARNINGS.missingEncryptedValue, `Compaction ${message.id} has no encrypted content; dropped`, { messageId: message.id });
    return undefined;
  }
  return { type: "compaction", encrypted_content: message.encryptedValue, ...(itemId !== undefined && { id: itemId }) };
}
