import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";

/**
 * A protobuf `Duration` in its JSON form (`"1250s"`, `"1.5s"`): what the `startOffset` /
 * `endOffset` of `videoMetadata` and `audioMetadata` take. Seconds, at most nine fractional digits,
 * never negative (an offset into the media).
 */
const DURATION = /^(\d{1,12})(\.\d{1,9})?s$/;

/** The value a media part's `metadata` holds for `key`: the plain key, else the same key under `agui-bridge`. */
export function metadataField(part: { metadata?: unknown }, key: string): unknown {
  return asRecord(part.metadata)?.[key] ?? readBridgeMetadata(part.metadata)?.[key];
}

/** Whether a value is a `Duration` JSON string (an offset `startOffset` / `endOffset` takes). */
export function isDuration(value: unknown): value is string {
  return typeof value === "string" && DURATION.test(value);
}

/**
 * Leaves out both offsets unless the start comes before the end (the API refuses an empty or
 * reversed range); their names go to `dropped`.
 */
export function keepOrderedOffsets(out: { startOffset?: string; endOffset?: string }, dropped: string[]): void {
  if (out.startOffset === undefined || out.endOffset === undefined || seconds(out.startOffset) < seconds(out.endOffset)) return;
  delete out.startOffset;
  delete out.endOffset;
  dropped.push("startOffset", "endOffset");
}

/**
 * A `contentLayers` list whose every entry is one of `allowed` (the values of the SDK's enum for that
 * metadata), as given; undefined when it is not an array or holds anything else (the API would
 * refuse the whole request over an unknown enum value).
 */
export function contentLayersOf<T extends string>(value: unknown, allowed: ReadonlySet<string>): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const layers: T[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== "string" || !allowed.has(entry)) return undefined;
    layers.push(entry as T);
  }
  return layers;
}

/** The seconds a checked `Duration` string names. */
function seconds(duration: string): number {
  return Number(duration.slice(0, -1));
}
