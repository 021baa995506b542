/**
 * The report: markdown tables of medians and ratios, printed and written to bench/results.md. Any
 * hand-written analysis below the ANALYSIS_MARKER line of an existing results.md is kept.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { AdapterRow } from "./bench-adapter.js";
import type { OverheadRow } from "./bench-overhead.js";
import type { PeersRow } from "./bench-peers.js";
import type { RawRow } from "./bench-raw.js";
import type { FirstEventRow } from "./first-event.js";
import type { LatencyRow } from "./latency.js";
import type { Machine } from "./machine.js";
import { FLAT_LIMIT_MIB, SAMPLE_EVERY, type MemoryRow } from "./memory.js";
import { CLOCK, type Timing } from "./measure.js";

/** SDK path: adapter + SSE encoding at most 10 % over the SDK's own parse. */
export const OVERHEAD_GOAL = 1.1;
/** Raw path: at most twice a bare JSON.parse of the payloads. */
export const RAW_GOAL = 2;
/** Raw path: at least twice as fast as each peer. */
export const PEER_GOAL = 0.5;
export const ANALYSIS_MARKER = "<!-- analysis: everything below this line is kept when the bench rewrites this file -->";

/** Everything one run measured. */
export interface Results {
  machine: Machine;
  adapter: AdapterRow[];
  overhead: OverheadRow[];
  raw: RawRow[];
  peer: PeersRow[];
  memory: MemoryRow[];
  firstEvent: FirstEventRow[];
  latency: LatencyRow[];
  seconds: number;
  /** Load averages when the run ended. */
  loadAtEnd: number[];
}

export function formatTime(ns: number): string {
  if (ns < 1e3) return `${ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(1)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

function rate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(0)} k/s`;
  return `${perSecond.toFixed(0)} /s`;
}

const int = (n: number): string => n.toLocaleString("en-US");
const spread = (t: Timing): string => `${formatTime(t.median)} (±${(((t.p75 - t.p25) / 2 / t.median) * 100).toFixed(0)}%, n=${t.samples})`;
const verdict = (met: boolean): string => (met ? "met" : "**missed**");

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function machineSection(m: Machine, seconds: number, loadAtEnd: number[]): string {
  const load = (values: number[]): string => values.map((v) => v.toFixed(2)).join(" / ");
  return [
    `Measured ${m.date} on ${m.cpu} (${m.cores} cores), ${m.memoryGiB} GiB RAM, ${m.platform}, Node ${m.node}; whole run ${seconds.toFixed(0)} s.`,
    `Load average (1 / 5 / 15 min) at the start ${load(m.loadAtStart)}, at the end ${load(loadAtEnd)}: anything well above 0 means other work shared the ${m.cores} cores, which widens the spreads (the comparisons are interleaved so it lands on both sides).`,
    "",
    table(["package", "version"], Object.entries(m.versions).map(([name, version]) => [`\`${name}\``, version])),
  ].join("\n");
}

function adapterSection(rows: AdapterRow[]): string {
  return table(
    ["format", "stream", "chunks", "events", "median / run", "chunks/s", "events/s"],
    rows.map((r) => [r.format, r.stream, int(r.chunks), int(r.events), spread(r.timing), rate(r.chunksPerSecond), rate(r.eventsPerSecond)]),
  );
}

function overheadSection(rows: OverheadRow[]): string {
  const perChunk = (ns: number, chunks: number): string => `${(ns / chunks / 1e3).toFixed(2)} µs`;
  return table(
    [
      "format",
      "stream",
      "chunks",
      "SDK parse alone (floor)",
      "SDK → adapter → SSE",
      "ratio",
      `goal ≤ ${OVERHEAD_GOAL}`,
      "floor per chunk",
      "adapter alone per chunk",
      "encodeSSE per chunk",
      "ratio the parts add up to",
    ],
    rows.map((r) => [
      r.format,
      r.stream,
      int(r.chunks),
      spread(r.floor),
      spread(r.full),
      r.ratio.toFixed(3),
      verdict(r.ratio <= OVERHEAD_GOAL),
      perChunk(r.floor.median, r.chunks),
      perChunk(r.adapterAlone.median, r.chunks),
      perChunk(r.encode.median, r.chunks),
      r.partsRatio.toFixed(3),
    ]),
  );
}

function rawSection(rows: RawRow[]): string {
  const perChunk = (ns: number, chunks: number): string => `${(ns / chunks / 1e3).toFixed(2)} µs`;
  return table(
    ["format", "stream", "payloads", "bare JSON.parse (floor)", "raw → events", "ratio", `goal ≤ ${RAW_GOAL}`, "raw → events → SSE", "ratio", `≤ ${RAW_GOAL} with SSE`, "floor per payload"],
    rows.map((r) => [
      r.format,
      r.stream,
      int(r.chunks),
      spread(r.floor),
      spread(r.toEvents),
      r.eventsRatio.toFixed(3),
      verdict(r.eventsRatio <= RAW_GOAL),
      spread(r.toSse),
      r.sseRatio.toFixed(3),
      verdict(r.sseRatio <= RAW_GOAL),
      perChunk(r.floor.median, r.chunks),
    ]),
  );
}

function peerSection(rows: PeersRow[]): string {
  return table(
    [
      "format",
      "stream",
      "chunks",
      "Vercel provider doStream",
      "TanStack adapter chatStream",
      "ours: SDK → events",
      "ours: raw → events",
      "SDK path / Vercel",
      "SDK path / TanStack",
      "raw / Vercel",
      "raw / TanStack",
      `goal raw ≤ ${PEER_GOAL} vs both`,
    ],
    rows.map((r) => [
      r.format,
      r.stream,
      int(r.chunks),
      spread(r.vercel),
      spread(r.tanstack),
      spread(r.oursSdk),
      spread(r.oursRaw),
      r.sdkVsVercel.toFixed(3),
      r.sdkVsTanstack.toFixed(3),
      r.rawVsVercel.toFixed(3),
      r.rawVsTanstack.toFixed(3),
      verdict(r.rawVsVercel <= PEER_GOAL && r.rawVsTanstack <= PEER_GOAL),
    ]),
  );
}

function firstEventSection(rows: FirstEventRow[]): string {
  return table(
    ["format", "stream", "ours: SDK path", "ours: raw path", "Vercel provider", "TanStack adapter"],
    rows.map((r) => [r.format, r.stream, spread(r.oursSdk), spread(r.oursRaw), spread(r.vercel), spread(r.tanstack)]),
  );
}

function memorySection(rows: MemoryRow[]): string {
  return table(
    ["format", "pipeline", "chunks", "wall time (incl. making the stream)", `live heap MiB every ${int(SAMPLE_EVERY)} chunks`, "growth first→last", "per chunk", "peak RSS (before)", `flat (≤ ${FLAT_LIMIT_MIB} MiB)`],
    rows.map((r) => [
      r.format,
      r.pipeline,
      int(r.chunks),
      `${r.seconds.toFixed(2)} s (${rate(r.chunks / r.seconds)})`,
      r.heapMiB.map((v) => v.toFixed(1)).join(" "),
      `${r.growthMiB >= 0 ? "+" : ""}${r.growthMiB.toFixed(2)} MiB`,
      `${((r.growthMiB * 1024 * 1024) / Math.max(1, r.chunks - SAMPLE_EVERY)).toFixed(1)} B`,
      `${r.peakRssMiB.toFixed(0)} MiB (${r.rssBeforeMiB.toFixed(0)})`,
      verdict(r.flat),
    ]),
  );
}

function latencySection(rows: LatencyRow[]): string {
  return table(
    ["format", "stream", "chunks", "chunks carrying content", "delivered before next pull", "chunks with events before next pull", "events after source ended", "mismatches"],
    rows.map((r) => [
      r.format,
      r.stream,
      int(r.chunks),
      int(r.contentChunks),
      `${int(r.onTime)} ${r.onTime === r.contentChunks ? "(all)" : "**(not all)**"}`,
      int(r.chunksWithEvents),
      int(r.eventsAfterLastPull),
      r.examples.length === 0 ? "none" : r.examples.join("; "),
    ]),
  );
}

function summary(results: Results): string {
  const overheadMissed = results.overhead.filter((r) => r.ratio > OVERHEAD_GOAL);
  const rawMissed = results.raw.filter((r) => r.eventsRatio > RAW_GOAL);
  const rawSseMissed = results.raw.filter((r) => r.sseRatio > RAW_GOAL);
  const peerMissed = results.peer.filter((r) => r.rawVsVercel > PEER_GOAL || r.rawVsTanstack > PEER_GOAL);
  const notFlat = results.memory.filter((r) => !r.flat && r.pipeline !== "SDK parse alone");
  const late = results.latency.filter((r) => r.onTime !== r.contentChunks);
  const list = (rows: Array<{ format: string; stream?: string; pipeline?: string }>): string =>
    rows.map((r) => `${r.format} ${r.stream ?? r.pipeline ?? ""}`).join("; ");
  const verdictOf = (missed: unknown[], all: unknown[], rows: Array<{ format: string; stream?: string; pipeline?: string }>): string =>
    missed.length === 0 ? `met on every stream (${all.length})` : `**missed** on ${missed.length} of ${all.length} (${list(rows)})`;
  return [
    `- SDK path: SDK → adapter → SSE ≤ ${OVERHEAD_GOAL} × the SDK's own parse: ${verdictOf(overheadMissed, results.overhead, overheadMissed)}.`,
    `- Raw path: bytes → AG-UI events ≤ ${RAW_GOAL} × a bare JSON.parse of the payloads: ${verdictOf(rawMissed, results.raw, rawMissed)}; with SSE encoding too: ${verdictOf(rawSseMissed, results.raw, rawSseMissed)}.`,
    `- Raw path ≤ ${PEER_GOAL} × each peer (Vercel AI SDK provider and TanStack AI adapter): ${verdictOf(peerMissed, results.peer, peerMissed)}.`,
    `- Heap flat over 100k chunks (our pipelines, both paths): ${notFlat.length === 0 ? "met for every pipeline" : `**not flat** for ${list(notFlat)}`}.`,
    `- No added latency (each chunk's events before the next pull): ${late.length === 0 ? "confirmed on every stream" : `**not confirmed** for ${list(late)}`}.`,
  ].join("\n");
}

/** The generated part of results.md. */
export function renderResults(results: Results): string {
  return [
    "# Benchmark results",
    "",
    `Generated by \`pnpm bench\` (bench/src/run-bench.ts). Times are mitata medians per run of the whole stream, on the ${CLOCK === "cpu" ? "CPU-time clock (user + system time of the bench process; set BENCH_CLOCK=wall for wall time)" : "wall clock"} (± is half the interquartile range relative to the median; n is the sample count). Ratios compare pipelines sampled in interleaved rounds: each is the median of the per-round ratios.`,
    "",
    machineSection(results.machine, results.seconds, results.loadAtEnd),
    "",
    "## Summary",
    "",
    summary(results),
    "",
    "## 1. Adapter alone (pre-parsed SDK chunks → AG-UI events)",
    "",
    adapterSection(results.adapter),
    "",
    "## 2. Overhead over the SDK floor (raw SSE bytes → SDK parse → adapter → `encodeSSE`, vs SDK parse alone)",
    "",
    overheadSection(results.overhead),
    "",
    "## 2b. Raw-bytes path against a bare JSON.parse of the same payloads",
    "",
    rawSection(results.raw),
    "",
    "## 3. Against the peers: Vercel AI SDK providers and TanStack AI adapters (same bytes, custom `fetch`, one interleaved run)",
    "",
    peerSection(results.peer),
    "",
    "## 4. Memory on the 100k-chunk stream",
    "",
    memorySection(results.memory),
    "",
    "## 5. Latency: no added buffering",
    "",
    latencySection(results.latency),
    "",
    "## 6. Time to first event (the ~10k-chunk stream; the stream is closed after it)",
    "",
    firstEventSection(results.firstEvent),
    "",
  ].join("\n");
}

/** Writes results.md, keeping any analysis below the marker. */
export function writeResults(path: string, results: Results): void {
  let analysis = `${ANALYSIS_MARKER}\n`;
  if (existsSync(path)) {
    const previous = readFileSync(path, "utf8");
    const at = previous.indexOf(ANALYSIS_MARKER);
    if (at >= 0) analysis = previous.slice(at);
  }
  writeFileSync(path, `${renderResults(results)}\n${analysis}`);
}
