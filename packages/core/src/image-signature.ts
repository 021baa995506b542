import { isAnimatedGif } from "./gif-animation.js";
import { REQUEST_WARNINGS, type RequestWarn } from "./request-helpers.js";

/**
 * The image type a base64 payload's first bytes are, by their signature: PNG, JPEG, GIF, WebP,
 * BMP, TIFF, HEIC / HEIF / AVIF (an ISO-BMFF `ftyp` box and its major brand) and SVG (text
 * starting, after an optional byte order mark and white space, with `<svg` or `<?xml`).
 * `undefined` when the bytes are none of these, or the data is not base64 (never throws: the
 * payload is untrusted input). Only the start of the payload is decoded; base64url (`-`, `_`)
 * and white space are read too.
 */
export function imageTypeOfBytes(base64: string): string | undefined {
  const head = decodeHead(base64);
  if (head === undefined) return undefined;
  if (head.startsWith("\x89PNG\r\n\x1a\n")) return "image/png";
  if (head.startsWith("\xff\xd8\xff")) return "image/jpeg";
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "image/gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "image/webp";
  // BMP: "BM", the file size, then two reserved 16-bit fields that are zero.
  if (head.startsWith("BM") && head.slice(6, 10) === "\0\0\0\0") return "image/bmp";
  if (head.startsWith("II*\0") || head.startsWith("MM\0*")) return "image/tiff";
  if (head.slice(4, 8) === "ftyp") return FTYP_BRANDS[head.slice(8, 12)];
  if (/^(?:\xef\xbb\xbf)?\s*<(?:svg[\s>/]|\?xml[\s?])/i.test(head)) return "image/svg+xml";
  return undefined;
}

/**
 * Major brands of the HEIF family (ISO/IEC 23008-12, and the AV1 image format built on it): an
 * HEVC-coded still image or sequence is HEIC, the generic brands HEIF, `avif` / `avis` AVIF.
 */
const FTYP_BRANDS: Readonly<Record<string, string>> = {
  heic: "image/heic",
  heix: "image/heic",
  heim: "image/heic",
  heis: "image/heic",
  hevc: "image/heic",
  hevx: "image/heic",
  mif1: "image/heif",
  msf1: "image/heif",
  heif: "image/heif",
  avif: "image/avif",
  avis: "image/avif",
};

/** Up to the first 48 bytes of a base64 payload, as a binary string; `undefined` when it does not decode. */
function decodeHead(base64: string): string | undefined {
  const chars = base64.slice(0, 128).replace(/-/g, "+").replace(/_/g, "/").replace(/[^A-Za-z0-9+/]/g, "");
  const usable = chars.slice(0, Math.min(64, chars.length - (chars.length % 4)));
  if (usable === "") return undefined;
  try {
    return atob(usable);
  } catch {
    return undefined;
  }
}

/** Labels in use for image types that name them otherwise (`image/jpg` is not a registered type). */
const IMAGE_TYPE_ALIASES: Readonly<Record<string, string>> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/x-png": "image/png",
  "image/x-ms-bmp": "image/bmp",
  "image/heic-sequence": "image/heic",
  "image/heif-sequence": "image/heif",
};

/** A MIME type without its parameters, lowercased (`Application/PDF; name=a.pdf` → `application/pdf`). */
export function mediaTypeEssence(mimeType: string): string {
  return (mimeType.split(";", 1)[0] ?? "").trim().toLowerCase();
}

/**
 * A declared image MIME type as its registered name: without parameters or case, and the common
 * aliases as the type they name (`image/jpg`, `image/pjpeg` → `image/jpeg`, `image/x-png` →
 * `image/png`, …).
 */
export function canonicalImageType(declared: string): string {
  const essence = mediaTypeEssence(declared);
  return IMAGE_TYPE_ALIASES[essence] ?? essence;
}

/** What a provider's API takes as an inline (base64) image, for {@link fitInlineImage}. */
export interface InlineImageRule {
  /** The provider, for warnings (`Anthropic`, `OpenAI`, `Gemini`). */
  provider: string;
  /** The image MIME types the API takes inline (registered names, lowercase). */
  accepted: ReadonlySet<string>;
  /**
   * The API checks the declared type against the bytes (Anthropic: "Image does not match the
   * provided media type"): the type the bytes are is always sent. Otherwise the declared type is
   * kept when the API takes it, and replaced by the bytes' type only when it does not.
   */
  checksDeclaredType: boolean;
  /**
   * `false` when the API takes still GIFs only (OpenAI: "non-animated GIF"): a GIF whose bytes
   * hold a second image or a looping extension (core's `isAnimatedGif`) is not sent. Default:
   * any GIF goes when `image/gif` is accepted.
   */
  acceptsAnimatedGif?: boolean;
}

/** The outcome of {@link fitInlineImage}. */
export type InlineImageFit =
  /** Send the image with `mediaType` (`corrected`: it is not the declared type, nor the type an alias names). */
  | { send: true; mediaType: string; corrected: boolean }
  /** The image is of a type the API does not take (`actual`: the bytes' type, when known; `animated`: an animated GIF where only still ones are taken). */
  | { send: false; actual: string | undefined; animated?: true };

/**
 * Decides how an inline image goes to a provider: the type its bytes are (see
 * {@link imageTypeOfBytes}) decides whether the API takes it, the declared type (read as
 * {@link canonicalImageType}) when the bytes are of no known type. An image the API does not take
 * is not sent: the API refuses the whole request (and every later turn, the image staying in the
 * history); so is an animated GIF when the rule takes still ones only ({@link InlineImageRule.acceptsAnimatedGif}). A taken image goes with the declared type when it is one the API takes and the API
 * does not compare it with the bytes, else with the bytes' type.
 */
export function fitInlineImage(declared: string, base64: string, rule: InlineImageRule): InlineImageFit {
  const named = canonicalImageType(declared);
  const actual = imageTypeOfBytes(base64);
  const type = actual ?? named;
  if (!rule.accepted.has(type)) return { send: false, actual };
  if (type === "image/gif" && rule.acceptsAnimatedGif === false && isAnimatedGif(base64)) return { send: false, actual, animated: true };
  const keepDeclared = actual === undefined || actual === named || (!rule.checksDeclaredType && rule.accepted.has(named));
  return keepDeclared ? { send: true, mediaType: named, corrected: false } : { send: true, mediaType: actual, corrected: true };
}

/**
 * {@link fitInlineImage} with its warnings: `request.unsupported-media-type` when the image is
 * dropped (details `animated: true` for an animated GIF the rule refuses), `request.media-type-corrected` when it goes with another type than declared. Returns
 * the MIME type to send, or `undefined` when the image is dropped.
 */
export function inlineImageType(declared: string, base64: string, rule: InlineImageRule, sink: RequestWarn, where: string): string | undefined {
  const fit = fitInlineImage(declared, base64, rule);
  if (!fit.send && fit.animated === true) {
    sink.warn(REQUEST_WARNINGS.unsupportedMediaType, `${where}: the image is an animated GIF, which ${rule.provider} does not accept (still GIFs only); the part was dropped`, {
      mimeType: declared,
      actualType: "image/gif",
      animated: true,
    });
    return undefined;
  }
  if (!fit.send) {
    const bytes = fit.actual !== undefined && fit.actual !== canonicalImageType(declared) ? ` (its bytes are ${fit.actual})` : "";
    sink.warn(REQUEST_WARNINGS.unsupportedMediaType, `${where}: image type ${declared}${bytes} is not accepted by ${rule.provider}; the part was dropped`, {
      mimeType: declared,
      ...(bytes !== "" && { actualType: fit.actual }),
    });
    return undefined;
  }
  if (fit.corrected) {
    sink.warn(REQUEST_WARNINGS.mediaTypeCorrected, `${where}: the image is ${fit.mediaType}, not ${declared} as declared; sent as ${fit.mediaType}`, {
      mimeType: declared,
      sentAs: fit.mediaType,
    });
  }
  return fit.mediaType;
}
