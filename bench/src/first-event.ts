/**
 * 6. Time to first event: from opening the pipeline over the ~10k-chunk stream's bytes to the first
 * mapped event after RUN_STARTED (ours, both paths) or the first content part / chunk (the peers),
 * after which the stream is closed. Nothing in our pipeline waits for later bytes, so this should
 * not grow with the stream's length.
 */
import { EventType } from "@agui-bridge/core/adapter";
import { ADAPTERS, RAW_ADAPTERS } from "./adapters.js";
import type { FormatId } from "./formats.js";
import { timeGroup, type Timing } from "./measure.js";
import { peerStreamOpener } from "./peer.js";
import { tanstackStreamOpener } from "./peer-tanstack.js";
import { sdkStreamOpener } from "./sdk-parse.js";
import { bodyOver, type BenchStream } from "./sources.js";

/** One row of the first-event table. */
export interface FirstEventRow {
  format: FormatId;
  stream: string;
  oursSdk: Timing;
  oursRaw: Timing;
  vercel: Timing;
  tanstack: Timing;
}

const PEER_PREAMBLE = new Set(["stream-start", "response-metadata", "raw"]);

/** Reads until `found` says yes, then closes the iterator; throws when the stream ends first. */
async function firstOf<T>(stream: AsyncIterable<T>, found: (item: T) => boolean): Promise<T> {
  for await (const item of stream) if (found(item)) return item;
  throw new Error("the stream ended without a content event");
}

async function* readable<T>(stream: ReadableStream<T>): AsyncGenerator<T> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) return;
      yield step.value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Time to the first event on each pipeline, over one stream. */
export async function benchFirstEvent(format: FormatId, stream: BenchStream): Promise<FirstEventRow> {
  const openSdk = sdkStreamOpener(format, () => bodyOver(stream.bytes));
  const openVercel = peerStreamOpener(format, () => bodyOver(stream.bytes));
  const openTanstack = tanstackStreamOpener(format, () => bodyOver(stream.bytes));
  const notStart = (event: { type: string }): boolean => event.type !== EventType.RUN_STARTED;
  const { timings } = await timeGroup([
    async () => firstOf(ADAPTERS[format](await openSdk()), notStart),
    async () => firstOf(RAW_ADAPTERS[format](bodyOver(stream.bytes)), notStart),
    async () => firstOf(readable(await openVercel()), (part) => !PEER_PREAMBLE.has(part.type)),
    async () => firstOf(openTanstack(), (chunk) => chunk.type !== "RUN_STARTED"),
  ]);
  const [oursSdk, oursRaw, vercel, tanstack] = timings as [Timing, Timing, Timing, Timing];
  return { format, stream: `${stream.size}: ${stream.label}`, oursSdk, oursRaw, vercel, tanstack };
}
