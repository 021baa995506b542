/**
 * The MIME type of a file URI read from its extension, for a `fileData` that must name one and was
 * given none. Vertex AI's `FileData.mimeType` is "Required. The IANA standard MIME type of the
 * source data" (Vertex AI API reference, `FileData`); the Gemini API's is optional.
 *
 * Only extensions that name a type Vertex AI documents for Gemini are listed (its "Image
 * understanding", "Video understanding", "Audio understanding" and "Document understanding"
 * pages: PNG, JPEG, WEBP, HEIC, HEIF; `video/mp4`, `video/webm`, `video/quicktime`,
 * `video/x-flv`, `video/mpeg`, `video/wmv`, `video/3gpp`; `audio/mpeg`, `audio/wav`,
 * `audio/flac`, `audio/x-aac`, `audio/m4a`, `audio/ogg`, `audio/webm`, `audio/mp4`;
 * `application/pdf`, `text/plain`). An extension that names two (`.mp4`, `.webm`: audio or video)
 * is decided by the part's own type (`audio` / `video`), and stays undecided otherwise.
 */
const BY_EXTENSION: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  png: ["image/png"],
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  webp: ["image/webp"],
  heic: ["image/heic"],
  heif: ["image/heif"],
  mp4: ["video/mp4", "audio/mp4"],
  webm: ["video/webm", "audio/webm"],
  mov: ["video/quicktime"],
  flv: ["video/x-flv"],
  mpeg: ["video/mpeg"],
  wmv: ["video/wmv"],
  "3gp": ["video/3gpp"],
  mp3: ["audio/mpeg"],
  wav: ["audio/wav"],
  flac: ["audio/flac"],
  aac: ["audio/x-aac"],
  m4a: ["audio/m4a"],
  ogg: ["audio/ogg"],
  pdf: ["application/pdf"],
  txt: ["text/plain"],
}));

/** The AG-UI part types whose name is also the MIME top-level type they hold. */
const MEDIA_FAMILIES: ReadonlySet<string> = new Set(["image", "audio", "video"]);

/**
 * The one MIME type the extension of `uri`'s last path segment names (query and fragment left
 * out, case ignored), narrowed by `partType` when that is `image`, `audio` or `video`; undefined
 * when the URI has no listed extension or the extension still names more than one type.
 */
export function mimeTypeFromExtension(uri: string, partType: string | undefined): string | undefined {
  const path = uri.split(/[?#]/, 1)[0] ?? "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const candidates = BY_EXTENSION.get(name.slice(dot + 1).toLowerCase());
  if (candidates === undefined) return undefined;
  const family = partType !== undefined && MEDIA_FAMILIES.has(partType) ? `${partType}/` : undefined;
  const fitting = family === undefined ? candidates : candidates.filter((type) => type.startsWith(family));
  return fitting.length === 1 ? fitting[0] : undefined;
}
