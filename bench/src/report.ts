/**
 * The report: markdown tables of medians and ratios, printed and written to bench/results.md. Any
 * hand-written analysis below the ANALYSIS_MARKER line of an existing results.md is kept.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { AdapterRow } from "./bench-adapter.js";
import type { OverheadRow } from "./bench-overhead.js";
import type { PeerRow } from "./bench-peer.js";
import type { LatencyRow } from "./latency.js";
import type { Machine } from "./machine.js";
import { FLAT_LIMIT_MIB, SAMPLE_EVERY, type MemoryRow } from "./memory.js";
import { CLOCK, type Timing } from "./measure.js";

export const OVERHEAD_GOAL = 1.05;
export const PEER_GOAL = 0.5;
export const ANALYSIS_MARKER = "<!-- analysis: everything below this line is kept when the bench rewrites this file -->";

/** Everything one run measured. */
export interface Results {
  machine: Machine;
  adapter: AdapterRow[];
  overhead: OverheadRow[];
  peer: PeerRow[];
  memory: MemoryRow[];
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

function peerSection(rows: PeerRow[], overhead: OverheadRow[]): string {
  return table(
    ["format", "stream", "chunks", "ours: SDK → adapter (events)", "peer: Vercel provider doStream (parts)", "ours / peer", `goal ≤ ${PEER_GOAL}`, "ours incl. SSE / peer", "SDK parse alone / peer"],
    rows.map((r) => {
      const sse = overhead.find((o) => o.format === r.format && o.stream === r.stream);
      return [
        r.format,
        r.stream,
        int(r.chunks),
        `${spread(r.ours)}, ${int(r.events)} events`,
        `${spread(r.peer)}, ${int(r.parts)} parts`,
        r.ratio.toFixed(3),
        verdict(r.ratio <= PEER_GOAL),
        sse === undefined ? "" : (sse.full.median / r.peer.median).toFixed(3),
        sse === undefined ? "" : (sse.floor.median / r.peer.median).toFixed(3),
      ];
    }),
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
  const peerMissed = results.peer.filter((r) => r.ratio > PEER_GOAL);
  const notFlat = results.memory.filter((r) => !r.flat);
  const late = results.latency.filter((r) => r.onTime !== r.contentChunks);
  const list = (rows: Array<{ format: string; stream?: string; pipeline?: string }>): string =>
    rows.map((r) => `${r.format} ${r.stream ?? r.pipeline ?? ""}`).join("; ");
  return [
    `- Overhead ≤ ${OVERHEAD_GOAL}: ${overheadMissed.length === 0 ? "met on every stream" : `**missed** on ${overheadMissed.length} of ${results.overhead.length} (${list(overheadMissed)})`}.`,
    `- Ours / Vercel ≤ ${PEER_GOAL}: ${peerMissed.length === 0 ? "met on every stream" : `**missed** on ${peerMissed.length} of ${results.peer.length} (${list(peerMissed)})`}.`,
    `- Memory flat: ${notFlat.length === 0 ? "met for every pipeline" : `**not flat** for ${list(notFlat)}`}.`,
    `- Zero added buffering: ${late.length === 0 ? "confirmed on every stream" : `**not confirmed** for ${list(late)}`}.`,
  ].join("\n");
}

/** The generated part of results.md. */
export function renderResults(results: Results): string {
  return [
    "# Benchmark results",
    "",
    `Generated by \`pnpm bench\` (bench/src/run-bench.ts). Times are mitata medians per run of the whole stream, on the ${CLOCK === "cpu" ? "CPU-time clock (user + system time of the bench process; set BENCH_CLOCK=wall for wall time)" : "wall clock"} (± is half the interquartile range relative to the median; n is the sample count). Ratios compare two pipelines sampled in alternating rounds: each is the median of the per-round ratios.`,
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
    "## 3. Against the Vercel AI SDK providers (same bytes, custom `fetch`)",
    "",
    peerSection(results.peer, results.overhead),
    "",
    "## 4. Memory on the 100k-chunk stream",
    "",
    memorySection(results.memory),
    "",
    "## 5. Latency: no added buffering",
    "",
    latencySection(results.latency),
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
