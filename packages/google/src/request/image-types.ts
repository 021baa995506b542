import type { InlineImageRule } from "@agui-bridge/core/adapter";

/**
 * The image types Gemini takes as `inlineData`, on the Gemini API and on Vertex AI alike: PNG,
 * JPEG, WEBP, HEIC, HEIF (Gemini API, "Image understanding" → supported image formats:
 * `image/png`, `image/jpeg`, `image/webp`, `image/heic`, `image/heif`; Vertex AI, "Image
 * understanding", the MIME types listed for every current Gemini model are the same five). No
 * GIF, BMP, TIFF or SVG: another type is refused with HTTP 400 INVALID_ARGUMENT and the whole
 * request with it ("Unsupported MIME type: image/svg+xml", "Unsupported MIME type: image/jpg";
 * older models: "MIME type must be image/png, image/jpeg, image/webp, image/heic, or
 * image/heif").
 *
 * Gemini checks the declared `mimeType` against its list; nothing documents or reports it comparing
 * the declared type with the bytes, so a declared type it takes is kept (`checksDeclaredType:
 * false`), and one it does not take (`image/jpg`, `application/octet-stream`) goes as the type it
 * names or the bytes are when that is one it takes.
 */
export const GEMINI_IMAGE_RULE: InlineImageRule = {
  provider: "Gemini",
  accepted: new Set(["image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"]),
  checksDeclaredType: false,
};
