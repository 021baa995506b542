/**
 * 3. Against the peer: the same raw bytes through the Vercel AI SDK provider for the API (its
 * `doStream` parts) versus through the provider SDK and our adapter (AG-UI events; and, from the
 * overhead bench, all the way to SSE text).
 */
import { ADAPTERS } from "./adapters.js";
import type { FormatId } from "./formats.js";
import { timePair, type Timing } from "./measure.js";
import { drainPeer, peerStreamOpener } from "./peer.js";
import { sdkStreamOpener, type OpenSdkStream } from "./sdk-parse.js";
import { bodyOver, type BenchStream } from "./sources.js";

/** One row of the peer table. */
export interface PeerRow {
  format: FormatId;
  stream: string;
  chunks: number;
  events: number;
  parts: number;
  ours: Timing;
  peer: Timing;
  /** ours / peer (goal ≤ 0.5). */
  ratio: number;
}

/** SDK parse → adapter; returns the event count. */
export async function sdkToEvents(format: FormatId, open: OpenSdkStream): Promise<number> {
  let events = 0;
  for await (const event of ADAPTERS[format](await open())) if (event.type !== undefined) events++;
  return events;
}

/** Ours and the peer for each stream of a format. */
export async function benchPeer(format: FormatId, streams: readonly BenchStream[]): Promise<PeerRow[]> {
  const rows: PeerRow[] = [];
  for (const stream of streams) {
    const open = sdkStreamOpener(format, () => bodyOver(stream.bytes));
    const openPeer = peerStreamOpener(format, () => bodyOver(stream.bytes));
    const events = await sdkToEvents(format, open);
    const parts = await drainPeer(await openPeer());
    const { a: peer, b: ours, ratio } = await timePair(
      async () => drainPeer(await openPeer()),
      () => sdkToEvents(format, open),
    );
    rows.push({ format, stream: `${stream.size}: ${stream.label}`, chunks: stream.chunks.length, events, parts, ours, peer, ratio });
  }
  return rows;
}
