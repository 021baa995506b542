/**
 * 4. Memory: the 100k-chunk synthetic stream, generated lazily (bytes are encoded as the SDK reads
 * them, so the source itself holds nothing), streamed through three pipelines: the SDK parse alone,
 * the adapter alone (chunk objects → events), and SDK → adapter → SSE. Every `SAMPLE_EVERY` chunks the
 * heap is measured after a full gc(); RSS is sampled every 1,000 chunks. Flat means the live heap
 * after 100k chunks is at most FLAT_LIMIT_MIB above the heap after the first 10k.
 */
import { encodeSSE } from "@agui-bridge/core/adapter";
import { ADAPTERS, RAW_ADAPTERS } from "./adapters.js";
import { SPECS, type FormatId } from "./formats.js";
import { sdkStreamOpener } from "./sdk-parse.js";
import { lazyBody, synthesize, syntheticBase, SYNTHETIC_XL_CHUNKS } from "./sources.js";

/** Chunks between heap samples. */
export const SAMPLE_EVERY = 10_000;
const RSS_EVERY = 1_000;
const MiB = 1024 * 1024;
/** Largest heap growth from the first to the last sample that still counts as flat. */
export const FLAT_LIMIT_MIB = 1;

export type MemoryPipeline = "SDK parse alone" | "adapter alone" | "SDK → adapter → SSE" | "raw bytes → adapter → SSE";

/** One memory measurement. */
export interface MemoryRow {
  format: FormatId;
  pipeline: MemoryPipeline;
  chunks: number;
  seconds: number;
  /** Live heap (MiB, after gc) at every SAMPLE_EVERY chunks. */
  heapMiB: number[];
  /** Last sample minus first sample. */
  growthMiB: number;
  /** Highest RSS seen while streaming, and RSS before the stream opened. */
  peakRssMiB: number;
  rssBeforeMiB: number;
  flat: boolean;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with node --expose-gc (the bench script does)");
  gc();
}

class Sampler {
  chunks = 0;
  heap: number[] = [];
  peakRss = 0;
  readonly rssBefore: number;
  constructor() {
    collectGarbage();
    this.rssBefore = process.memoryUsage.rss();
    this.peakRss = this.rssBefore;
  }
  /** Counts one chunk, sampling when due. */
  tick(): void {
    const n = ++this.chunks;
    if (n % RSS_EVERY === 0) this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
    if (n % SAMPLE_EVERY === 0) {
      collectGarbage();
      this.heap.push(process.memoryUsage().heapUsed);
    }
  }
}

async function* counted(source: AsyncIterable<unknown>, sampler: Sampler): AsyncGenerator<unknown, void, undefined> {
  for await (const chunk of source) {
    sampler.tick();
    yield chunk;
  }
}

function* countedSync(source: Iterable<unknown>, sampler: Sampler): Generator<unknown, void, undefined> {
  for (const chunk of source) {
    sampler.tick();
    yield chunk;
  }
}

async function* lazyChunks(format: FormatId): AsyncGenerator<unknown, void, undefined> {
  for (const chunk of synthesize(SPECS[format], syntheticBase(format), SYNTHETIC_XL_CHUNKS)) yield chunk;
}

async function measurePipeline(format: FormatId, pipeline: MemoryPipeline): Promise<MemoryRow> {
  const spec = SPECS[format];
  const sampler = new Sampler();
  const started = performance.now();
  const openSdk = sdkStreamOpener(format, () => lazyBody(spec, synthesize(spec, syntheticBase(format), SYNTHETIC_XL_CHUNKS)));
  let sink = 0;
  if (pipeline === "SDK parse alone") {
    for await (const chunk of counted(await openSdk(), sampler)) if (chunk !== undefined) sink++;
  } else if (pipeline === "adapter alone") {
    for await (const event of ADAPTERS[format](counted(lazyChunks(format), sampler))) sink += event.type.length;
  } else if (pipeline === "SDK → adapter → SSE") {
    for await (const event of ADAPTERS[format](counted(await openSdk(), sampler))) sink += encodeSSE(event).length;
  } else {
    // Chunks are counted as their bytes are made (one 16 KiB read ahead of the parser at most).
    const body = lazyBody(spec, countedSync(synthesize(spec, syntheticBase(format), SYNTHETIC_XL_CHUNKS), sampler));
    for await (const event of RAW_ADAPTERS[format](body)) sink += encodeSSE(event).length;
  }
  const seconds = (performance.now() - started) / 1000;
  if (sink === 0) throw new Error(`${format} ${pipeline}: nothing came out`);
  const heapMiB = sampler.heap.map((bytes) => bytes / MiB);
  const growthMiB = (heapMiB.at(-1) ?? 0) - (heapMiB[0] ?? 0);
  return {
    format,
    pipeline,
    chunks: sampler.chunks,
    seconds,
    heapMiB,
    growthMiB,
    peakRssMiB: sampler.peakRss / MiB,
    rssBeforeMiB: sampler.rssBefore / MiB,
    flat: growthMiB <= FLAT_LIMIT_MIB,
  };
}

/** The three memory measurements of a format. */
export async function benchMemory(format: FormatId): Promise<MemoryRow[]> {
  const rows: MemoryRow[] = [];
  for (const pipeline of ["SDK parse alone", "adapter alone", "SDK → adapter → SSE", "raw bytes → adapter → SSE"] as const) {
    rows.push(await measurePipeline(format, pipeline));
  }
  return rows;
}
