import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AsciiBytes, nativeAsciiBytes, portableAsciiBytes } from "../src/sse/ascii-bytes.js";
import { createUtf8Reads } from "../src/sse/utf8-reads.js";

/** Every piece of every read, joined, and the reads' piece counts. */
function decodeReads(bytes: Uint8Array, cuts: readonly number[], ascii?: AsciiBytes): { text: string; pieces: string[] } {
  const reads = createUtf8Reads(ascii);
  const pieces: string[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    reads.decode(bytes.slice(start, cut), (piece) => pieces.push(piece));
    start = cut;
  }
  const tail = reads.flush();
  if (tail !== "") pieces.push(tail);
  return { text: pieces.join(""), pieces };
}

const whole = (bytes: Uint8Array): string => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

/** SSE-like text: ASCII lines (some longer than a piece), lines with other characters, invalid bytes. */
const chunk = fc.oneof(
  fc.constantFrom("data: {\"a\":1}\n\n", "event: x\n", "\r\n", "\n", ":\n", "\uFEFF"),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.nat({ max: 3000 }).map((n) => "x".repeat(n) + "\n"),
  fc.constantFrom("é", "✓", "’", "日本語", "😀"),
);
const bodies = fc.array(fc.oneof(chunk.map((s) => new TextEncoder().encode(s)), fc.uint8Array({ maxLength: 6 })), { maxLength: 30 }).map((parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
});

describe("createUtf8Reads", () => {
  it("gives the text of one decode of the whole body, however the reads split it, invalid bytes included", () => {
    fc.assert(
      fc.property(bodies, fc.array(fc.nat(), { maxLength: 6 }), (bytes, raw) => {
        const cuts = [...new Set(raw.map((n) => (bytes.length === 0 ? 0 : n % (bytes.length + 1))))].sort((a, b) => a - b);
        expect(decodeReads(bytes, cuts).text).toBe(whole(bytes));
      }),
      { numRuns: 400 },
    );
  });

  it("decodes the ASCII between lines of other characters as pieces of their own, and short gaps with them", () => {
    const ascii = `data: ${"a".repeat(2000)}\n\n`;
    const body = new TextEncoder().encode(`${ascii}data: "é"\n\nevent: x\ndata: "✓"\n\n${ascii}`);
    const { text, pieces } = decodeReads(body, []);
    expect(text).toBe(whole(body));
    // The long ASCII runs apart; the two short frames with other characters, and the short gap between them, together.
    expect(pieces).toEqual([ascii, 'data: "é"\n\nevent: x\ndata: "✓"\n', `\n${ascii}`]);
  });

  it("a read with no other characters is one piece", () => {
    const body = new TextEncoder().encode("data: {}\n\n".repeat(500));
    expect(decodeReads(body, []).pieces).toHaveLength(1);
  });
});

describe("the native ASCII answers (node:buffer)", () => {
  const native = nativeAsciiBytes();

  it("are found on this runtime", () => {
    expect(native).toBeDefined();
  });

  it("answer as the portable code does, through views at any offset", () => {
    if (native === undefined) throw new Error("no native answers");
    const portable = portableAsciiBytes();
    fc.assert(
      fc.property(bodies, fc.nat(), fc.nat(), fc.nat({ max: 7 }), (body, a, b, shift) => {
        const backing = new Uint8Array(body.length + shift);
        backing.set(body, shift);
        const bytes = backing.subarray(shift);
        const from = body.length === 0 ? 0 : a % (body.length + 1);
        const end = from + (body.length === 0 ? 0 : b % (body.length - from + 1));
        const at = native.firstNonAscii(bytes, from, end);
        expect(at).toBe(portable.firstNonAscii(bytes, from, end));
        const asciiEnd = at === -1 ? end : at;
        expect(native.asciiText(bytes, from, asciiEnd)).toBe(portable.asciiText(bytes, from, asciiEnd));
      }),
      { numRuns: 600 },
    );
  });

  it("finds a non-ASCII byte past several blocks, and none in a long ASCII run", () => {
    if (native === undefined) throw new Error("no native answers");
    const bytes = new TextEncoder().encode(`${"a".repeat(5000)}é${"b".repeat(3000)}`);
    expect(native.firstNonAscii(bytes, 0, bytes.length)).toBe(5000);
    expect(native.firstNonAscii(bytes, 0, 5000)).toBe(-1);
    expect(native.firstNonAscii(bytes, 5002, bytes.length)).toBe(-1);
  });

  it("decode reads to the same text with native or portable answers", () => {
    fc.assert(
      fc.property(bodies, fc.array(fc.nat(), { maxLength: 6 }), (bytes, raw) => {
        const cuts = [...new Set(raw.map((n) => (bytes.length === 0 ? 0 : n % (bytes.length + 1))))].sort((a, b) => a - b);
        const portable = decodeReads(bytes, cuts, portableAsciiBytes());
        expect(portable.text).toBe(whole(bytes));
        expect(decodeReads(bytes, cuts, native).pieces).toEqual(portable.pieces);
      }),
      { numRuns: 300 },
    );
  });
});
