import type { ResponseOutputText } from "openai/resources/responses/responses";
import { isRecord } from "../narrow.js";

type Annotations = ResponseOutputText["annotations"];

/**
 * The `output_text` parts of a message item streamed from Responses, rebuilt from its text and
 * annotations: one part, unless the stream recorded several (`contentParts: [{ type, length,
 * annotations }]` on TEXT_MESSAGE_END), in which case the text is cut at the recorded lengths and
 * each part gets its own annotations back (their offsets are relative to their part). A record
 * that does not add up to the text and annotations at hand (the message was edited) gives one part.
 */
export function outputTextParts(text: string, annotations: Annotations, recorded: unknown): ResponseOutputText[] {
  const single: ResponseOutputText[] = [{ type: "output_text", text, annotations }];
  if (!Array.isArray(recorded) || recorded.length < 2) return single;
  const parts = recorded.map((part) => (isRecord(part) ? part : {}));
  const lengths = parts.map((part) => part.length);
  const counts = parts.map((part) => part.annotations ?? 0);
  const valid = (values: unknown[]): values is number[] => values.every((value) => typeof value === "number" && Number.isInteger(value) && value >= 0);
  if (!valid(lengths) || !valid(counts) || parts.some((part) => part.type !== "output_text")) return single;
  if (lengths.reduce((a, b) => a + b, 0) !== text.length || counts.reduce((a, b) => a + b, 0) !== annotations.length) return single;
  let offset = 0;
  let used = 0;
  return lengths.map((length, index) => {
    const count = counts[index] ?? 0;
    const part: ResponseOutputText = { type: "output_text", text: text.slice(offset, offset + length), annotations: annotations.slice(used, used + count) };
    offset += length;
    used += count;
    return part;
  });
}
