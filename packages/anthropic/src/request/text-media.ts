import { mediaTypeEssence } from "@agui-bridge/core/adapter";

/**
 * MIME types of inline data as the Messages API needs them: its `media_type` fields take bare
 * lowercase types (`image/png`, `application/pdf`, `text/plain`), while AG-UI parts may state
 * parameters (`text/plain; charset=utf-8`) or another case.
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
 * Whether data of this MIME type is text Anthropic can read as a plain-text document: any
 * `text/*` type (CSV, Markdown, HTML, source code, …), the structured-text `application/*` types
 * (JSON, XML, YAML, TOML, …) and any `+json` / `+xml` type. The Messages API's plain-text
 * source takes only `media_type: "text/plain"`, so these go as text/plain with the decoded text.
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
