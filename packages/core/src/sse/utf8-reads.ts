import { type AsciiBytes, defaultAsciiBytes } from "./ascii-bytes.js";

/** A streaming UTF-8 decoder: bytes in, the text of every complete character out. */
export interface Utf8Reads {
  /**
   * Decodes one read: `feed` gets its text, in order, in one piece or several (see
   * {@link createUtf8Reads}); an incomplete character at the end is held for the next read.
   */
  decode(bytes: Uint8Array, feed: (text: string) => void): void;
  /** The text of bytes held back at the end (an incomplete character decodes to U+FFFD). */
  flush(): string;
}

const LF = 10;

/**
 * A stretch of ASCII between two non-ASCII lines shorter than this goes with them into one piece:
 * a decoder call per line would cost more than decoding a little ASCII as two-byte text.
 */
const MIN_ASCII_PIECE = 1024;

/** Non-streaming decoding keeps no state between calls: one decoder serves every stream. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * UTF-8 decoding of SSE reads. An incomplete trailing character is held back by hand and the rest
 * decoded by non-streaming `TextDecoder` calls: the same text as `decode(bytes, { stream: true })`,
 * at about half its cost (the streaming mode is the slow path of most runtimes' decoders). The BOM
 * is kept (`ignoreBOM`): the SSE parser strips the stream's one leading BOM, and a non-streaming
 * call would otherwise strip one at the start of every read.
 *
 * A read holding any non-ASCII byte decodes, whole, to two-byte text, which costs about as much as
 * `JSON.parse` of it on Node 20 and makes every line cut from it slower to search and parse. So the
 * lines that hold non-ASCII bytes are decoded as pieces of their own and the ASCII between them as
 * one-byte text: on the recorded Responses stream every 16 KiB read holds a few non-ASCII
 * characters, in 11 % of its events. Pieces end only after a line feed, which never occurs inside a
 * UTF-8 sequence, so the text (and any U+FFFD for invalid bytes) is the same as one decode's.
 * Finding the non-ASCII bytes and decoding the ASCII pieces go through `ascii` (native on Node:
 * scanning a read in JavaScript cost twice its decoding).
 */
export function createUtf8Reads(ascii: AsciiBytes = defaultAsciiBytes()): Utf8Reads {
  const { firstNonAscii, asciiText } = ascii;
  let carry: Uint8Array | undefined;
  const text = (bytes: Uint8Array, start: number, end: number): string =>
    decoder.decode(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
  return {
    decode(bytes, feed) {
      let input = bytes;
      if (carry !== undefined) {
        input = new Uint8Array(carry.length + bytes.length);
        input.set(carry);
        input.set(bytes, carry.length);
        carry = undefined;
      }
      const end = completeLength(input);
      if (end < input.length) carry = input.slice(end);
      let start = 0;
      for (let at = firstNonAscii(input, 0, end); at !== -1; ) {
        const lineStart = input.lastIndexOf(LF, at) + 1;
        if (lineStart - start >= MIN_ASCII_PIECE) {
          feed(asciiText(input, start, lineStart));
          start = lineStart;
        }
        // The piece runs to the end of the line, and on over lines whose ASCII gap is short.
        let pieceEnd = lineEnd(input, at, end);
        let next = firstNonAscii(input, pieceEnd, end);
        while (next !== -1 && input.lastIndexOf(LF, next) + 1 - pieceEnd < MIN_ASCII_PIECE) {
          pieceEnd = lineEnd(input, next, end);
          next = firstNonAscii(input, pieceEnd, end);
        }
        feed(text(input, start, pieceEnd));
        start = pieceEnd;
        at = next;
      }
      if (start < end) feed(asciiText(input, start, end));
    },
    flush() {
      const rest = carry;
      carry = undefined;
      return rest === undefined ? "" : decoder.decode(rest);
    },
  };
}

/** Just past the line feed that ends the line holding `at`, or `end`. */
function lineEnd(bytes: Uint8Array, at: number, end: number): number {
  const lf = bytes.indexOf(LF, at);
  return lf === -1 || lf >= end ? end : lf + 1;
}

/**
 * The length of the longest prefix of `bytes` that does not end inside a UTF-8 character: a
 * trailing lead byte whose continuation bytes have not all arrived is left out. (Invalid sequences
 * are not held back: the decoder replaces them, as the streaming mode does.)
 */
function completeLength(bytes: Uint8Array): number {
  const n = bytes.length;
  // Look back over at most three continuation bytes (10xxxxxx) to the lead byte.
  for (let back = 1; back <= 4 && back <= n; back++) {
    const byte = bytes[n - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 && byte <= 0xf4 ? 4 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xc2 && byte <= 0xdf ? 2 : 1;
    return needed > back ? n - back : n;
  }
  return n;
}
