/** The image types the Messages API's `base64` image source takes. */
export const ANTHROPIC_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** Labels in use for those types that the API does not take as they are. */
const ALIASES: Readonly<Record<string, string>> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg", "image/x-png": "image/png" };

/**
 * The `media_type` a base64 image goes with: the type its bytes are (PNG, JPEG, GIF and WebP
 * signatures, read from the start of the data) when they are one of those four, else the declared
 * type (`image/jpg` and the other common aliases as the type they name). The API checks the bytes
 * against the declared type ("Image does not match the provided media type image/png") and refuses
 * the whole request, on every later turn too, for an image a client labelled by its file name
 * (a JPEG saved as `.png`); it takes only `image/jpeg`, `image/png`, `image/gif`, `image/webp`.
 * `corrected` says the declared type (other than an alias) was replaced.
 */
export function imageMediaType(declared: string, base64: string): { mediaType: string; corrected: boolean } {
  const named = ALIASES[declared] ?? declared;
  const actual = sniffImageType(base64);
  if (actual === undefined || actual === named) return { mediaType: named, corrected: false };
  return { mediaType: actual, corrected: true };
}

/** The image type a base64 payload's first bytes say, when it is one the API takes. */
function sniffImageType(base64: string): string | undefined {
  let head: string;
  try {
    head = atob(base64.slice(0, 16).replace(/[^A-Za-z0-9+/]/g, "").slice(0, 16));
  } catch {
    return undefined;
  }
  if (head.startsWith("\x89PNG\r\n\x1a\n")) return "image/png";
  if (head.startsWith("\xff\xd8\xff")) return "image/jpeg";
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "image/gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "image/webp";
  return undefined;
}
