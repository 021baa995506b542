/**
 * Whether base64 image data is an animated GIF, read from its block structure (GIF89a
 * specification): the header (`GIF87a` / `GIF89a`), the logical screen descriptor and its global
 * color table, then blocks until the trailer (`;`): extensions (`!`, a label, data sub-blocks) and
 * images (`,`, an image descriptor, its local color table, the LZW minimum code size and data
 * sub-blocks). The GIF is animated when it holds a second image, or a `NETSCAPE2.0` (or
 * `ANIMEXTS1.0`) application extension, the looping block animations carry.
 *
 * `false` when the data is no GIF, or when it ends (truncated), breaks the structure (garbage) or
 * needs more than {@link MAX_GIF_BLOCKS} blocks before either sign appears: only what is read
 * decides. Never throws (the payload is untrusted input); only the bytes the walk visits are
 * decoded, so a large frame costs one step per 255-byte sub-block, not a decoded copy.
 */
export function isAnimatedGif(base64: string): boolean {
  const bytes = base64Bytes(base64);
  const header = ascii(bytes, 0, 6);
  if (header !== "GIF87a" && header !== "GIF89a") return false;
  const screenFlags = bytes.at(10);
  if (screenFlags === undefined) return false;
  let pos = 13 + colorTableSize(screenFlags);
  let images = 0;
  for (let steps = 0; steps < MAX_GIF_BLOCKS; steps++) {
    const introducer = bytes.at(pos);
    if (introducer === 0x2c) {
      images += 1;
      if (images > 1) return true;
      const imageFlags = bytes.at(pos + 9);
      if (imageFlags === undefined) return false;
      // Descriptor (10 bytes), local color table, LZW minimum code size (1 byte), then the data.
      const end = skipSubBlocks(bytes, pos + 10 + colorTableSize(imageFlags) + 1);
      if (end === undefined) return false;
      pos = end;
    } else if (introducer === 0x21) {
      if (bytes.at(pos + 1) === 0xff && bytes.at(pos + 2) === 11 && LOOP_EXTENSIONS.has(ascii(bytes, pos + 3, 11) ?? "")) return true;
      const end = skipSubBlocks(bytes, pos + 2);
      if (end === undefined) return false;
      pos = end;
    } else {
      // The trailer (0x3b), the end of the data, or bytes that are no block.
      return false;
    }
  }
  return false;
}

/** The most blocks (extensions, images, data sub-blocks) {@link isAnimatedGif} reads. */
export const MAX_GIF_BLOCKS = 1 << 20;

/** Application extensions that make a GIF loop: Netscape's and AnimExts' (same layout). */
const LOOP_EXTENSIONS: ReadonlySet<string> = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

/** Bytes of the color table a packed field announces (its high bit set): 3 × 2^(size + 1). */
function colorTableSize(flags: number): number {
  return flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
}

/** The position after the data sub-blocks starting at `pos` (each a length byte then that many bytes, ended by a zero length). */
function skipSubBlocks(bytes: ByteReader, start: number): number | undefined {
  let pos = start;
  // Each sub-block moves on by at least one byte; the walk ends with the data.
  for (let steps = 0; steps < MAX_GIF_BLOCKS; steps++) {
    const size = bytes.at(pos);
    if (size === undefined) return undefined;
    if (size === 0) return pos + 1;
    pos += size + 1;
  }
  return undefined;
}

function ascii(bytes: ByteReader, start: number, length: number): string | undefined {
  let text = "";
  for (let i = start; i < start + length; i++) {
    const byte = bytes.at(i);
    if (byte === undefined) return undefined;
    text += String.fromCharCode(byte);
  }
  return text;
}

/** Random access to the bytes base64 text spells, decoding only the group a byte is in. */
interface ByteReader {
  at(index: number): number | undefined;
}

const SEXTETS: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

/**
 * A {@link ByteReader} over base64 (standard or base64url, white space and other stray characters
 * skipped, padding optional). Text holding only the standard alphabet is read in place; anything
 * else is normalized once.
 */
function base64Bytes(base64: string): ByteReader {
  const text = /^[A-Za-z0-9+/]*={0,2}$/.test(base64) ? base64 : base64.replace(/-/g, "+").replace(/_/g, "/").replace(/[^A-Za-z0-9+/]/g, "");
  let chars = text.length;
  while (chars > 0 && text.charCodeAt(chars - 1) === 0x3d) chars -= 1;
  const length = Math.floor((chars * 6) / 8);
  const sextet = (index: number): number => (index < chars ? SEXTETS[text.charCodeAt(index)] ?? 0 : 0);
  return {
    at(index: number): number | undefined {
      if (!Number.isInteger(index) || index < 0 || index >= length) return undefined;
      const group = Math.floor(index / 3) * 4;
      const [a, b, c, d] = [sextet(group), sextet(group + 1), sextet(group + 2), sextet(group + 3)];
      switch (index % 3) {
        case 0:
          return ((a << 2) | (b >> 4)) & 0xff;
        case 1:
          return ((b << 4) | (c >> 2)) & 0xff;
        default:
          return ((c << 6) | d) & 0xff;
      }
    },
  };
}
