/**
 * The two byte-level questions UTF-8 decoding of SSE reads asks most: where the next non-ASCII
 * byte is, and the text of bytes known to be ASCII. Portable code answers both everywhere; where
 * the runtime's `node:buffer` offers native answers (Node ≥ 20.16, and runtimes that copy its
 * API), they are used instead, after a check that they answer as the portable code does.
 */
export interface AsciiBytes {
  /** The first byte ≥ 0x80 in `bytes[from, end)`, or -1. */
  firstNonAscii(bytes: Uint8Array, from: number, end: number): number;
  /** The text of `bytes[start, end)`, every byte of which is ASCII. */
  asciiText(bytes: Uint8Array, start: number, end: number): string;
}

/** The first byte ≥ 0x80 in `bytes[from, end)`, or -1; four bytes a step where the buffer is aligned. */
function scanForNonAscii(bytes: Uint8Array, from: number, end: number): number {
  let i = from;
  while (i < end && ((bytes.byteOffset + i) & 3) !== 0) {
    if ((bytes[i] as number) >= 0x80) return i;
    i++;
  }
  const words = (end - i) >>> 2;
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let w = 0; w < words; w++) {
      if (((view[w] as number) & 0x80808080) !== 0) {
        i += w * 4;
        while ((bytes[i] as number) < 0x80) i++;
        return i;
      }
    }
    i += words * 4;
  }
  for (; i < end; i++) if ((bytes[i] as number) >= 0x80) return i;
  return -1;
}

/** Portable answers: a scan in JavaScript, and a (non-streaming) `TextDecoder`. */
export function portableAsciiBytes(): AsciiBytes {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  return {
    firstNonAscii: scanForNonAscii,
    asciiText: (bytes, start, end) => decoder.decode(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end)),
  };
}

/**
 * Bytes `isAscii` is asked about at once when the whole range is not ASCII: the JavaScript scan
 * then reads at most one block.
 */
const BLOCK = 1024;

/** What of `node:buffer` is used. */
interface NodeBufferApi {
  isAscii?: unknown;
  Buffer?: { prototype?: { latin1Slice?: unknown } };
}

/**
 * Native answers from `node:buffer` (`isAscii`, simdutf-backed, about 15× the JavaScript scan; and
 * `latin1Slice`, which for ASCII bytes is their text at about half a `TextDecoder` call's cost),
 * or undefined where the runtime has no `process.getBuiltinModule` or they answer a probe wrong.
 */
export function nativeAsciiBytes(): AsciiBytes | undefined {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: unknown } }).process;
    if (typeof runtime?.getBuiltinModule !== "function") return undefined;
    const api = (runtime as { getBuiltinModule(id: string): unknown }).getBuiltinModule("node:buffer") as NodeBufferApi | undefined;
    const isAscii = api?.isAscii;
    const latin1Slice = api?.Buffer?.prototype?.latin1Slice;
    if (typeof isAscii !== "function" || typeof latin1Slice !== "function") return undefined;
    const ascii = isAscii as (input: Uint8Array) => boolean;
    const slice = latin1Slice as (this: Uint8Array, start: number, end: number) => string;
    const native: AsciiBytes = {
      firstNonAscii(bytes, from, end) {
        if (from >= end || ascii(bytes.subarray(from, end))) return -1;
        for (let at = from; at < end; at += BLOCK) {
          const stop = Math.min(at + BLOCK, end);
          if (!ascii(bytes.subarray(at, stop))) return scanForNonAscii(bytes, at, stop);
        }
        return -1;
      },
      asciiText: (bytes, start, end) => slice.call(bytes, start, end),
    };
    // A probe through a view with an offset, as reads are: the same answers as the portable code, or none.
    const probe = new Uint8Array([0x20, 0x64, 0x61, 0x74, 0x61, 0x3a, 0x0a, 0xc3, 0xa9, 0x0a]).subarray(1);
    if (native.firstNonAscii(probe, 0, probe.length) !== 6 || native.firstNonAscii(probe, 0, 5) !== -1) return undefined;
    if (native.asciiText(probe, 1, 5) !== "ata:") return undefined;
    return native;
  } catch {
    return undefined;
  }
}

let runtimeAnswers: AsciiBytes | undefined;

/** The runtime's answers (found once): native where they check out, portable otherwise. */
export function defaultAsciiBytes(): AsciiBytes {
  runtimeAnswers ??= nativeAsciiBytes() ?? portableAsciiBytes();
  return runtimeAnswers;
}
