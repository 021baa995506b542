import type { ContentPart, FileSource } from "@agui-bridge/core/adapter";
import { asNonEmptyString, isRecord } from "../narrow.js";

const PROVIDER = "anthropic";

/** How deep {@link fileIdsIn} looks into a result's content (results are shallow; payloads are untrusted). */
const MAX_DEPTH = 8;

/**
 * A file handle Anthropic issued (a Files API `file_id`) as an AG-UI content part: an ImagePart
 * when a stated MIME type says image, else a DocumentPart. The source is a FileSource
 * `{ type: "file", value, provider }` whose value is the handle exactly as issued: never parsed,
 * fetched or rewritten. `provider` is the platform label the handle was minted on (default
 * `anthropic`; `amazon-bedrock`, `google-vertex-anthropic` on the clouds).
 */
export function fileHandlePart(handle: string, mimeType?: string, metadata?: Record<string, unknown>, provider: string = PROVIDER): ContentPart {
  const source: FileSource = { type: "file", value: handle, provider, ...(mimeType !== undefined && { mimeType }) };
  const extra = metadata !== undefined && Object.keys(metadata).length > 0 ? { metadata } : {};
  return mimeType?.startsWith("image/") === true ? { type: "image", source, ...extra } : { type: "document", source, ...extra };
}

/**
 * Every distinct `file_id` string inside a provider-run tool result's content, in order of first
 * appearance, with the type of the object naming it (`code_execution_output`,
 * `bash_code_execution_output`, …). Output files of code execution sit at
 * `content.content[].file_id`; the walk is generic so a result shape that names a file elsewhere
 * is not missed.
 */
export function fileIdsIn(content: unknown): Array<{ fileId: string; type: string | undefined }> {
  const found = new Map<string, string | undefined>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const entry of value) walk(entry, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    const fileId = asNonEmptyString(value.file_id);
    if (fileId !== undefined && !found.has(fileId)) found.set(fileId, asNonEmptyString(value.type));
    // Keys, not entries: no [key, value] pair allocated per field of a (possibly large) result.
    for (const key of Object.keys(value)) if (key !== "file_id") walk(value[key], depth + 1);
  };
  walk(content, 0);
  return [...found].map(([fileId, type]) => ({ fileId, type }));
}

/**
 * The files a text message's citations name (`char_location`, `page_location`,
 * `content_block_location` citations of a document given by `file_id`): one part per distinct
 * handle, its metadata listing the indexes of the citations naming it (`citationIndexes`) and the
 * document title when given. `provider` labels the handles (see {@link fileHandlePart}).
 */
export function filesOfCitations(citations: readonly unknown[], provider: string = PROVIDER): ContentPart[] {
  if (citations.length === 0) return [];
  const byHandle = new Map<string, { indexes: number[]; title: string | undefined }>();
  citations.forEach((citation, index) => {
    if (!isRecord(citation)) return;
    const handle = asNonEmptyString(citation.file_id);
    if (handle === undefined) return;
    const seen = byHandle.get(handle);
    if (seen !== undefined) seen.indexes.push(index);
    else byHandle.set(handle, { indexes: [index], title: asNonEmptyString(citation.document_title) });
  });
  return [...byHandle].map(([handle, { indexes, title }]) =>
    fileHandlePart(handle, undefined, { ...(title !== undefined && { documentTitle: title }), citationIndexes: indexes }, provider),
  );
}
