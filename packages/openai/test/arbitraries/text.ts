/** Text generators shared by the stream arbitraries: unicode (astral characters included) cut into fragments anywhere. */
import fc from "fast-check";

/** Any text: full unicode, and a biased alphabet of emoji, combining marks, JSON-hostile characters. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ unit: fc.constantFrom("a", " ", "é", "\u0301", "😀", "👍🏽", "𝄞", "\n", "{", '"', "\\", "\u0000", "\u2028"), maxLength: 24 }),
);

/**
 * A text cut into fragments at arbitrary UTF-16 positions: surrogate pairs may be split across
 * fragments, and repeated cut positions give empty fragments, as providers send them.
 */
export function fragmentsOf(text: fc.Arbitrary<string> = anyText, maxCuts = 6): fc.Arbitrary<string[]> {
  return fc.tuple(text, fc.array(fc.nat({ max: 10_000 }), { maxLength: maxCuts })).map(([value, cuts]) => {
    const points = cuts.map((cut) => cut % (value.length + 1)).sort((a, b) => a - b);
    const out: string[] = [];
    let from = 0;
    for (const point of points) {
      out.push(value.slice(from, point));
      from = point;
    }
    out.push(value.slice(from));
    return out;
  });
}

/** JSON arguments text (what a model streams for a function call), cut into fragments. */
export const jsonArgsFragments: fc.Arbitrary<string[]> = fragmentsOf(
  fc.dictionary(fc.string({ unit: fc.constantFrom("a", "b", "q", "é", "😀"), minLength: 1, maxLength: 4 }), fc.oneof(anyText, fc.integer(), fc.boolean()), { maxKeys: 3 }).map((v) => JSON.stringify(v)),
);

/** The fragments after the first non-empty one (what an adapter emits once the message is open). */
export function fromFirstNonEmpty(fragments: readonly string[]): string[] {
  const first = fragments.findIndex((f) => f !== "");
  return first === -1 ? [] : fragments.slice(first);
}

/** Valid token counts (safe, non-negative, parts within totals). */
export const usageCounts = fc
  .record({
    input: fc.nat({ max: 2_000_000 }),
    output: fc.nat({ max: 200_000 }),
    cachedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    reasoningShare: fc.double({ min: 0, max: 1, noNaN: true }),
    hasCached: fc.boolean(),
    hasReasoning: fc.boolean(),
  })
  .map((u) => ({
    input: u.input,
    output: u.output,
    ...(u.hasCached && { cached: Math.floor(u.input * u.cachedShare) }),
    ...(u.hasReasoning && { reasoning: Math.floor(u.output * u.reasoningShare) }),
  }));

/** Token counts as the generators carry them. */
export type UsageCounts = { input: number; output: number; cached?: number; reasoning?: number };
