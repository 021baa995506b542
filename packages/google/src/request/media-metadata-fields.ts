import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { asRecord } from "../narrow.js";

/*
 * The metadata's JSON wire form (enum values as their strings), typed here rather than with the SDK's
 * types: `AudioMetadata`, `DocumentMetadata`, `SpreadsheetMetadata` and `VideoMetadata.contentLayers`
 * arrived in `@google/genai` 3.6, and the package type-checks against every SDK version of its peer
 * range. `convert-media.ts` turns a converted media part into the SDK's `Part` in one place.
 */

/** `VideoMetadata`. */
export interface WireVideoMetadata {
  startOffset?: string;
  endOffset?: string;
  fps?: number;
  contentLayers?: string[];
}

/** `AudioMetadata` (`@google/genai` 3.6). */
export interface WireAudioMetadata {
  startOffset?: string;
  endOffset?: string;
}

/** `DocumentMetadata` (`@google/genai` 3.6). */
export interface WireDocumentMetadata {
  startPage?: number;
  endPage?: number;
  contentLayers?: string[];
}

/** `SpreadsheetMetadata` (`@google/genai` 3.6). */
export interface WireSpreadsheetMetadata {
  visibleCells?: string;
  sheetIndex?: number;
  contentLayers?: string[];
}

/** `PartMediaResolution`. */
export interface WireMediaResolution {
  level?: string;
  numTokens?: number;
}

/** The fields beside a media part's data that say how Gemini reads it. */
export interface MediaMetadata {
  videoMetadata?: WireVideoMetadata;
  audioMetadata?: WireAudioMetadata;
  documentMetadata?: WireDocumentMetadata;
  spreadsheetMetadata?: WireSpreadsheetMetadata;
  mediaResolution?: WireMediaResolution;
  mediaProcessing?: string;
}

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
export function contentLayersOf(value: unknown, allowed: ReadonlySet<string>): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const layers: string[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== "string" || !allowed.has(entry)) return undefined;
    layers.push(entry);
  }
  return layers;
}

/** The seconds a checked `Duration` string names. */
function seconds(duration: string): number {
  return Number(duration.slice(0, -1));
}
