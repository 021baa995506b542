/**
 * Loading and synthesising the streams the bench runs on: our SSE fixtures (test-fixtures/<format>/),
 * the real recordings in ../shared/provider-streams (read in place, never copied), and long synthetic
 * streams made by repeating a real recording's body with ids made unique. Everything ends up as the
 * raw SSE bytes a provider would send; the pre-parsed chunks come from the provider SDK parsing them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SPECS, type FormatId, type FormatSpec } from "./formats.js";

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (this file runs from bench/dist or bench/src). */
export const REPO_ROOT = resolve(here, "..", "..");
const FIXTURES_DIR = join(REPO_ROOT, "test-fixtures");

/** ../shared/provider-streams beside the checkout (override the base with AGUI_SHARED_DIR). */
export function sharedStreamsDir(): string {
  const dir = join(process.env.AGUI_SHARED_DIR ?? join(REPO_ROOT, "..", "shared"), "provider-streams");
  if (!existsSync(dir)) throw new Error(`${dir} is absent: the bench needs the recorded streams (set AGUI_SHARED_DIR)`);
  return dir;
}

/** Size classes, in the order the report lists them. */
export type SizeClass = "fixture" | "recording" | "synthetic" | "synthetic-xl";

/** One stream the bench runs on. */
export interface BenchStream {
  format: FormatId;
  size: SizeClass;
  /** Where it comes from, for the report. */
  label: string;
  /** The raw SSE body. */
  bytes: Uint8Array;
  /** Chunks the provider SDK yields for it (empty until run-bench parses the bytes with the SDK). */
  chunks: unknown[];
}

/** The values of a JSONL recording; a line that is not JSON stays as its raw text. */
export function readJsonl(file: string): unknown[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    });
}

/** Every recording of a format, parsed (the "corpus" of the adapter-alone bench). */
export function readCorpus(format: FormatId): Array<{ name: string; chunks: unknown[] }> {
  const dir = join(sharedStreamsDir(), format);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .map((name) => ({ name, chunks: readJsonl(join(dir, name)) }));
}

/** A recording of a format, parsed. */
export function readRecording(format: FormatId, name: string): unknown[] {
  return readJsonl(join(sharedStreamsDir(), format, name));
}

/** The bytes of one of our SSE fixtures. */
export function readFixtureBytes(format: FormatId, name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES_DIR, format, `${name}.sse`)));
}

/**
 * A synthetic stream of about `target` chunks: the recording's prologue, its body repeated (each
 * repetition with unique ids and indexes) and its end. Whole bodies repeat, so the result is slightly
 * longer than `target` and every block that opens also closes. Lazy: chunks are made as they are read.
 */
export function* synthesize(spec: FormatSpec, base: readonly unknown[], target: number): Generator<unknown> {
  const [start, end] = spec.bodyRange(base);
  if (start < 0 || end <= start) throw new Error(`${spec.id}: cannot find the body of ${spec.syntheticBase}`);
  const prologue = base.slice(0, start);
  const body = base.slice(start, end);
  const epilogue = base.slice(end);
  const span = spec.span(body);
  const repetitions = Math.max(1, Math.ceil((target - prologue.length - epilogue.length) / body.length));
  let sequence = 0;
  const numbered = (chunk: unknown): unknown => {
    const n = sequence++;
    const record = chunk as { sequence_number?: unknown };
    return typeof record.sequence_number === "number" && record.sequence_number !== n ? { ...record, sequence_number: n } : chunk;
  };
  for (const chunk of prologue) yield numbered(chunk);
  for (let k = 0; k < repetitions; k++) {
    for (const chunk of body) yield numbered(k === 0 ? chunk : spec.remap(chunk, k, span));
  }
  for (const chunk of epilogue) yield numbered(chunk);
}

/** How many chunks {@link synthesize} yields for `target`. */
export function synthesizedLength(spec: FormatSpec, base: readonly unknown[], target: number): number {
  const [start, end] = spec.bodyRange(base);
  const body = end - start;
  const fixed = base.length - body;
  return fixed + body * Math.max(1, Math.ceil((target - fixed) / body));
}

/** Chunks as the SSE body the provider would send. */
export function encodeBody(spec: FormatSpec, chunks: Iterable<unknown>): Uint8Array {
  const frames: string[] = [];
  for (const chunk of chunks) frames.push(spec.frame(chunk));
  frames.push(spec.trailer);
  return new TextEncoder().encode(frames.join(""));
}

/** How many bytes a served body hands over per read (a typical socket read). */
export const READ_SIZE = 16 * 1024;

/** A response body over fixed bytes, handed over `READ_SIZE` bytes per pull. */
export function bodyOver(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.subarray(offset, offset + READ_SIZE));
        offset += READ_SIZE;
      },
    },
    { highWaterMark: 0 },
  );
}

/** A response body encoding chunks lazily as it is read (for streams too long to hold as bytes). */
export function lazyBody(spec: FormatSpec, chunks: Iterator<unknown>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (done) return;
        let text = "";
        while (text.length < READ_SIZE) {
          const step = chunks.next();
          if (step.done === true) {
            text += spec.trailer;
            done = true;
            break;
          }
          text += spec.frame(step.value);
        }
        if (text !== "") controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Target chunk counts of the synthetic sizes. */
export const SYNTHETIC_CHUNKS = 10_000;
export const SYNTHETIC_XL_CHUNKS = 100_000;

/** The base recording of a format's synthetic streams. */
export function syntheticBase(format: FormatId): unknown[] {
  return readRecording(format, SPECS[format].syntheticBase);
}

/** The fixture, recording and 10k-chunk synthetic streams of a format (bytes only). */
export function loadStreams(format: FormatId): BenchStream[] {
  const spec = SPECS[format];
  const recording = readRecording(format, spec.recording);
  const base = syntheticBase(format);
  const synthetic = [...synthesize(spec, base, SYNTHETIC_CHUNKS)];
  return [
    { format, size: "fixture", label: `${spec.fixture}.sse (ours)`, bytes: readFixtureBytes(format, spec.fixture), chunks: [] },
    { format, size: "recording", label: spec.recording, bytes: encodeBody(spec, recording), chunks: [] },
    { format, size: "synthetic", label: `${spec.syntheticBase} ×${Math.round(synthetic.length / base.length)}`, bytes: encodeBody(spec, synthetic), chunks: [] },
  ];
}

/** The 100k-chunk synthetic stream's bytes (held in memory only while a bench needs them). */
export function loadXlStream(format: FormatId): BenchStream {
  const spec = SPECS[format];
  const base = syntheticBase(format);
  const length = synthesizedLength(spec, base, SYNTHETIC_XL_CHUNKS);
  return {
    format,
    size: "synthetic-xl",
    label: `${spec.syntheticBase} ×${Math.round(length / base.length)}`,
    bytes: encodeBody(spec, synthesize(spec, base, SYNTHETIC_XL_CHUNKS)),
    chunks: [],
  };
}

/** An async iterable over pre-parsed chunks (the adapter-alone source). */
export async function* fromArray(chunks: readonly unknown[]): AsyncGenerator<unknown, void, undefined> {
  for (const chunk of chunks) yield chunk;
}
