import { inlineImageType, isSourceUsableBy, REQUEST_WARNINGS, withDataUrlAsData, type BridgeWarning, type PartSource } from "@agui-bridge/core/adapter";
import type { Part } from "@google/genai";
import { GOOGLE_PROVIDER } from "./constants.js";
import { GEMINI_IMAGE_RULE } from "./image-types.js";

/** The request parts a media source can become. */
export type MediaPart = Pick<Part, "inlineData" | "fileData">;

const YOUTUBE = /^https?:\/\/(www\.|m\.)?(youtube\.com|youtu\.be)\//i;

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
 * - a URL → `fileData { fileUri, mimeType }` when it has a MIME type (Gemini needs one) or is a
 *   YouTube URL (which Gemini reads without one); otherwise dropped with a warning.
 */
export function convertMediaSource(
  given: PartSource,
  where: string,
  warn: (warning: BridgeWarning) => void,
  platform: string = GOOGLE_PROVIDER,
  partType?: string,
): MediaPart | undefined {
  const source = withDataUrlAsData(given);
  // Gemini reads PDF and text documents only: another stated type (Word, JSON) is a 400 "Unsupported MIME type".
  const essence = source.mimeType?.split(";")[0]?.trim().toLowerCase();
  if (partType === "document" && essence !== undefined && essence !== "application/pdf" && !essence.startsWith("text/")) {
    warn({ code: REQUEST_WARNINGS.unsupportedMediaType, message: `A ${essence} document was dropped from ${where}: Gemini reads PDF and text documents only`, details: { where, mimeType: source.mimeType } });
    return undefined;
  }
  switch (source.type) {
    case "data": {
      if (partType !== "image") return { inlineData: { data: source.value, mimeType: source.mimeType } };
      const sink = { warn: (code: string, message: string, details?: Record<string, unknown>) => warn({ code, message, ...(details !== undefined && { details }) }) };
      const mimeType = inlineImageType(source.mimeType, source.value, GEMINI_IMAGE_RULE, sink, where);
      return mimeType === undefined ? undefined : { inlineData: { data: source.value, mimeType } };
    }
    case "file":
      if (!isSourceUsableBy(source, platform)) {
        warn({
          code: "request.foreign-file",
          message: `A file handle minted by ${source.provider ?? "another provider"} was dropped from ${where}: ${platform} cannot read it`,
          details: { where, provider: source.provider },
        });
        return undefined;
      }
      return { fileData: { fileUri: source.value, ...(source.mimeType !== undefined && { mimeType: source.mimeType }) } };
    case "url":
      if (source.mimeType === undefined && !YOUTUBE.test(source.value)) {
        warn({
          code: "request.url-without-mime-type",
          message: `A URL part without a MIME type was dropped from ${where}: Gemini's fileData needs one (YouTube URLs excepted)`,
          details: { where },
        });
        return undefined;
      }
      return { fileData: { fileUri: source.value, ...(source.mimeType !== undefined && { mimeType: source.mimeType }) } };
  }
}
