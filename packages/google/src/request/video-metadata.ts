import type { BridgeWarning } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";
import { contentLayersOf, isDuration, keepOrderedOffsets, metadataField, type WireVideoMetadata } from "./media-metadata-fields.js";

/** The highest `fps` the API takes: "The valid range is (0.0, 24.0]" (`VideoMetadata.fps`). */
const MAX_FPS = 24;

/**
 * The `contentLayers` a video may ask for (`VideoMetadataContentLayer` of `@google/genai` 3.6:
 * "Content layers to return. If empty, defaults to [FRAMES, AUDIO]").
 */
const VIDEO_LAYERS: ReadonlySet<string> = new Set(["CONTENT_LAYER_UNSPECIFIED", "FRAMES", "AUDIO", "TRANSCRIPT"]);

/**
 * The `videoMetadata` a media part asks for, as the request's `Part.videoMetadata`: read from the
 * part's `metadata.videoMetadata` (or the same key under `agui-bridge`, where the stream records
 * it), `{ startOffset?, endOffset?, fps?, contentLayers? }`. The API documents it as "Video
 * metadata. The metadata should only be specified while the video data is presented in
 * inline_data or file_data" (Gemini API and Vertex AI `Part`), so it is kept only on a video: a
 * `video` part, or a part whose MIME type is `video/*`. Every field is checked (offsets in the
 * `Duration` JSON form, the start before the end; `fps` in (0, 24]; `contentLayers` values of the
 * SDK's `VideoMetadataContentLayer`); one that is not so, or a field the API does not define, is
 * left out with `request.invalid-video-metadata`, and metadata on a part that is no video is
 * dropped with the same warning. Undefined when nothing is left.
 */
export function videoMetadataOf(
  part: { type: string; metadata?: unknown },
  mimeType: string | undefined,
  where: string,
  warn: (warning: BridgeWarning) => void,
): WireVideoMetadata | undefined {
  const raw = metadataField(part, "videoMetadata");
  if (raw === undefined || raw === null) return undefined;
  const report = (message: string, details: Record<string, unknown> = {}): void =>
    warn({ code: "request.invalid-video-metadata", message: `${message} (${where})`, details: { where, ...details } });
  if (part.type !== "video" && mimeType?.toLowerCase().startsWith("video/") !== true) {
    report("videoMetadata on a part that is not a video was dropped: Gemini takes it only beside video data", { partType: part.type });
    return undefined;
  }
  const record = asRecord(raw);
  if (record === undefined) {
    report("videoMetadata that is not an object was dropped");
    return undefined;
  }
  const out: WireVideoMetadata = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if ((key === "startOffset" || key === "endOffset") && isDuration(value)) out[key] = value;
    else if (key === "fps" && typeof value === "number" && Number.isFinite(value) && value > 0 && value <= MAX_FPS) out.fps = value;
    else if (key === "contentLayers" && contentLayersOf(value, VIDEO_LAYERS) !== undefined) out.contentLayers = contentLayersOf(value, VIDEO_LAYERS);
    else dropped.push(key);
  }
  keepOrderedOffsets(out, dropped);
  if (dropped.length > 0) report(`videoMetadata fields Gemini would refuse were left out: ${dropped.join(", ")}`, { fields: dropped });
  return Object.keys(out).length > 0 ? out : undefined;
}
