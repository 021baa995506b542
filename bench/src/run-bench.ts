/**
 * `pnpm bench`: every measurement, then the report (printed, and written to bench/results.md).
 * Each part of each format runs in a fresh Node process of its own (as JMH forks a JVM per
 * benchmark): the JIT's type feedback and the heap then hold only what that measurement runs, not
 * the other formats' adapters, the SDKs' parsers or the peers measured before it. The pipelines
 * compared in one table still run side by side, interleaved, in that one process.
 * Options for working on it: `--format <id>` (repeatable) and
 * `--only adapter,overhead,raw,peer,memory,latency,first-event` restrict the run (results.md is then
 * not written); `--in-process` runs everything in this process instead; BENCH_QUICK=1 shrinks the
 * sampling budget.
 */
import { execFileSync } from "node:child_process";
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
  options: {
    format: { type: "string", multiple: true },
    only: { type: "string" },
    "in-process": { type: "boolean" },
    // Internal: a worker process prints its rows as JSON; `--validate` checks the streams first.
    worker: { type: "boolean" },
    validate: { type: "boolean" },
  },
});
const formats = (values.format ?? FORMATS) as FormatId[];
for (const format of formats) if (!FORMATS.includes(format)) throw new Error(`unknown format ${format}; one of ${FORMATS.join(", ")}`);
const parts = new Set<Part>((values.only?.split(",") ?? PARTS) as Part[]);
const complete = values.format === undefined && values.only === undefined;
const inProcess = values["in-process"] === true || values.worker === true;

const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};

async function withChunks(stream: BenchStream): Promise<BenchStream> {
  return { ...stream, chunks: await parseWithSdk(stream.format, () => bodyOver(stream.bytes)) };
}

/** The rows of one process's measurements. */
type Rows = Omit<Results, "machine" | "seconds" | "loadAtEnd">;

/** Runs `parts` of `formats` in this process; `validate` first checks every stream end to end. */
async function measure(formats: readonly FormatId[], parts: ReadonlySet<Part>, validate: boolean): Promise<Rows> {
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
    // The raw path and the first-event check start from the bytes: without other parts, the
    // process never runs the SDK's parser (whose objects would train the mapper's type feedback).
    const needsChunks = [...parts].some((part) => part !== "raw" && part !== "first-event" && part !== "memory");
    for (const stream of loadStreams(format)) streams.push(needsChunks ? await withChunks(stream) : stream);
    if (validate) for (const stream of streams) await validateStream(format, stream);
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

  return { adapter, overhead, raw, peer, memory, latency, firstEvent };
}

/** Runs one part of one format in a fresh Node process and returns its rows. */
function measureInWorker(format: FormatId, part: Part, validate: boolean): Rows {
  const args = [...process.execArgv, process.argv[1] as string, "--worker", "--format", format, "--only", part];
  if (validate) args.push("--validate");
  const out = execFileSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out) as Rows;
}

async function main(): Promise<void> {
  if (values.worker === true) {
    process.stdout.write(JSON.stringify(await measure(formats, parts, values.validate === true)));
    return;
  }
  const started = performance.now();
  const machine = describeMachine();
  let rows: Rows;
  if (inProcess) rows = await measure(formats, parts, true);
  else {
    rows = { adapter: [], overhead: [], raw: [], peer: [], memory: [], latency: [], firstEvent: [] };
    // Memory first (every format), then the rest format by format, as in one process.
    const order = [...PARTS.filter((part) => part === "memory"), ...PARTS.filter((part) => part !== "memory")];
    const jobs: Array<[FormatId, Part]> = [];
    for (const part of order.filter((p) => p === "memory" && parts.has(p))) for (const format of formats) jobs.push([format, part]);
    for (const format of formats) for (const part of order) if (part !== "memory" && parts.has(part)) jobs.push([format, part]);
    const validated = new Set<FormatId>();
    for (const [format, part] of jobs) {
      const validate = part !== "memory" && !validated.has(format);
      if (validate) validated.add(format);
      const got = measureInWorker(format, part, validate);
      for (const key of Object.keys(rows) as Array<keyof Rows>) (rows[key] as unknown[]).push(...got[key]);
    }
  }
  const results: Results = { machine, ...rows, seconds: (performance.now() - started) / 1000, loadAtEnd: loadavg() };
  process.stdout.write(`${renderResults(results)}\n`);
  if (complete) {
    const path = join(REPO_ROOT, "bench", "results.md");
    writeResults(path, results);
    log(`wrote ${path}`);
  }
}

await main();
