/**
 * Runs recorded streams, mutated by {@link mutateStream}, through an adapter's SDK path (parsed
 * chunks) and raw-bytes path (the same JSON text framed as SSE), and checks the invariants every
 * run keeps whatever the provider sends: no exception escapes, exactly one terminal event and
 * nothing after it, conformant (closed-object schemas, verifyEvents), everything opened closed,
 * usage entries of safe non-negative integers with total = input + output and parts within their
 * totals, a RUN_ERROR carrying an error category, `Object.prototype` untouched, and the two paths
 * agreeing. Returns what broke, so a test can print every finding with its seed.
 */
import { createSequentialIds, isErrorCategory, readBridgeMetadata, SSE_SKIP, SSE_STOP, type Event } from "@agui-bridge/core/adapter";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { checkRun } from "./run-checks.js";
import { listSharedStreams, readJsonl, sharedStreamsDir, type SharedFormat } from "./shared-streams.js";
import { mutateStream, seededRng } from "./stream-mutations.js";

/** The options both paths run with (sequential ids, so the two outputs compare equal). */
export interface FuzzRunOptions {
  threadId: string;
  runId: string;
  generateId: () => string;
}

/** An adapter's two paths. */
export interface FuzzTarget {
  format: SharedFormat;
  sdk: (chunks: AsyncIterable<unknown>, options: FuzzRunOptions) => AsyncIterable<Event>;
  raw: (body: AsyncIterable<Uint8Array>, options: FuzzRunOptions) => AsyncIterable<Event>;
  /** How the SDK turns a frame into the chunk it hands over (default `JSON.parse`). */
  decode?: (frame: FuzzFrame) => unknown;
  /** Whether a difference between the paths is one the raw path is documented to make (it sees more of the wire). */
  rawSeesMore?: (sdkEvents: readonly Event[]) => boolean;
}

/** A broken invariant, with what it takes to reproduce it. */
export interface FuzzFinding {
  seed: number;
  stream: string;
  mutation: string;
  path: "sdk" | "raw" | "both";
  problem: string;
}

/** One recorded stream: its name and chunks (lines that are not JSON kept as their text). */
export interface RecordedChunks {
  name: string;
  chunks: unknown[];
}

/** The recordings of a format with at most `maxChunks` chunks (plus the raw Chat bodies for Chat). */
export function recordedChunks(format: SharedFormat, maxChunks: number): RecordedChunks[] {
  const out = listSharedStreams(format).map((file) => ({
    name: basename(file),
    chunks: readJsonl(file).map((line) => (line.ok ? line.value : line.raw)),
  }));
  const rawDir = sharedStreamsDir() === undefined ? undefined : join(sharedStreamsDir() as string, "raw", format);
  if (rawDir !== undefined && existsSync(rawDir)) {
    for (const name of readdirSync(rawDir).filter((file) => file.endsWith(".sse")).sort()) {
      const data = readFileSync(join(rawDir, name), "utf8")
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trim())
        .filter((line) => line !== "[DONE]");
      out.push({ name, chunks: data.flatMap((line) => { try { return [JSON.parse(line) as unknown]; } catch { return []; } }) });
    }
  }
  return out.filter((stream) => stream.chunks.length > 0 && stream.chunks.length <= maxChunks);
}

/** One SSE frame: its event name (for the formats that name their events) and its data. */
export interface FuzzFrame {
  event?: string;
  data: string;
}

/** The chunks' JSON text as the frames the provider sends (named after their `type` where the format names events). */
export function framesOf(format: SharedFormat, texts: readonly string[]): FuzzFrame[] {
  const named = format === "openai-responses" || format === "anthropic";
  return texts.map((data) => {
    if (!named) return { data };
    let event = "message";
    try {
      const parsed = JSON.parse(data) as { type?: unknown } | null;
      if (typeof parsed?.type === "string" && parsed.type !== "" && !/[\r\n]/.test(parsed.type)) event = parsed.type;
    } catch {
      // Not JSON: a generic event name.
    }
    return { event, data };
  });
}

/** The frames as bytes (CRLF for Gemini, `data: [DONE]` after a Chat stream). */
export function frameBytes(format: SharedFormat, frames: readonly FuzzFrame[]): Uint8Array {
  const eol = format === "google" ? "\r\n" : "\n";
  const text = frames.map((frame) => (frame.event === undefined ? "" : `event: ${frame.event}${eol}`) + `data: ${frame.data}${eol}${eol}`).join("");
  return new TextEncoder().encode(text + (format === "openai-chat" ? "data: [DONE]\n\n" : ""));
}

/**
 * The SDK path's chunks: each frame as the SDK hands it over, read by `decode` (the package's own
 * decoder imitating the SDK: an error frame throws, keep-alives are skipped), or `JSON.parse`.
 */
async function* sdkChunks(frames: readonly FuzzFrame[], decode: ((frame: FuzzFrame) => unknown) | undefined): AsyncGenerator<unknown> {
  for (const frame of frames) {
    const chunk = decode === undefined ? (JSON.parse(frame.data) as unknown) : decode(frame);
    if (chunk === SSE_STOP) return;
    if (chunk !== SSE_SKIP) yield chunk;
  }
}

async function* reads(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const options = (): FuzzRunOptions => ({ threadId: "t", runId: "r", generateId: createSequentialIds("id") });

/** Drains and checks one run; returns its events, or the problem. */
async function checked(run: () => AsyncIterable<Event>): Promise<{ events: Event[] } | { problem: string }> {
  const events: Event[] = [];
  try {
    for await (const event of run()) events.push(event);
  } catch (error) {
    return { problem: `an exception escaped: ${String(error)}` };
  }
  try {
    const { terminal } = await checkRun(events);
    if (terminal.type === "RUN_ERROR" && !isErrorCategory(readBridgeMetadata(terminal.metadata)?.errorCategory)) return { problem: "RUN_ERROR without an error category" };
  } catch (error) {
    return { problem: error instanceof Error ? error.message.slice(0, 500) : String(error) };
  }
  const polluted = Object.keys(Object.prototype);
  if (polluted.length > 0) return { problem: `Object.prototype polluted: ${polluted.join(", ")}` };
  return { events };
}

/** Runs `runs` mutated streams from `firstSeed` on through both paths; returns what broke. */
export async function fuzzRecordedStreams(
  target: FuzzTarget,
  settings: { firstSeed: number; runs: number; maxChunks: number; only?: readonly string[] },
): Promise<{ findings: FuzzFinding[]; ran: number }> {
  const streams = recordedChunks(target.format, settings.maxChunks);
  const findings: FuzzFinding[] = [];
  if (streams.length === 0) return { findings, ran: 0 };
  let ran = 0;
  for (let seed = settings.firstSeed; seed < settings.firstSeed + settings.runs; seed++) {
    const rng = seededRng(seed);
    const stream = streams[Math.floor(rng() * streams.length)] as RecordedChunks;
    const mutated = mutateStream(stream.chunks, rng, settings.only);
    const base = { seed, stream: stream.name, mutation: mutated.label };
    const frames = framesOf(target.format, mutated.texts);
    const sdk = await checked(() => target.sdk(sdkChunks(frames, target.decode), options()));
    if ("problem" in sdk) findings.push({ ...base, path: "sdk", problem: sdk.problem });
    const bytes = frameBytes(target.format, frames);
    const size = 1 + Math.floor(rng() * 4096);
    const raw = await checked(() => target.raw(reads(bytes, size), options()));
    if ("problem" in raw) findings.push({ ...base, path: "raw", problem: raw.problem });
    if ("events" in sdk && "events" in raw && JSON.stringify(sdk.events) !== JSON.stringify(raw.events) && target.rawSeesMore?.(sdk.events) !== true) {
      findings.push({ ...base, path: "both", problem: `the paths differ: ${firstDifference(sdk.events, raw.events)}` });
    }
    ran++;
  }
  return { findings, ran };
}

function firstDifference(a: readonly Event[], b: readonly Event[]): string {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const left = JSON.stringify(a[i]) ?? "nothing";
    const right = JSON.stringify(b[i]) ?? "nothing";
    if (left !== right) return `event ${i}: sdk ${left.slice(0, 300)} / raw ${right.slice(0, 300)}`;
  }
  return "none";
}
