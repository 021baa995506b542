import type { PartSource } from "./types/input.js";

/** A base64 `data:` URL: its media type (may be empty), its parameters, its payload. */
const BASE64_DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?);base64,(.*)$/is;

/**
 * A part source as the providers take it: a URL source whose value is a base64 `data:` URL (AG-UI
 * leaves a URL's scheme open, and browsers hand files over as `FileReader.readAsDataURL` gives
 * them) becomes the data source it spells, its MIME type from the URL (else the part's, else
 * `text/plain`, RFC 2397's default). The APIs that fetch a URL source take only http(s) or their
 * storage URIs (Anthropic's `url` image and document sources, Gemini's `fileData.fileUri`, the
 * Responses `input_file.file_url`), so a data URL sent as a URL is refused and the whole request
 * with it; as data it goes inline (`base64` source, `inlineData`, `file_data`). Every other source
 * is returned as it is.
 */
export function withDataUrlAsData(source: PartSource): PartSource {
  if (source.type !== "url") return source;
  const match = BASE64_DATA_URL.exec(source.value);
  if (match === null) return source;
  const urlType = (match[1] ?? "").trim().toLowerCase();
  const mimeType = urlType !== "" ? urlType : (source.mimeType ?? "text/plain");
  return { type: "data", value: match[3] ?? "", mimeType };
}
