/**
 * Animated GIF detection from the block structure, with GIFs built byte by byte here (GIF89a
 * specification layout): OpenAI's vision guide takes "non-animated GIF" only, so the OpenAI rule
 * must tell a still GIF from an animated one without trusting the bytes.
 */
import { describe, expect, it } from "vitest";
import { fitInlineImage, inlineImageType, isAnimatedGif, REQUEST_WARNINGS, type InlineImageRule } from "../src/adapter.js";

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** Logical screen descriptor of a 1×1 screen; with a 2-color global table when `colors`. */
const screen = (colors: boolean): number[] => [1, 0, 1, 0, colors ? 0x80 : 0x00, 0, 0, ...(colors ? [0, 0, 0, 255, 255, 255] : [])];
/** A graphic control extension (delay 10). */
const control = [0x21, 0xf9, 4, 0x00, 10, 0, 0, 0];
/** A 1×1 image: descriptor, optional 2-color local table, LZW minimum code size 2, one data sub-block, terminator. */
const frame = (localColors = false): number[] => [
  0x2c, 0, 0, 0, 0, 1, 0, 1, 0, localColors ? 0x80 : 0x00,
  ...(localColors ? [255, 0, 0, 0, 0, 255] : []),
  2, 2, 0x44, 0x01, 0,
];
/** Netscape's looping application extension (loop forever). */
const netscape = [0x21, 0xff, 11, ...ascii("NETSCAPE2.0"), 3, 1, 0, 0, 0];
/** An application extension that is no loop (XMP-like: two data sub-blocks). */
const xmp = [0x21, 0xff, 11, ...ascii("XMP DataXMP"), 3, 0x3c, 0x3f, 0x78, 2, 0x3f, 0x3e, 0];
/** A comment extension whose text looks like a second image descriptor and a loop id. */
const comment = [0x21, 0xfe, 16, 0x2c, ...ascii("NETSCAPE2.0"), 0x2c, 0x2c, 0x2c, 0x2c, 0];
const trailer = [0x3b];

const gif = (...parts: number[][]): string => Buffer.from(Uint8Array.from(parts.flat())).toString("base64");
const header = ascii("GIF89a");

const STILL = gif(header, screen(true), control, frame(), trailer);
const TWO_FRAMES = gif(header, screen(true), control, frame(), control, frame(true), trailer);
const LOOPING = gif(header, screen(true), netscape, control, frame(), trailer);

describe("isAnimatedGif", () => {
  it("a single-frame GIF is still, with or without color tables, extensions and comments", () => {
    expect(isAnimatedGif(STILL)).toBe(false);
    expect(isAnimatedGif(gif(ascii("GIF87a"), screen(false), frame(true), trailer))).toBe(false);
    expect(isAnimatedGif(gif(header, screen(true), xmp, comment, control, frame(), trailer))).toBe(false);
  });

  it("two image descriptors, or a NETSCAPE2.0 / ANIMEXTS1.0 loop extension, is animated", () => {
    expect(isAnimatedGif(TWO_FRAMES)).toBe(true);
    expect(isAnimatedGif(LOOPING)).toBe(true);
    const animexts = [0x21, 0xff, 11, ...ascii("ANIMEXTS1.0"), 3, 1, 0, 0, 0];
    expect(isAnimatedGif(gif(header, screen(false), animexts, frame(), trailer))).toBe(true);
    // The second frame after a comment and a local color table on the first.
    expect(isAnimatedGif(gif(header, screen(false), comment, frame(true), frame(), trailer))).toBe(true);
  });

  it("reads base64url, white space and missing padding as the same bytes", () => {
    const url = TWO_FRAMES.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(isAnimatedGif(url)).toBe(true);
    expect(isAnimatedGif(TWO_FRAMES.replace(/(.{8})/g, "$1\n "))).toBe(true);
  });

  it("truncated data decides by what is there: cut inside the first frame is still, after a second descriptor animated", () => {
    const bytes = Buffer.from(TWO_FRAMES, "base64");
    const secondFrame = bytes.length - 1 - frame(true).length;
    for (let cut = 0; cut <= secondFrame; cut++) expect(isAnimatedGif(bytes.subarray(0, cut).toString("base64"))).toBe(false);
    expect(isAnimatedGif(bytes.subarray(0, secondFrame + 1).toString("base64"))).toBe(true);
    // The loop extension is read whole before it counts.
    const loop = Buffer.from(LOOPING, "base64");
    const netscapeEnd = 6 + screen(true).length + 3 + 11;
    expect(isAnimatedGif(loop.subarray(0, netscapeEnd - 1).toString("base64"))).toBe(false);
    expect(isAnimatedGif(loop.subarray(0, netscapeEnd).toString("base64"))).toBe(true);
  });

  it("garbage, other formats and hostile lengths never throw and are not animated", () => {
    const samples = [
      "",
      "not base64 at all!!",
      "R0lGODlh",
      "iVBORw0KGgoAAAANSUhEUgAAAAE=",
      gif(header, screen(true), [0x99, 0x2c, 0x2c]),
      // A global color table that claims more bytes than there are.
      gif(header, [1, 0, 1, 0, 0x87, 0, 0], frame(), frame()),
      // A data sub-block length pointing far past the end.
      gif(header, screen(false), [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 255, 1, 2, 3]),
      "\u0000\uffff😀".repeat(50),
    ];
    for (const sample of samples) expect(isAnimatedGif(sample)).toBe(false);
    for (let seed = 1; seed <= 200; seed++) {
      const random = Uint8Array.from({ length: 64 }, (_, i) => (seed * 7919 + i * 104729) % 256);
      const bytes = Uint8Array.from([...header, ...random]);
      expect(() => isAnimatedGif(Buffer.from(bytes).toString("base64"))).not.toThrow();
    }
  });

  it("a long run of one-byte sub-blocks is walked to its end", () => {
    const data = Array.from({ length: 20_000 }, () => [1, 0x44]).flat();
    const image = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, ...data, 0];
    expect(isAnimatedGif(gif(header, screen(false), image, frame(), trailer))).toBe(true);
    expect(isAnimatedGif(gif(header, screen(false), image, trailer))).toBe(false);
  });
});

describe("a rule that takes still GIFs only", () => {
  const rule: InlineImageRule = { provider: "OpenAI", accepted: new Set(["image/png", "image/gif"]), checksDeclaredType: false, acceptsAnimatedGif: false };
  const anyGif: InlineImageRule = { ...rule, acceptsAnimatedGif: undefined };

  it("sends a still GIF and drops an animated one with request.unsupported-media-type (animated: true)", () => {
    expect(fitInlineImage("image/gif", STILL, rule)).toEqual({ send: true, mediaType: "image/gif", corrected: false });
    expect(fitInlineImage("image/gif", TWO_FRAMES, rule)).toEqual({ send: false, actual: "image/gif", animated: true });
    const warnings: Array<{ code: string; details?: Record<string, unknown> }> = [];
    const sink = { warn: (code: string, _message: string, details?: Record<string, unknown>) => warnings.push({ code, ...(details !== undefined && { details }) }) };
    expect(inlineImageType("image/png", LOOPING, rule, sink, "message u part 0")).toBeUndefined();
    expect(warnings).toEqual([{ code: REQUEST_WARNINGS.unsupportedMediaType, details: { mimeType: "image/png", actualType: "image/gif", animated: true } }]);
  });

  it("a rule without the flag sends animated GIFs as before", () => {
    expect(fitInlineImage("image/gif", TWO_FRAMES, anyGif)).toEqual({ send: true, mediaType: "image/gif", corrected: false });
  });
});
