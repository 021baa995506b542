/**
 * Before anything is timed: every benchmarked stream must be a successful run on both sides, so the
 * bench never times an error path. Ours must end with RUN_FINISHED (and our raw path give the same
 * events as our SDK path); the Vercel peer must give a `finish` part and no `error` part, the
 * TanStack peer a RUN_FINISHED and no RUN_ERROR.
 */
import { EventType, type Event } from "@agui-bridge/core/adapter";
import { ADAPTERS, RAW_ADAPTERS } from "./adapters.js";
import type { FormatId } from "./formats.js";
import { drainPeer, peerStreamOpener } from "./peer.js";
import { drainTanstack, tanstackStreamOpener } from "./peer-tanstack.js";
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
  const raw: Event[] = [];
  for await (const event of RAW_ADAPTERS[format](bodyOver(stream.bytes))) raw.push(event);
  // Same events on both of our paths (ids are random: compare the types and the content).
  const shape = (events: Event[]): string => JSON.stringify(events.map((e) => [e.type, "delta" in e ? e.delta : undefined]));
  const sdk: Event[] = [];
  for await (const event of ADAPTERS[format](await sdkStreamOpener(format, () => bodyOver(stream.bytes))())) sdk.push(event);
  if (shape(raw) !== shape(sdk)) throw new Error(`${where}: the raw path's events differ from the SDK path's`);
  const types = new Map<string, number>();
  await drainPeer(await peerStreamOpener(format, () => bodyOver(stream.bytes))(), types);
  if (types.has("error") || !types.has("finish")) {
    throw new Error(`${where}: the Vercel peer gave ${JSON.stringify(Object.fromEntries(types))}`);
  }
  const chunks = new Map<string, number>();
  await drainTanstack(tanstackStreamOpener(format, () => bodyOver(stream.bytes))(), chunks);
  if (chunks.has("RUN_ERROR") || !chunks.has("RUN_FINISHED")) {
    throw new Error(`${where}: the TanStack peer gave ${JSON.stringify(Object.fromEntries(chunks))}`);
  }
}
