import { inlineImageType, isSourceUsableBy, mediaTypeEssence, REQUEST_WARNINGS, withDataUrlAsData, type BridgeWarning, type PartSource } from "@agui-bridge/core/adapter";
import type { FunctionResponsePart, Part } from "@google/genai";
import { GOOGLE_PROVIDER } from "../constants.js";
import { mimeTypeFromExtension } from "./file-mime-type.js";
import { GEMINI_IMAGE_RULE } from "./image-types.js";
import { mediaMetadataOf, type MediaMetadata } from "./media-metadata.js";

/** The request parts a media source can become: the data, and the metadata beside it ({@link mediaMetadataOf}). */
export type MediaPart = Pick<Part, "inlineData" | "fileData"> & MediaMetadata;

/** Where converted media goes, and how to report what cannot. */
export interface MediaContext {
  warn: (warning: BridgeWarning) => void;
  /** The platform label (default `google`): file handles minted elsewhere are dropped. */
  platform?: string | undefined;
  /** The request goes to Vertex AI, whose `fileData` needs a `mimeType`. */
  vertexai?: boolean | undefined;
  /** The model the request goes to (decides whether a per-part `mediaResolution` is sent). */
  model?: string | undefined;
}

const YOUTUBE = /^https?:\/\/(www\.|m\.)?(youtube\.com|youtu\.be)\//i;

/**
 * The MIME type Vertex AI's own YouTube sample sends with a YouTube URL (`Part.from_uri(file_uri=
 * "https://www.youtube.com/watch?v=…", mime_type="video/mp4")`, python-docs-samples
 * `textgen_with_youtube_video.py`, "works with Google Cloud Vertex AI API only").
 */
const VERTEX_YOUTUBE_TYPE = "video/mp4";

/**
 * A converted media part as the SDK's `Part`. The one place the metadata's wire form
 * (`media-metadata-fields.ts`) meets the SDK's types, hence the cast: the SDK types enum fields
 * (`level`, `contentLayers`, `mediaProcessing`) as TypeScript enums whose JSON form is these
 * strings, and SDKs before 3.6 do not type `audioMetadata`, `documentMetadata`,
 * `spreadsheetMetadata` at all (they leave them out of the request body).
 */
export function mediaAsPart(media: MediaPart): Part {
  return media as Part;
}

/** A converted media part as the SDK's `FunctionResponsePart` (see {@link mediaAsPart}). */
export function mediaAsFunctionResponsePart(media: MediaPart): FunctionResponsePart {
  return media as FunctionResponsePart;
}

/**
 * One AG-UI media part (`image`, `audio`, `video`, `document`) as a Gemini part: its source
 * ({@link convertMediaSource}) and the metadata its `metadata` asks for beside the `inlineData` /
 * `fileData`, as the API documents it ({@link mediaMetadataOf}: `videoMetadata` on video,
 * `audioMetadata` on audio, `documentMetadata` / `spreadsheetMetadata` on documents,
 * `mediaProcessing` on video, a per-part `mediaResolution` for Gemini 3 and later). `modelOutput`:
 * media Gemini produced itself, going back into the model turn as it came (its image type is not
 * checked again).
 */
export function convertMediaPart(
  part: { type: string; source: PartSource; metadata?: unknown },
  where: string,
  context: MediaContext,
  modelOutput = false,
): MediaPart | undefined {
  const media = convertMediaSource(part.source, where, context, part.type, modelOutput);
  if (media === undefined) return undefined;
  const mimeType = media.inlineData?.mimeType ?? media.fileData?.mimeType;
  const metadata = mediaMetadataOf(part, mimeType, where, context);
  return Object.keys(metadata).length === 0 ? media : { ...media, ...metadata };
}

/**
 * One AG-UI media source as a Gemini part:
 * - data, or a URL holding a base64 `data:` URL (core's `withDataUrlAsData`: `fileData.fileUri`
 *   takes no data URL) → `inlineData { data, mimeType }`; an image (`partType` `image`) of a type
 *   Gemini does not take is dropped (`request.unsupported-media-type`), one declared with a type
 *   it does not take but whose bytes are one goes as that type ({@link GEMINI_IMAGE_RULE});
 * - a file handle minted on `platform` (`provider` absent or equal to it; default `google`) →
 *   `fileData { fileUri, mimeType }`; any other handle is dropped with a warning, never sent
 *   (nothing documents Gemini API file URIs as readable on Vertex AI or the reverse);
 * - a document (`partType` `document`) of a stated type other than PDF or text is dropped
 *   (`request.unsupported-media-type`): "Document understanding" reads PDF, other documents only
 *   as text, and the API answers 400 "Unsupported MIME type: application/vnd.openxmlformats-…"
 *   (googleapis/python-genai#829);
 * - a URL → `fileData { fileUri, mimeType }`.
 * A `fileData` that must name a MIME type and has none (a URL other than YouTube; on Vertex AI,
 * whose `FileData.mimeType` is required, every one) gets the type its URI's extension names
 * ({@link mimeTypeFromExtension}, `request.media-type-inferred`; a YouTube URL on Vertex AI
 * `video/mp4`, as Vertex AI's sample sends it); when the extension names none, or more than one,
 * it is dropped (`request.url-without-mime-type` for a URL, `request.file-without-mime-type` for
 * a file handle).
 */
export function convertMediaSource(
  given: PartSource,
  where: string,
  context: MediaContext,
  partType?: string,
  modelOutput = false,
): MediaPart | undefined {
  const { warn } = context;
  const platform = context.platform ?? GOOGLE_PROVIDER;
  const source = withDataUrlAsData(given);
  // Gemini reads PDF and text documents only: another stated type (Word, JSON) is a 400 "Unsupported MIME type".
  const essence = source.mimeType === undefined ? undefined : mediaTypeEssence(source.mimeType);
  if (partType === "document" && essence !== undefined && essence !== "application/pdf" && !essence.startsWith("text/")) {
    warn({ code: REQUEST_WARNINGS.unsupportedMediaType, message: `A ${essence} document was dropped from ${where}: Gemini reads PDF and text documents only`, details: { where, mimeType: source.mimeType } });
    return undefined;
  }
  switch (source.type) {
    case "data": {
      if (partType !== "image" || modelOutput) return { inlineData: { data: source.value, mimeType: source.mimeType } };
      const sink = { warn: (code: string, message: string, details?: Record<string, unknown>) => warn({ code, message, ...(details !== undefined && { details }) }) };
      const mimeType = inlineImageType(source.mimeType, source.value, GEMINI_IMAGE_RULE, sink, where);
      return mimeType === undefined ? undefined : { inlineData: { data: source.value, mimeType } };
    }
    case "file":
      if (!isSourceUsableBy(source, platform)) {
        warn({
          code: REQUEST_WARNINGS.foreignFile,
          message: `A file handle minted by ${source.provider ?? "another provider"} was dropped from ${where}: ${platform} cannot read it`,
          details: { where, provider: source.provider },
        });
        return undefined;
      }
      return fileData(source.value, source.mimeType, context.vertexai === true, "file", where, context, partType);
    case "url":
      return fileData(source.value, source.mimeType, context.vertexai === true || !YOUTUBE.test(source.value), "url", where, context, partType);
  }
}

/** `fileData`, with the MIME type read from the URI's extension when one is needed and none is given. */
function fileData(
  fileUri: string,
  given: string | undefined,
  needsType: boolean,
  kind: "file" | "url",
  where: string,
  context: MediaContext,
  partType: string | undefined,
): MediaPart | undefined {
  if (given !== undefined || !needsType) return { fileData: { fileUri, ...(given !== undefined && { mimeType: given }) } };
  const mimeType = YOUTUBE.test(fileUri) ? VERTEX_YOUTUBE_TYPE : mimeTypeFromExtension(fileUri, partType);
  const platform = context.vertexai === true ? "Vertex AI" : "Gemini";
  if (mimeType === undefined) {
    context.warn({
      code: kind === "url" ? "request.url-without-mime-type" : "request.file-without-mime-type",
      message: `A ${kind === "url" ? "URL" : "file"} part without a MIME type was dropped from ${where}: ${platform}'s fileData needs one${kind === "url" && context.vertexai !== true ? " (YouTube URLs excepted)" : ""}, and its URI's extension names none`,
      details: { where },
    });
    return undefined;
  }
  context.warn({
    code: "request.media-type-inferred",
    message: `A ${kind === "url" ? "URL" : "file"} part without a MIME type in ${where} went as ${mimeType}, the type its URI names: ${platform}'s fileData needs one`,
    details: { where, mimeType },
  });
  return { fileData: { fileUri, mimeType } };
}
