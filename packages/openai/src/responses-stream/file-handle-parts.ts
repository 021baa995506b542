import type { ContentPart, FileSource } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";

const PROVIDER = "openai";

/** File extensions read as images when the provider gives a filename but no MIME type. */
const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp"]);

/** What is known about one file handle besides the handle itself. */
export interface FileHandleInfo {
  /** The MIME type, only when the provider stated it. */
  mimeType?: string;
  filename?: string;
  /** Extra fields for the part's `metadata` (container id, where the handle was named). */
  metadata?: Record<string, unknown>;
}

/**
 * A file handle OpenAI issued, as an AG-UI content part: an ImagePart when the stated MIME type
 * (or, without one, the filename's extension) says image, else a DocumentPart. The source is a
 * FileSource `{ type: "file", value, provider: "openai" }` whose value is the handle exactly as
 * issued: it is never parsed, fetched or rewritten.
 */
export function fileHandlePart(handle: string, info: FileHandleInfo = {}, provider: string = PROVIDER): ContentPart {
  const source: FileSource = { type: "file", value: handle, provider, ...(info.mimeType !== undefined && { mimeType: info.mimeType }) };
  const metadata = { ...(info.filename !== undefined && { filename: info.filename }), ...info.metadata };
  const extra = Object.keys(metadata).length > 0 ? { metadata } : {};
  return isImage(info) ? { type: "image", source, ...extra } : { type: "document", source, ...extra };
}

function isImage(info: FileHandleInfo): boolean {
  if (info.mimeType !== undefined) return info.mimeType.startsWith("image/");
  const dot = info.filename?.lastIndexOf(".") ?? -1;
  return dot >= 0 && IMAGE_EXTENSIONS.has((info.filename ?? "").slice(dot + 1).toLowerCase());
}

/** Annotation types that name a file OpenAI holds. */
const FILE_ANNOTATIONS = new Set(["file_citation", "container_file_citation", "file_path"]);

/**
 * The files named by a message's annotations (`file_citation`, `container_file_citation`,
 * `file_path`): one part per distinct handle, in order of first mention. Each part's metadata
 * lists the indexes of the annotations naming it (`annotationIndexes`), the filename and, for
 * container files, the `containerId` (a container file is read through its container).
 */
export function filesOfAnnotations(annotations: readonly unknown[], provider: string = PROVIDER): ContentPart[] {
  const byHandle = new Map<string, { info: FileHandleInfo; indexes: number[] }>();
  annotations.forEach((raw, index) => {
    const annotation = asRecord(raw);
    const type = asString(annotation?.type);
    const handle = asNonEmptyString(annotation?.file_id);
    if (annotation === undefined || type === undefined || !FILE_ANNOTATIONS.has(type) || handle === undefined) return;
    const seen = byHandle.get(handle);
    if (seen !== undefined) {
      seen.indexes.push(index);
      return;
    }
    const filename = asNonEmptyString(annotation.filename);
    const containerId = asNonEmptyString(annotation.container_id);
    byHandle.set(handle, {
      info: { ...(filename !== undefined && { filename }), metadata: containerId !== undefined ? { containerId } : {} },
      indexes: [index],
    });
  });
  return [...byHandle].map(([handle, { info, indexes }]) =>
    fileHandlePart(handle, { ...info, metadata: { ...info.metadata, annotationIndexes: indexes } }, provider),
  );
}

/**
 * The files a provider-run tool's finished item names, as parts for its TOOL_CALL_RESULT:
 * - `code_interpreter_call`: `outputs` (or the older `results`) of type `files` → one part per
 *   `files[].file_id` (with its `mime_type`); of type `image` → an ImagePart whose source is the
 *   image's URL (a DataSource when it is a base64 `data:` URL): not a handle;
 * - `file_search_call`: each distinct `results[].file_id` (with its `filename`).
 */
export function filesOfToolItem(item: Record<string, unknown>, provider: string = PROVIDER): ContentPart[] {
  const type = asString(item.type);
  if (type === "file_search_call") return searchResultFiles(asArray(item.results) ?? [], provider);
  if (type !== "code_interpreter_call") return [];
  const containerId = asNonEmptyString(item.container_id);
  const parts: ContentPart[] = [];
  for (const raw of [...(asArray(item.outputs) ?? []), ...(asArray(item.results) ?? [])]) {
    const output = asRecord(raw);
    const outputType = asString(output?.type);
    if (outputType === "image") {
      const image = imageUrlPart(asNonEmptyString(output?.url));
      if (image !== undefined) parts.push(image);
    } else if (outputType === "files") {
      for (const entry of asArray(output?.files) ?? []) {
        const file = asRecord(entry);
        const handle = asNonEmptyString(file?.file_id);
        if (handle === undefined) continue;
        const mimeType = asNonEmptyString(file?.mime_type);
        const filename = asNonEmptyString(file?.filename);
        parts.push(fileHandlePart(handle, {
          ...(mimeType !== undefined && { mimeType }),
          ...(filename !== undefined && { filename }),
          ...(containerId !== undefined && { metadata: { containerId } }),
        }, provider));
      }
    }
  }
  return parts;
}

function searchResultFiles(results: readonly unknown[], provider: string): ContentPart[] {
  const seen = new Set<string>();
  const parts: ContentPart[] = [];
  for (const raw of results) {
    const result = asRecord(raw);
    const handle = asNonEmptyString(result?.file_id);
    if (handle === undefined || seen.has(handle)) continue;
    seen.add(handle);
    const filename = asNonEmptyString(result?.filename);
    parts.push(fileHandlePart(handle, filename !== undefined ? { filename } : {}, provider));
  }
  return parts;
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** A code interpreter image: a DataSource for a base64 `data:` URL, else a UrlSource. */
function imageUrlPart(url: string | undefined): ContentPart | undefined {
  if (url === undefined) return undefined;
  const match = DATA_URL.exec(url);
  if (match !== null) return { type: "image", source: { type: "data", value: match[2] ?? "", mimeType: match[1] ?? "image/png" } };
  return { type: "image", source: { type: "url", value: url } };
}
