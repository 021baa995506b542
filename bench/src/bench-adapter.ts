/**
 * 1. Adapter alone: pre-parsed SDK chunk objects (what the provider SDK yielded for the bytes) mapped
 * to AG-UI events, nothing else. Chunks/s and events/s per format and size, plus the whole recorded
 * corpus of the format (every recording, each as its own run).
 */
import { ADAPTERS, type Adapter } from "./adapters.js";
import type { FormatId } from "./formats.js";
import { perSecond, time, type Timing } from "./measure.js";
import { fromArray, readCorpus, type BenchStream } from "./sources.js";

/** One row of the adapter-alone table. */
export interface AdapterRow {
  format: FormatId;
  stream: string;
  chunks: number;
  events: number;
  timing: Timing;
  chunksPerSecond: number;
  eventsPerSecond: number;
}

/** Maps every chunk list through the adapter; returns the number of events. */
async function mapAll(adapter: Adapter, runs: ReadonlyArray<readonly unknown[]>): Promise<number> {
  let events = 0;
  for (const chunks of runs) {
    for await (const event of adapter(fromArray(chunks))) if (event.type !== undefined) events++;
  }
  return events;
}

async function row(format: FormatId, stream: string, runs: ReadonlyArray<readonly unknown[]>): Promise<AdapterRow> {
  const adapter = ADAPTERS[format];
  const chunks = runs.reduce((sum, run) => sum + run.length, 0);
  const events = await mapAll(adapter, runs);
  const timing = await time(() => mapAll(adapter, runs));
  return { format, stream, chunks, events, timing, chunksPerSecond: perSecond(chunks, timing), eventsPerSecond: perSecond(events, timing) };
}

/** The adapter-alone rows of one format: each pre-parsed stream, then the recorded corpus. */
export async function benchAdapterAlone(format: FormatId, streams: readonly BenchStream[]): Promise<AdapterRow[]> {
  const rows: AdapterRow[] = [];
  for (const stream of streams) rows.push(await row(format, `${stream.size}: ${stream.label}`, [stream.chunks]));
  const corpus = readCorpus(format);
  rows.push(await row(format, `corpus: all ${corpus.length} recordings`, corpus.map((entry) => entry.chunks)));
  return rows;
}
