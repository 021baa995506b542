import { mediaTypeEssence, type BridgeWarning } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";
import {
  contentLayersOf,
  isDuration,
  keepOrderedOffsets,
  metadataField,
  type MediaMetadata,
  type WireAudioMetadata,
  type WireDocumentMetadata,
  type WireMediaResolution,
  type WireSpreadsheetMetadata,
} from "./media-metadata-fields.js";
import { geminiMajorVersion } from "./multimodal-function-responses.js";
import { videoMetadataOf } from "./video-metadata.js";

export type { MediaMetadata } from "./media-metadata-fields.js";

/** What {@link mediaMetadataOf} needs besides the part. */
export interface MediaMetadataContext {
  warn: (warning: BridgeWarning) => void;
  /** The model the request goes to: the per-part `mediaResolution` is sent only to Gemini 3 and later. */
  model?: string | undefined;
}

/** `DocumentMetadataContentLayer` values (`@google/genai` 3.6): "If empty, defaults to [PAGE_IMAGE] when DocumentMetadata is set". */
const DOCUMENT_LAYERS: ReadonlySet<string> = new Set(["CONTENT_LAYER_UNSPECIFIED", "PAGE_IMAGE", "PAGE_TEXT"]);
/** `SpreadsheetMetadataContentLayer` values (`@google/genai` 3.6): "If empty, defaults to [DATA, FORMULAS] when SpreadsheetMetadata is set". */
const SPREADSHEET_LAYERS: ReadonlySet<string> = new Set(["CONTENT_LAYER_UNSPECIFIED", "DATA", "FORMULAS", "VISUAL"]);
/** `MediaProcessing` values. */
const PROCESSING_MODES: ReadonlySet<string> = new Set(["MEDIA_PROCESSING_UNSPECIFIED", "STATIC", "AGENTIC"]);
/** `PartMediaResolutionLevel` values. */
const RESOLUTION_LEVELS: ReadonlySet<string> = new Set(["MEDIA_RESOLUTION_UNSPECIFIED", "MEDIA_RESOLUTION_LOW", "MEDIA_RESOLUTION_MEDIUM", "MEDIA_RESOLUTION_HIGH", "MEDIA_RESOLUTION_ULTRA_HIGH"]);

/**
 * Spreadsheet MIME types. The SDK says only "when inline_data or file_data contains a spreadsheet";
 * no list of types is documented, so these are the usual spreadsheet types (of which the request
 * side lets through only what Gemini reads as a document: CSV and TSV, being `text/*`).
 */
const SPREADSHEET_TYPES: ReadonlySet<string> = new Set([
  "text/csv",
  "text/tab-separated-values",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-excel",
  "application/vnd.oasis.opendocument.spreadsheet",
]);

/**
 * The rule for what a media part may carry beside its data, read from its `metadata` (plain keys,
 * or under `agui-bridge` where the stream records them), each checked against `@google/genai`'s
 * types and sent only beside the media it is for ("The metadata should only be specified while the
 * … data is presented in inline_data or file_data"):
 * - `videoMetadata` on a video ({@link videoMetadataOf}: offsets, `fps`, `contentLayers`);
 * - `audioMetadata { startOffset?, endOffset? }` on audio (`Duration` strings, start before end);
 * - `documentMetadata { startPage?, endPage?, contentLayers? }` on a document (1-indexed inclusive
 *   pages, start not after end; layers `PAGE_IMAGE`, `PAGE_TEXT`);
 * - `spreadsheetMetadata { visibleCells?, sheetIndex?, contentLayers? }` on a spreadsheet document
 *   (A1 range string; 1-indexed sheet; layers `DATA`, `FORMULAS`, `VISUAL`);
 * - `mediaResolution { level?, numTokens? }` (or the level alone, `"MEDIA_RESOLUTION_HIGH"`) on any
 *   media, only for Gemini 3 and later: the Gemini API documents the per-part media resolution for
 *   "Gemini 3" (later "Gemini 4 and Gemini 3") models only, other models having the request-wide
 *   `config.mediaResolution`; a model whose version cannot be read counts as not taking it, as for
 *   multimodal function responses (a field the model refuses would fail the whole request);
 * - `mediaProcessing` (`STATIC`, `AGENTIC`) on a video ({@link mediaProcessingOf}).
 * A field that is not so, or that the type does not define, is left out, and metadata on media of
 * another kind is dropped, with `request.invalid-media-metadata` (`request.invalid-video-metadata`
 * for video, as before).
 */
export function mediaMetadataOf(
  part: { type: string; metadata?: unknown },
  mimeType: string | undefined,
  where: string,
  context: MediaMetadataContext,
): MediaMetadata {
  const out: MediaMetadata = {};
  if (part.metadata === undefined) return out;
  const videoMetadata = videoMetadataOf(part, mimeType, where, context.warn);
  if (videoMetadata !== undefined) out.videoMetadata = videoMetadata;
  const kind = mediaKind(part.type, mimeType);
  const essence = mimeType === undefined ? undefined : mediaTypeEssence(mimeType);
  const read = <T extends object>(field: keyof MediaMetadata, applies: boolean, narrow: (record: Record<string, unknown>, dropped: string[]) => T | undefined): T | undefined => {
    const raw = metadataField(part, field);
    if (raw === undefined || raw === null) return undefined;
    const report = (message: string, details: Record<string, unknown> = {}): void =>
      context.warn({ code: "request.invalid-media-metadata", message: `${message} (${where})`, details: { where, field, ...details } });
    if (!applies) {
      report(`${field} on ${kind === "document" ? "a document" : `${kind === "image" ? "an" : "a"} ${kind}`} part was dropped: Gemini takes it only beside the media it describes`, { partType: part.type });
      return undefined;
    }
    const record = field === "mediaResolution" && typeof raw === "string" ? { level: raw } : asRecord(raw);
    if (record === undefined) {
      report(`${field} that is not an object was dropped`);
      return undefined;
    }
    const dropped: string[] = [];
    const narrowed = narrow(record, dropped);
    if (dropped.length > 0) report(`${field} fields Gemini would refuse were left out: ${dropped.join(", ")}`, { fields: dropped });
    return narrowed !== undefined && Object.keys(narrowed).length > 0 ? narrowed : undefined;
  };
  const audioMetadata = read("audioMetadata", kind === "audio", audioMetadataOf);
  if (audioMetadata !== undefined) out.audioMetadata = audioMetadata;
  const documentMetadata = read("documentMetadata", kind === "document", documentMetadataOf);
  if (documentMetadata !== undefined) out.documentMetadata = documentMetadata;
  const spreadsheetMetadata = read("spreadsheetMetadata", kind === "document" && essence !== undefined && SPREADSHEET_TYPES.has(essence), spreadsheetMetadataOf);
  if (spreadsheetMetadata !== undefined) out.spreadsheetMetadata = spreadsheetMetadata;
  const mediaResolution = read("mediaResolution", true, (record, dropped) => mediaResolutionOf(record, dropped, context, where));
  if (mediaResolution !== undefined) out.mediaResolution = mediaResolution;
  const mediaProcessing = mediaProcessingOf(part, kind, where, context);
  if (mediaProcessing !== undefined) out.mediaProcessing = mediaProcessing;
  return out;
}

/**
 * `mediaProcessing` (`STATIC`, `AGENTIC`): "How the model processes this part's media for
 * understanding. Only meaningful for video parts … Non-video parts ignore this field" (`Part` of
 * `@google/genai`). Kept on a video only (on other media it would do nothing: dropped with a
 * warning, so the client learns it had no effect). `FunctionResponsePart.mediaProcessing` is "not
 * supported in Vertex AI" (the SDK's Vertex AI request conversion throws on it), but no video ever
 * goes inside a function response (`FUNCTION_RESPONSE_MEDIA_TYPES`), so it never gets there.
 */
function mediaProcessingOf(part: { type: string; metadata?: unknown }, kind: string, where: string, context: MediaMetadataContext): string | undefined {
  const value = metadataField(part, "mediaProcessing");
  if (value === undefined || value === null) return undefined;
  let reason: string | undefined;
  if (kind !== "video") reason = "Gemini reads it only for video";
  else if (typeof value !== "string" || !PROCESSING_MODES.has(value)) reason = "it is not a MediaProcessing value";
  if (reason === undefined) return value as string;
  context.warn({ code: "request.invalid-media-metadata", message: `mediaProcessing was dropped (${where}): ${reason}`, details: { where, field: "mediaProcessing" } });
  return undefined;
}

/** The kind of media a part is: its AG-UI part type, or its MIME type's top-level type. */
function mediaKind(partType: string, mimeType: string | undefined): "image" | "audio" | "video" | "document" {
  const top = mimeType?.toLowerCase().split("/")[0];
  for (const kind of ["image", "audio", "video"] as const) if (partType === kind || top === kind) return kind;
  return "document";
}

function audioMetadataOf(record: Record<string, unknown>, dropped: string[]): WireAudioMetadata {
  const out: WireAudioMetadata = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if ((key === "startOffset" || key === "endOffset") && isDuration(value)) out[key] = value;
    else dropped.push(key);
  }
  keepOrderedOffsets(out, dropped);
  return out;
}

function documentMetadataOf(record: Record<string, unknown>, dropped: string[]): WireDocumentMetadata {
  const out: WireDocumentMetadata = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if ((key === "startPage" || key === "endPage") && isPositiveInteger(value)) out[key] = value;
    else if (key === "contentLayers" && contentLayersOf(value, DOCUMENT_LAYERS) !== undefined) out.contentLayers = contentLayersOf(value, DOCUMENT_LAYERS);
    else dropped.push(key);
  }
  if (out.startPage !== undefined && out.endPage !== undefined && out.startPage > out.endPage) {
    delete out.startPage;
    delete out.endPage;
    dropped.push("startPage", "endPage");
  }
  return out;
}

function spreadsheetMetadataOf(record: Record<string, unknown>, dropped: string[]): WireSpreadsheetMetadata {
  const out: WireSpreadsheetMetadata = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (key === "visibleCells" && typeof value === "string" && value.trim() !== "") out.visibleCells = value;
    else if (key === "sheetIndex" && isPositiveInteger(value)) out.sheetIndex = value;
    else if (key === "contentLayers" && contentLayersOf(value, SPREADSHEET_LAYERS) !== undefined) out.contentLayers = contentLayersOf(value, SPREADSHEET_LAYERS);
    else dropped.push(key);
  }
  return out;
}

function mediaResolutionOf(record: Record<string, unknown>, dropped: string[], context: MediaMetadataContext, where: string): WireMediaResolution | undefined {
  const major = geminiMajorVersion(context.model);
  if (major === undefined || major < 3) {
    context.warn({
      code: "request.invalid-media-metadata",
      message: `mediaResolution was dropped (${where}): ${context.model === undefined ? "no model was named, and only" : `${context.model} is not documented to take it; only`} Gemini 3 and later models take a per-part media resolution (config.mediaResolution sets it for the whole request)`,
      details: { where, field: "mediaResolution", ...(context.model !== undefined && { model: context.model }) },
    });
    return undefined;
  }
  const out: WireMediaResolution = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (key === "level" && typeof value === "string" && RESOLUTION_LEVELS.has(value)) out.level = value;
    else if (key === "numTokens" && isPositiveInteger(value)) out.numTokens = value;
    else dropped.push(key);
  }
  return out;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}
