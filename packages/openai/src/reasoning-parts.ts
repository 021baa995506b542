import { readBridgeMetadata } from "@agui-bridge/core/adapter";

/** One part of a Responses reasoning item: a summary part or a part of the reasoning text. */
export interface ReasoningPart {
  type: "summary_text" | "reasoning_text";
  text: string;
}

/**
 * The parts of a reasoning message streamed from a Responses `reasoning` item, in order. The
 * stream side writes an item's parts into one reasoning message, byte for byte and with nothing
 * between them, and records each part's length on REASONING_MESSAGE_END (`contentParts`). OpenAI's
 * summary parts are each a short section that opens with a bold title (`**Planning**\n\n…`), so a
 * UI showing the summary shows them apart; the request side sends them back as the item's
 * `summary` and `content` entries. When the message records no parts, or lengths that do not add
 * up to its text (edited, or not from this adapter), the whole text is one `summary_text` part
 * (none for an empty text).
 *
 * ```ts
 * for (const part of reasoningParts(message)) render(part.text);
 * ```
 */
export function reasoningParts(message: { content: string; metadata?: unknown }): ReasoningPart[] {
  const text = message.content;
  const recorded = readBridgeMetadata(message.metadata)?.contentParts;
  const parts = Array.isArray(recorded) ? recorded.map((part) => (typeof part === "object" && part !== null ? (part as Record<string, unknown>) : {})) : [];
  const total = parts.reduce((sum, part) => sum + (Number.isSafeInteger(part.length) && (part.length as number) >= 0 ? (part.length as number) : Number.NaN), 0);
  if (parts.length === 0 || total !== text.length) return text === "" ? [] : [{ type: "summary_text", text }];
  let offset = 0;
  return parts.map((part) => {
    const length = part.length as number;
    const slice = text.slice(offset, offset + length);
    offset += length;
    return { type: part.type === "reasoning_text" ? "reasoning_text" : "summary_text", text: slice };
  });
}
