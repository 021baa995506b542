import { withDataUrlAsData, type ContentPart, type PartSource } from "@agui-bridge/core/adapter";
import { asNonEmptyString, asRecord, asString } from "../narrow.js";

/**
 * A Responses input content list (the `output` of a `function_call_output` /
 * `custom_tool_call_output` item: `input_text`, `input_image`, `input_file` parts, openai-node
 * 7.60 `ResponseFunctionCallOutputItemList`) as AG-UI content parts, the inverse of the request
 * side's `convertContentParts`, so the parts go back as they came:
 *
 * - `input_text` → a text part;
 * - `input_image` → an image part: a base64 `data:` URL as a DataSource, another URL as a
 *   UrlSource, a `file_id` as a FileSource `{ provider }`; its `detail` as part metadata `detail`;
 * - `input_file` → a document part: `file_data` (a data URL) as a DataSource, `file_url` as a
 *   UrlSource, `file_id` as a FileSource; `filename` and `detail` as part metadata.
 *
 * A part of another type, or one naming no bytes, becomes a text part holding its JSON (metadata
 * `partType`), so nothing it carried is lost.
 */
export function inputContentParts(list: readonly unknown[], provider: string): ContentPart[] {
  return list.map((entry) => inputContentPart(entry, provider));
}

function inputContentPart(entry: unknown, provider: string): ContentPart {
  const part = asRecord(entry);
  const type = asString(part?.type);
  if (type === "input_text" && typeof part?.text === "string") return { type: "text", text: part.text };
  const metadata = partMetadata(part);
  if (type === "input_image" && part !== undefined) {
    const source = sourceOf(asNonEmptyString(part.image_url), asNonEmptyString(part.file_id), provider);
    if (source !== undefined) return { type: "image", source, ...metadata };
  }
  if (type === "input_file" && part !== undefined) {
    const source = sourceOf(asNonEmptyString(part.file_data) ?? asNonEmptyString(part.file_url), asNonEmptyString(part.file_id), provider);
    if (source !== undefined) return { type: "document", source, ...metadata };
  }
  return { type: "text", text: JSON.stringify(entry) ?? "null", metadata: { partType: type ?? null } };
}

/** A URL (a base64 `data:` URL: the data it spells), else a file handle. */
function sourceOf(url: string | undefined, fileId: string | undefined, provider: string): PartSource | undefined {
  if (url !== undefined) return withDataUrlAsData({ type: "url", value: url });
  if (fileId !== undefined) return { type: "file", value: fileId, provider };
  return undefined;
}

/** `detail` and `filename`, where the request side reads them back (part metadata). */
function partMetadata(part: Record<string, unknown> | undefined): { metadata?: Record<string, string> } {
  const detail = asNonEmptyString(part?.detail);
  const filename = asNonEmptyString(part?.filename);
  if (detail === undefined && filename === undefined) return {};
  return { metadata: { ...(detail !== undefined && { detail }), ...(filename !== undefined && { filename }) } };
}
