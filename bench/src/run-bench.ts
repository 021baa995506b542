/**
 * `pnpm bench`: every measurement in one process run, then the report (printed, and written to
 * bench/results.md). Options for working on it: `--format <id>` (repeatable) and
 * `--only adapter,overhead,peer,memory,latency` restrict the run (results.md is then not written);
 * BENCH_QUICK=1 shrinks the sampling budget.
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchAdapterAlone, type AdapterRow } from "./bench-adapter.js";
import { benchOverhead, type OverheadRow } from "./bench-overhead.js";
import { benchPeers, type PeersRow } from "./bench-peers.js";
import { benchRaw, type RawRow } from "./bench-raw.js";
import { benchFirstEvent, type FirstEventRow } from "./first-event.js";
import { FORMATS, type FormatId } from "./formats.js";
import { checkLatency, type LatencyRow } from "./latency.js";
import { describeMachine } from "./machine.js";
import { benchMemory, type MemoryRow } from "./memory.js";
import { renderResults, writeResults, type Results } from "./report.js";
import { parseWithSdk } from "./sdk-parse.js";
import { bodyOver, loadStreams, loadXlStream, REPO_ROOT, type BenchStream } from "./sources.js";
import { validateStream } from "./validate.js";

const PARTS = ["adapter", "overhead", "raw", "peer", "memory", "latency", "first-event"] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: { format: { type: "string", multiple: true }, only: { type: "string" } },
});
const formats = (values.format ?? FORMATS) as FormatId[];
for (const format of formats) if (!FORMATS.includes(format)) throw new Error(`unknown format ${format}; one of ${FORMATS.join(", ")}`);
const parts = new Set<Part>((values.only?.split(",") ?? PARTS) as Part[]);
const complete = values.format === undefined && values.only === undefined;

const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};

async function withChunks(stream: BenchStream): Promise<BenchStream> {
  return { ...stream, chunks: await parseWithSdk(stream.format, () => bodyOver(stream.bytes)) };
}

async function main(): Promise<void> {
  const started = performance.now();
  const machine = describeMachine();
  const memory: MemoryRow[] = [];
  const adapter: AdapterRow[] = [];
  const overhead: OverheadRow[] = [];
  const raw: RawRow[] = [];
  const peer: PeersRow[] = [];
  const firstEvent: FirstEventRow[] = [];
  const latency: LatencyRow[] = [];

  // Memory first, while the process holds nothing else.
  if (parts.has("memory")) {
    for (const format of formats) {
      log(`memory: ${format}`);
      memory.push(...(await benchMemory(format)));
    }
  }

  for (const format of formats) {
    const streams: BenchStream[] = [];
    for (const stream of loadStreams(format)) streams.push(await withChunks(stream));
    for (const stream of streams) await validateStream(format, stream);
    if (parts.has("adapter")) {
      log(`adapter alone: ${format}`);
      const xl = await withChunks(loadXlStream(format));
      adapter.push(...(await benchAdapterAlone(format, [...streams, xl])));
    }
    if (parts.has("overhead")) {
      log(`overhead: ${format}`);
      overhead.push(...(await benchOverhead(format, streams)));
    }
    if (parts.has("raw")) {
      log(`raw path: ${format}`);
      raw.push(...(await benchRaw(format, streams)));
    }
    if (parts.has("peer")) {
      log(`peers: ${format}`);
      peer.push(...(await benchPeers(format, streams)));
    }
    if (parts.has("latency")) {
      log(`latency: ${format}`);
      for (const stream of streams) latency.push(await checkLatency(format, stream));
    }
    const synthetic = streams.find((stream) => stream.size === "synthetic");
    if (parts.has("first-event") && synthetic !== undefined) {
      log(`first event: ${format}`);
      firstEvent.push(await benchFirstEvent(format, synthetic));
    }
  }

  const results: Results = { machine, adapter, overhead, raw, peer, memory, latency, firstEvent, seconds: (performance.now() - started) / 1000, loadAtEnd: loadavg() };
  process.stdout.write(`${renderResults(results)}\n`);
  if (complete) {
    const path = join(REPO_ROOT, "bench", "results.md");
    writeResults(path, results);
    log(`wrote ${path}`);
  }
}

await main();
