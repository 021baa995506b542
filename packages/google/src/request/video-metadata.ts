import { readBridgeMetadata, type BridgeWarning } from "@agui-bridge/core/adapter";
import type { VideoMetadata } from "@google/genai";
import { asRecord } from "../narrow.js";

/**
 * A protobuf `Duration` in its JSON form (`"1250s"`, `"1.5s"`): what `startOffset` / `endOffset`
 * take. Seconds, at most nine fractional digits, never negative (an offset into the video).
 */
const DURATION = /^(\d{1,12})(\.\d{1,9})?s$/;

/** The highest `fps` the API takes: "The valid range is (0.0, 24.0]" (`VideoMetadata.fps`). */
const MAX_FPS = 24;

/**
 * The `videoMetadata` a media part asks for, as the request's `Part.videoMetadata`: read from the
 * part's `metadata.videoMetadata` (or the same key under `agui-bridge`, where the stream records
 * it), `{ startOffset?, endOffset?, fps? }`. The API documents it as "Video metadata. The
 * metadata should only be specified while the video data is presented in inline_data or
 * file_data" (Gemini API and Vertex AI `Part`), so it is kept only on a video: a `video` part, or
 * a part whose MIME type is `video/*`. Every field is checked (offsets in the `Duration` JSON form,
 * the start before the end; `fps` in (0, 24]); one that is not so, or a field the API does not
 * define, is left out with `request.invalid-video-metadata`, and metadata on a part that is no
 * video is dropped with the same warning. Undefined when nothing is left.
 */
export function videoMetadataOf(
  part: { type: string; metadata?: unknown },
  mimeType: string | undefined,
  where: string,
  warn: (warning: BridgeWarning) => void,
): VideoMetadata | undefined {
  const raw = asRecord(part.metadata)?.videoMetadata ?? readBridgeMetadata(part.metadata)?.videoMetadata;
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
  const out: VideoMetadata = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if ((key === "startOffset" || key === "endOffset") && typeof value === "string" && DURATION.test(value)) out[key] = value;
    else if (key === "fps" && typeof value === "number" && Number.isFinite(value) && value > 0 && value <= MAX_FPS) out.fps = value;
    else dropped.push(key);
  }
  if (out.startOffset !== undefined && out.endOffset !== undefined && seconds(out.startOffset) >= seconds(out.endOffset)) {
    delete out.startOffset;
    delete out.endOffset;
    dropped.push("startOffset", "endOffset");
  }
  if (dropped.length > 0) report(`videoMetadata fields Gemini would refuse were left out: ${dropped.join(", ")}`, { fields: dropped });
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The seconds a checked `Duration` string names. */
function seconds(duration: string): number {
  return Number(duration.slice(0, -1));
}

