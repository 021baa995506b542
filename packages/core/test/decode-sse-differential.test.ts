import { createParser } from "eventsource-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeSseStream, SseTruncatedError, type SseFrame } from "../src/adapter.js";

/**
 * Differential fuzz of `decodeSseStream` (SSE framing + the streaming UTF-8 reads) against two
 * oracles that see the whole body at once: a spec-literal transcription of the WHATWG "interpret
 * an event stream" algorithm, and `eventsource-parser` fed the text of one `TextDecoder` pass.
 *
 * Both oracles decode with `ignoreBOM: true` and let the SSE grammar strip the one leading BOM:
 * `new TextDecoder().decode(whole)` strips a BOM itself, and `eventsource-parser` would then strip
 * a second one, where the standard (and WPT `eventsource/format-bom-2`) ignores only one.
 *
 * Intentional differences from the standard, from the decoder's TSDoc, that the expectations
 * model: `id` is the frame's own `id:` field (not the persistent last-event-ID buffer); a frame the
 * body ends inside (no blank line after it) is not silently dropped but throws
 * `SseTruncatedError`, or is yielded when `acceptUnterminated` accepts it; bytes that stop
 * mid-line with no frame to hand over throw `SseTruncatedError` too. `fieldFrames` and
 * `maxFrameLength` are not used here (their own tests cover them).
 */

const encoder = new TextEncoder();
const enc = (text: string): Uint8Array => encoder.encode(text);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

interface Frame {
  data: string;
  event: string | undefined;
  id: string | undefined;
}
const norm = (f: SseFrame): Frame => ({ data: f.data, event: f.event, id: f.id });

/** The WHATWG algorithm, literally, over the whole text: the frames dispatched before the end. */
function whatwgFrames(input: string): Frame[] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const frames: Frame[] = [];
  let data = "";
  let event = "";
  // The frame's own `id:` (the decoder's exposure), not the persistent last-event-ID buffer.
  let id: string | undefined;
  const lines = text.split(/\r\n|\r|\n/);
  // The last piece was not followed by a line end: the stream ended, "incomplete … discarded".
  lines.pop();
  for (const line of lines) {
    if (line === "") {
      if (data !== "") frames.push({ data: data.endsWith("\n") ? data.slice(0, -1) : data, event: event === "" ? undefined : event, id });
      data = "";
      event = "";
      id = undefined;
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data += `${value}\n`;
    else if (field === "id") {
      if (!value.includes("\0")) id = value;
    }
    // `retry` and unknown fields are not part of a frame.
  }
  return frames;
}

/** eventsource-parser over the whole text at once. */
function parserFrames(text: string): Frame[] {
  const frames: Frame[] = [];
  const parser = createParser({ onEvent: (m) => frames.push(norm(m)) });
  parser.feed(text);
  return frames;
}

/** The bytes as reads: subarrays (so at any byte offset, aligned or not) cut at `cuts`. */
async function* reads(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > start) yield bytes.subarray(start, cut);
    start = cut;
  }
}

async function decode(bytes: Uint8Array, cuts: readonly number[], acceptAll: boolean): Promise<{ frames: Frame[]; truncated: boolean }> {
  const frames: Frame[] = [];
  try {
    for await (const f of decodeSseStream(reads(bytes, cuts), norm, acceptAll ? { acceptUnterminated: () => true } : {})) frames.push(f);
  } catch (error) {
    if (error instanceof SseTruncatedError) return { frames, truncated: true };
    throw error;
  }
  return { frames, truncated: false };
}

// ---- Arbitraries -------------------------------------------------------------------------------

/** Characters of 1 to 4 UTF-8 bytes, NUL, an inner BOM, and Latin-1 look-alikes of BOM bytes. */
const char = fc.constantFrom("a", "b", "Z", "0", " ", ":", "\t", "{", '"', "é", "ß", "€", "✓", "中", "😀", "𝄞", "\0", "\uFEFF", "ï", "»");
/** Invalid UTF-8: stray continuations, lone and truncated leads, surrogates, overlongs, > U+10FFFF. */
const invalid = fc
  .constantFrom([0xff], [0xfe], [0x80], [0xbf, 0x80], [0xc3], [0xc0, 0xaf], [0xe2, 0x82], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98], [0xf0, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5])
  .map((b) => Uint8Array.from(b));
const piece = fc.oneof({ weight: 5, arbitrary: fc.array(char, { maxLength: 6 }).map((a) => enc(a.join(""))) }, { weight: 1, arbitrary: invalid });
const value = fc.array(piece, { maxLength: 4 }).map(concat);
/** A line far longer than a read and than the UTF-8 reader's 1 KiB ASCII pieces, non-ASCII inside. */
const longValue = fc
  .tuple(fc.integer({ min: 1000, max: 5000 }), value, fc.oneof(fc.constant(0), fc.nat()))
  .map(([n, inner, at]) => concat([enc("x".repeat(at % n)), inner, enc("y".repeat(n - (at % n)))]));

const line: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom("data:", "data: ", "data:  "), value).map(([k, v]) => concat([enc(k), v])) },
  { weight: 5, arbitrary: fc.constant(enc("")) },
  { weight: 1, arbitrary: longValue.map((v) => concat([enc("data: "), v])) },
  { weight: 1, arbitrary: fc.constantFrom("data", "event", "id", "retry", "foo", "dat", "Data: x", "DATA:y").map(enc) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("event:", "event: "), value).map(([k, v]) => concat([enc(k), v])) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("id:", "id: "), value, fc.boolean()).map(([k, v, nul]) => concat([enc(k), v, enc(nul ? "a\0b" : "")])) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("retry:", "retry: "), fc.oneof(fc.nat().map(String), fc.constantFrom("", "1x", "-5", " 7"))).map(([k, v]) => enc(k + v)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(":", ": ", ":data: no"), value).map(([k, v]) => concat([enc(k), v])) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("foo:", "error: ", "x-y:", " data:", "\uFEFFdata:"), value).map(([k, v]) => concat([enc(k), v])) },
  { weight: 1, arbitrary: longValue.map((v) => concat([enc(": "), v])) },
  // Any text as a line: a field name with no colon, or one that starts non-ASCII or invalid.
  { weight: 2, arbitrary: value },
  { weight: 1, arbitrary: longValue },
);
const eol = fc.constantFrom("\n", "\r", "\r\n").map(enc);
/** A leading BOM (none, one, two), or the BOM's bytes as Latin-1 text (a double-encoded BOM). */
const lead = fc.constantFrom("", "", "\uFEFF", "\uFEFF\uFEFF", "ï»¿").map(enc);

const body = fc
  .record({
    lead,
    lines: fc.array(fc.tuple(line, eol), { maxLength: 16 }),
    // The body may end with a line not yet ended, and with or without the blank line before it.
    tail: fc.option(line, { freq: 3 }),
  })
  .map(({ lead: l, lines, tail }) => concat([l, ...lines.flat(), tail ?? new Uint8Array(0)]));

/** Read boundaries: a few random ones, or one byte per read (every CR/LF pair and sequence split). */
const cutsFor = (bytes: Uint8Array): fc.Arbitrary<number[]> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.nat(), { maxLength: 12 }).map((raw) => [...new Set(raw.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b)) },
    { weight: 1, arbitrary: fc.constant(Array.from({ length: bytes.length }, (_, i) => i)) },
  );

// ---- The property ------------------------------------------------------------------------------

/** What the decoder must do with `bytes`, from the oracles. */
function expected(bytes: Uint8Array): { terminated: Frame[]; withEnd: Frame[]; cutMidLine: boolean } {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const terminated = whatwgFrames(text);
  // The oracles agree with each other (eventsource-parser dispatches before the end what the
  // standard dispatches at all; the decoder is built on it), except where the library strips a
  // BOM's bytes read as Latin-1 text ("ï»¿") as if they were a BOM, which the decoder does not.
  if (!text.startsWith("\xEF\xBB\xBF")) expect(parserFrames(text)).toEqual(terminated);
  // A body ended by a line end and a blank line dispatches what the end left pending.
  const withEnd = whatwgFrames(`${text}\n\n`);
  const stripped = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const cutMidLine = stripped !== "" && !stripped.endsWith("\n") && !stripped.endsWith("\r");
  return { terminated, withEnd, cutMidLine };
}

async function check(bytes: Uint8Array, cuts: readonly number[]): Promise<void> {
  const { terminated, withEnd, cutMidLine } = expected(bytes);
  const unterminated = withEnd.length > terminated.length;
  const strict = await decode(bytes, cuts, false);
  expect(strict.frames).toEqual(terminated);
  expect(strict.truncated).toBe(unterminated || cutMidLine);
  const lenient = await decode(bytes, cuts, true);
  expect(lenient.frames).toEqual(withEnd);
  expect(lenient.truncated).toBe(cutMidLine && !unterminated);
  // The UTF-8 oracle on its own: the data the decoder yields is one TextDecoder pass's text,
  // U+FFFD for U+FFFD, whatever the reads.
  expect(lenient.frames.map((f) => f.data).join("\u0001")).toBe(withEnd.map((f) => f.data).join("\u0001"));
}

describe("decodeSseStream: differential against the WHATWG algorithm and eventsource-parser", () => {
  it("gives the oracles' frames for any body, line ends, BOM, UTF-8 (valid or not) and reads", async () => {
    await fc.assert(
      fc.asyncProperty(
        body.chain((bytes) => fc.tuple(fc.constant(bytes), cutsFor(bytes))),
        async ([bytes, cuts]) => check(bytes, cuts),
      ),
      { seed: 20_250_917, numRuns: 400 },
    );
  });
});
