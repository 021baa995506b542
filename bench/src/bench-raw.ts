/**
 * 2b. The raw-bytes path against the JSON.parse floor: raw SSE bytes → our SSE parser
 * (`decodeSseStream`) → `JSON.parse` → the adapter's mapper → AG-UI events (and → `encodeSSE`),
 * against a bare `JSON.parse` of the same payloads (the `data:` strings, cut out beforehand): the
 * least any pipeline that turns these payloads into objects must spend.
 */
import { decodeSseStream, encodeSSE, SSE_SKIP } from "@agui-bridge/core/adapter";
import { RAW_ADAPTERS } from "./adapters.js";
import type { FormatId } from "./formats.js";
import { timeGroup, type Timing } from "./measure.js";
import { bodyOver, type BenchStream } from "./sources.js";

/** One row of the raw-path table. */
export interface RawRow {
  format: FormatId;
  stream: string;
  chunks: number;
  floor: Timing;
  toEvents: Timing;
  toSse: Timing;
  /** toEvents / floor and toSse / floor (goal ≤ 2 for the whole pipeline, SSE included). */
  eventsRatio: number;
  sseRatio: number;
}

/** The `data:` payloads of a body (what JSON.parse must read), the Chat `[DONE]` marker left out. */
export async function payloadsOf(bytes: Uint8Array): Promise<string[]> {
  const out: string[] = [];
  for await (const data of decodeSseStream(bodyOver(bytes), (frame) => (frame.data === "[DONE]" ? SSE_SKIP : frame.data))) out.push(data);
  return out;
}

/** The floor: JSON.parse of every payload, nothing else. */
export async function parsePayloads(payloads: readonly string[]): Promise<number> {
  let n = 0;
  for (const payload of payloads) if (JSON.parse(payload) !== undefined) n++;
  return n;
}

/** Raw bytes → AG-UI events; returns the event count. */
export async function rawToEvents(format: FormatId, bytes: Uint8Array): Promise<number> {
  let events = 0;
  for await (const event of RAW_ADAPTERS[format](bodyOver(bytes))) if (event.type !== undefined) events++;
  return events;
}

/** Raw bytes → AG-UI events → SSE text; returns the character count. */
export async function rawToSse(format: FormatId, bytes: Uint8Array): Promise<number> {
  let chars = 0;
  for await (const event of RAW_ADAPTERS[format](bodyOver(bytes))) chars += encodeSSE(event).length;
  return chars;
}

/** Floor, raw → events and raw → SSE for each stream of a format, interleaved. */
export async function benchRaw(format: FormatId, streams: readonly BenchStream[]): Promise<RawRow[]> {
  const rows: RawRow[] = [];
  for (const stream of streams) {
    const payloads = await payloadsOf(stream.bytes);
    const { timings, ratio } = await timeGroup([
      () => parsePayloads(payloads),
      () => rawToEvents(format, stream.bytes),
      () => rawToSse(format, stream.bytes),
    ]);
    const [floor, toEvents, toSse] = timings as [Timing, Timing, Timing];
    rows.push({
      format,
      stream: `${stream.size}: ${stream.label}`,
      chunks: payloads.length,
      floor,
      toEvents,
      toSse,
      eventsRatio: ratio(1, 0),
      sseRatio: ratio(2, 0),
    });
  }
  return rows;
}
