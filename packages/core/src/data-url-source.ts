import type { PartSource } from "./types/input.js";

/** A base64 `data:` URL: its media type (may be empty), its parameters, its payload. */
const BASE64_DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?);base64,(.*)$/is;
/** What base64 as the APIs take it (RFC 4648 §4, padded, nothing else) never holds. */
const NOT_PLAIN_BASE64 = /[\s\-_]/;

/**
 * A part source as the providers take it:
 * - a URL source whose value is a base64 `data:` URL (AG-UI leaves a URL's scheme open, and
 *   browsers hand files over as `FileReader.readAsDataURL` gives them) becomes the data source it
 *   spells, its MIME type from the URL (else the part's, else `text/plain`, RFC 2397's default).
 *   The APIs that fetch a URL source take only http(s) or their storage URIs (Anthropic's `url`
 *   image and document sources, Gemini's `fileData.fileUri`, the Responses `input_file.file_url`),
 *   so a data URL sent as a URL is refused and the whole request with it; as data it goes inline
 *   (`base64` source, `inlineData`, `file_data`);
 * - a data source whose value is such a data URL (`readAsDataURL`'s result put where the base64
 *   goes) becomes a data source of its payload, with its declared MIME type (the URL's when it
 *   declares none): sent as it is, it is no base64 (Anthropic's and Gemini's inline data) or a data
 *   URL inside a data URL (OpenAI), and the whole request is refused;
 * - the base64 of a data source goes as the APIs take it (RFC 4648 §4): without whitespace (MIME
 *   and PEM encoders wrap lines at 76 or 64 characters), the URL-safe alphabet (`-`, `_`, RFC 4648
 *   §5) as the standard one and then padded with `=`. The bytes it spells are the same.
 *
 * Every other source is returned as it is (the same object).
 */
export function withDataUrlAsData(source: PartSource): PartSource {
  if (source.type === "file") return source;
  const match = BASE64_DATA_URL.exec(source.value);
  if (source.type === "url") {
    if (match === null) return source;
    const urlType = (match[1] ?? "").trim().toLowerCase();
    const mimeType = urlType !== "" ? urlType : (source.mimeType ?? "text/plain");
    return { type: "data", value: plainBase64(match[3] ?? ""), mimeType };
  }
  const payload = match !== null ? (match[3] ?? "") : source.value;
  const value = plainBase64(payload);
  if (match === null && value === source.value) return source;
  const urlType = (match?.[1] ?? "").trim().toLowerCase();
  const mimeType = source.mimeType.trim() !== "" ? source.mimeType : urlType !== "" ? urlType : "text/plain";
  return { ...source, value, mimeType };
}

/**
 * `base64` in the standard alphabet and without whitespace; padded when it had to be rewritten
 * (URL-safe base64 usually comes unpadded). Base64 that is already plain, and anything that is no
 * base64 at all, is kept as it is for the API to judge.
 */
function plainBase64(base64: string): string {
  if (!NOT_PLAIN_BASE64.test(base64)) return base64;
  const standard = base64.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard) || standard.length % 4 === 1) return base64;
  return standard.padEnd(Math.ceil(standard.length / 4) * 4, "=");
}
