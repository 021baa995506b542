/** Text arbitraries shared by the generators: any UTF-16 (lone surrogates included) and how it is cut into deltas. */
import fc from "fast-check";

/** Short strings over all of UTF-16 (lone surrogates, astral characters, controls) or readable text. */
export const anyText = (maxLength = 24): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: "binary", maxLength }),
    fc.string({ unit: "grapheme", maxLength }),
    fc.constantFrom("", " ", "\n", "😀", "a\uD83D", "\uDE00b", '"\\', "\u0000", "é"),
  );

/**
 * `text` cut at arbitrary UTF-16 offsets (inside surrogate pairs too); repeated cut points give empty
 * pieces, so empty deltas are part of the grammar. The pieces concatenate to `text`.
 */
export function cutText(text: string, cuts: readonly number[]): string[] {
  const points = [...cuts.map((cut) => cut % (text.length + 1))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** A string and its cutting into one or more deltas. */
export const deltas = (text: fc.Arbitrary<string> = anyText(40), maxCuts = 5): fc.Arbitrary<string[]> =>
  fc.tuple(text, fc.array(fc.nat(), { maxLength: maxCuts })).map(([whole, cuts]) => cutText(whole, cuts));

/** An opaque base64-looking token (signatures, redacted data, ids). */
export const opaque = (min = 4, max = 48): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="),
    minLength: min,
    maxLength: max,
  });

/** JSON object arguments (what a tool call's input is). */
export const jsonArgs: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 }),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 4 },
);
