/**
 * 2. Overhead over the floor: raw SSE bytes → the provider SDK's own parse → our adapter → SSE-encoded
 * AG-UI (core's encodeSSE), against the same bytes through the SDK parse alone. The ratio is what our
 * layer costs on top of what an application pays for the SDK anyway.
 */
import { encodeSSE, type Event } from "@agui-bridge/core/adapter";
import { ADAPTERS } from "./adapters.js";
import type { FormatId } from "./formats.js";
import { time, timePair, type Timing } from "./measure.js";
import { sdkStreamOpener, type OpenSdkStream } from "./sdk-parse.js";
import { bodyOver, fromArray, type BenchStream } from "./sources.js";

/** One row of the overhead table. */
export interface OverheadRow {
  format: FormatId;
  stream: string;
  chunks: number;
  bytes: number;
  floor: Timing;
  full: Timing;
  /** full / floor (goal ≤ 1.05). */
  ratio: number;
  /** The parts on their own: the adapter over the pre-parsed chunks, and encodeSSE over its events. */
  adapterAlone: Timing;
  encode: Timing;
  /** (floor + adapter alone + encode) / floor: the ratio the parts add up to. */
  partsRatio: number;
}

/** The SDK parse alone: every chunk read, nothing done with it. */
export async function drainSdk(open: OpenSdkStream): Promise<number> {
  let chunks = 0;
  for await (const chunk of await open()) if (chunk !== undefined) chunks++;
  return chunks;
}

/** SDK parse → adapter → SSE text; returns the SSE character count. */
export async function sdkToSse(format: FormatId, open: OpenSdkStream): Promise<number> {
  let chars = 0;
  for await (const event of ADAPTERS[format](await open())) chars += encodeSSE(event).length;
  return chars;
}

async function collectEvents(format: FormatId, chunks: readonly unknown[]): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of ADAPTERS[format](fromArray(chunks))) events.push(event);
  return events;
}

async function adapterOnly(format: FormatId, chunks: readonly unknown[]): Promise<number> {
  let events = 0;
  for await (const event of ADAPTERS[format](fromArray(chunks))) if (event.type !== undefined) events++;
  return events;
}

async function encodeAll(events: readonly Event[]): Promise<number> {
  let chars = 0;
  for (const event of events) chars += encodeSSE(event).length;
  return chars;
}

/** Floor and full pipeline for each stream of a format, and the parts of the difference. */
export async function benchOverhead(format: FormatId, streams: readonly BenchStream[]): Promise<OverheadRow[]> {
  const rows: OverheadRow[] = [];
  for (const stream of streams) {
    const open = sdkStreamOpener(format, () => bodyOver(stream.bytes));
    const { a: floor, b: full, ratio } = await timePair(
      () => drainSdk(open),
      () => sdkToSse(format, open),
    );
    const events = await collectEvents(format, stream.chunks);
    const adapterAlone = await time(() => adapterOnly(format, stream.chunks));
    const encode = await time(() => encodeAll(events));
    rows.push({
      format,
      stream: `${stream.size}: ${stream.label}`,
      chunks: stream.chunks.length,
      bytes: stream.bytes.length,
      floor,
      full,
      ratio,
      adapterAlone,
      encode,
      partsRatio: (floor.median + adapterAlone.median + encode.median) / floor.median,
    });
  }
  return rows;
}
