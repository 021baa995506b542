/**
 * A focused micro-bench of the raw-bytes path (not part of `pnpm bench`): per format, on the
 * recording and the 10k-chunk synthetic stream, the stages side by side in interleaved rounds, as
 * ratios to a bare JSON.parse of the same payloads:
 * - read: the body's reads alone; utf8: the reads through a streaming TextDecoder (a baseline:
 *   the adapters decode with core's own UTF-8 reads, which are inside `frames`);
 * - frames: bytes → `decodeSseStream` (framing + UTF-8 decoding, no JSON.parse);
 * - frames+parse: the same with JSON.parse of each frame (the decoder the adapters use, minus the mapper);
 * - events: the whole raw path (`stream…FromResponse`);
 * - sse: the whole raw path plus `encodeSSE`.
 * Run: `node bench/dist/micro-raw.js` after `pnpm --filter @agui-bridge/bench build`; `MICRO_FORMAT`
 * picks one format, `MICRO_FROM` / `MICRO_TO` the streams (0 fixture, 1 recording, 2 synthetic;
 * default 1 to 3), `MICRO_ROUNDS` the rounds.
 */
import { decodeSseStream, SSE_SKIP } from "@agui-bridge/core/adapter";
import { FORMATS } from "./formats.js";
import { parsePayloads, payloadsOf, rawToEvents, rawToSse } from "./bench-raw.js";
import { bodyOver, loadStreams } from "./sources.js";

async function readOnly(bytes: Uint8Array): Promise<number> {
  const reader = bodyOver(bytes).getReader();
  let n = 0;
  for (let step = await reader.read(); step.done !== true; step = await reader.read()) n += step.value.length;
  return n;
}

async function readDecoded(bytes: Uint8Array): Promise<number> {
  const reader = bodyOver(bytes).getReader();
  const decoder = new TextDecoder();
  let n = 0;
  for (let step = await reader.read(); step.done !== true; step = await reader.read()) n += decoder.decode(step.value, { stream: true }).length;
  return n;
}

async function framesOnly(bytes: Uint8Array): Promise<number> {
  let n = 0;
  for await (const data of decodeSseStream(bodyOver(bytes), (frame) => frame.data)) n += data.length;
  return n;
}

async function framesParsed(bytes: Uint8Array): Promise<number> {
  let n = 0;
  const decode = (frame: { data: string }): unknown => (frame.data === "[DONE]" ? SSE_SKIP : JSON.parse(frame.data));
  for await (const value of decodeSseStream(bodyOver(bytes), decode)) if (value !== undefined) n++;
  return n;
}

async function timeOnce(op: () => Promise<unknown>, reps: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < reps; i++) await op();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const ROUNDS = Number(process.env.MICRO_ROUNDS ?? 15);
const only = process.env.MICRO_FORMAT;
for (const format of FORMATS) {
  if (only !== undefined && only !== format) continue;
  for (const stream of loadStreams(format).slice(Number(process.env.MICRO_FROM ?? 1), Number(process.env.MICRO_TO ?? 3))) {
    const payloads = await payloadsOf(stream.bytes);
    const reps = Math.max(1, Math.round(20_000 / payloads.length));
    const ops: Array<[string, () => Promise<unknown>]> = [
      ["floor", () => parsePayloads(payloads)],
      ["read", () => readOnly(stream.bytes)],
      ["utf8", () => readDecoded(stream.bytes)],
      ["frames", () => framesOnly(stream.bytes)],
      ["frames+parse", () => framesParsed(stream.bytes)],
      ["events", () => rawToEvents(format, stream.bytes)],
      ["sse", () => rawToSse(format, stream.bytes)],
    ];
    for (const [, op] of ops) await timeOnce(op, reps);
    const ratios: number[][] = ops.map(() => []);
    const floors: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const t = [];
      for (const [, op] of ops) t.push(await timeOnce(op, reps));
      floors.push((t[0] as number) / reps / payloads.length);
      for (let i = 0; i < ops.length; i++) (ratios[i] as number[]).push((t[i] as number) / (t[0] as number));
    }
    const cells = ops.slice(1).map(([name], i) => `${name} ${median(ratios[i + 1] as number[]).toFixed(2)}`);
    const floorNs = Math.round(median(floors) * 1000);
    console.log(`${format} ${stream.size} (${payloads.length} payloads, floor ${floorNs} ns each): ${cells.join("  ")}`);
  }
}
