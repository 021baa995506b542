/**
 * Before anything is timed: every benchmarked stream must be a successful run on both sides, so the
 * bench never times an error path. Ours must end with RUN_FINISHED; the peer must give a `finish`
 * part and no `error` part.
 */
import { EventType, type Event } from "@agui-bridge/core";
import { ADAPTERS } from "./adapters.js";
import type { FormatId } from "./formats.js";
import { drainPeer, peerStreamOpener } from "./peer.js";
import { sdkStreamOpener } from "./sdk-parse.js";
import { bodyOver, type BenchStream } from "./sources.js";

/** Throws when a stream does not end as a successful run through both pipelines. */
export async function validateStream(format: FormatId, stream: BenchStream): Promise<void> {
  const where = `${format} ${stream.size} (${stream.label})`;
  let last: Event | undefined;
  for await (const event of ADAPTERS[format](await sdkStreamOpener(format, () => bodyOver(stream.bytes))())) last = event;
  if (last?.type !== EventType.RUN_FINISHED) {
    throw new Error(`${where}: our run ended with ${JSON.stringify(last)?.slice(0, 300)}, not RUN_FINISHED`);
  }
  const types = new Map<string, number>();
  await drainPeer(await peerStreamOpener(format, () => bodyOver(stream.bytes))(), types);
  if (types.has("error") || !types.has("finish")) {
    throw new Error(`${where}: the peer gave ${JSON.stringify(Object.fromEntries(types))}`);
  }
}
