/**
 * 3. Against the peers, side by side in one interleaved run: the same raw bytes through the
 * Vercel AI SDK provider (`doStream` parts), TanStack AI's adapter (`chatStream` chunks), ours over
 * the provider SDK (SDK → adapter → AG-UI events) and ours on the raw-bytes path (bytes → adapter →
 * AG-UI events). Every ratio is ours / peer (goal for the raw path: ≤ 0.5, at least 2× faster).
 */
import { rawToEvents } from "./bench-raw.js";
import { sdkToEvents } from "./bench-peer.js";
import type { FormatId } from "./formats.js";
import { timeGroup, type Timing } from "./measure.js";
import { drainPeer, peerStreamOpener } from "./peer.js";
import { drainTanstack, tanstackStreamOpener } from "./peer-tanstack.js";
import { sdkStreamOpener } from "./sdk-parse.js";
import { bodyOver, type BenchStream } from "./sources.js";

/** One row of the peers table. */
export interface PeersRow {
  format: FormatId;
  stream: string;
  chunks: number;
  vercel: Timing;
  tanstack: Timing;
  oursSdk: Timing;
  oursRaw: Timing;
  /** ours / peer, per path and peer. */
  sdkVsVercel: number;
  sdkVsTanstack: number;
  rawVsVercel: number;
  rawVsTanstack: number;
}

/** Vercel, TanStack, ours (SDK) and ours (raw) for each stream of a format. */
export async function benchPeers(format: FormatId, streams: readonly BenchStream[]): Promise<PeersRow[]> {
  const rows: PeersRow[] = [];
  for (const stream of streams) {
    const openSdk = sdkStreamOpener(format, () => bodyOver(stream.bytes));
    const openVercel = peerStreamOpener(format, () => bodyOver(stream.bytes));
    const openTanstack = tanstackStreamOpener(format, () => bodyOver(stream.bytes));
    const { timings, ratio } = await timeGroup([
      async () => drainPeer(await openVercel()),
      () => drainTanstack(openTanstack()),
      () => sdkToEvents(format, openSdk),
      () => rawToEvents(format, stream.bytes),
    ]);
    const [vercel, tanstack, oursSdk, oursRaw] = timings as [Timing, Timing, Timing, Timing];
    rows.push({
      format,
      stream: `${stream.size}: ${stream.label}`,
      chunks: stream.chunks.length,
      vercel,
      tanstack,
      oursSdk,
      oursRaw,
      sdkVsVercel: ratio(2, 0),
      sdkVsTanstack: ratio(2, 1),
      rawVsVercel: ratio(3, 0),
      rawVsTanstack: ratio(3, 1),
    });
  }
  return rows;
}
