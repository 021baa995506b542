import { mediaTypeEssence } from "./image-signature.js";

/**
 * Text documents: which inline data is text a converter may send as the text it holds (to an API
 * that takes plain text where it takes no file of that type), and that text. One rule for every
 * adapter (Anthropic's plain-text document source, OpenAI's text parts).
 */

/** Structured-text `application/*` types whose bytes are text a reader can take as plain text. */
const TEXT_APPLICATION_TYPES = new Set([
  "application/json",
  "application/ld+json",
  "application/xml",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/javascript",
  "application/x-ndjson",
  "application/csv",
  "application/sql",
]);

/**
 * Whether data of this MIME type is text a model can read as plain text: any `text/*` type (CSV,
 * Markdown, HTML, source code, …), the structured-text `application/*` types (JSON, XML, YAML,
 * TOML, …) and any `+json` / `+xml` type. Read without parameters or case
 * (`Text/CSV; charset=utf-8` is text).
 */
export function isTextMediaType(mimeType: string): boolean {
  const essence = mediaTypeEssence(mimeType);
  return essence.startsWith("text/") || TEXT_APPLICATION_TYPES.has(essence) || /^application\/[^/]+\+(json|xml)$/.test(essence);
}

/**
 * The text of base64 data: decoded with the `charset` the MIME type states when the platform
 * knows it (`text/csv; charset=iso-8859-1`), else as UTF-8 (malformed bytes become U+FFFD).
 */
export function decodeTextData(value: string, mimeType = ""): string {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return textDecoder(charsetOf(mimeType)).decode(bytes);
}

function charsetOf(mimeType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(mimeType);
  return match?.[1];
}

function textDecoder(charset: string | undefined): TextDecoder {
  if (charset !== undefined) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown label: UTF-8, the web's default.
    }
  }
  return new TextDecoder();
}
