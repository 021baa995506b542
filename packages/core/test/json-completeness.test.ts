import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonComplete, newJsonCompleteness, trackJsonFragment } from "../src/adapter.js";

function complete(fragments: string[]): boolean {
  const state = newJsonCompleteness();
  for (const fragment of fragments) trackJsonFragment(state, fragment);
  return isJsonComplete(state);
}

describe("JSON completeness of streamed text", () => {
  it("nothing, whitespace, an open object, array or string is not complete; a closed value is", () => {
    expect(complete([])).toBe(false);
    expect(complete([" \n"])).toBe(false);
    expect(complete(['{"a": [1, 2'])).toBe(false);
    expect(complete(['{"a": "b'])).toBe(false);
    expect(complete(['{"a": "b\\"}'])).toBe(false);
    expect(complete(['{"a": "b\\\\"}'])).toBe(true);
    expect(complete(["{", '"a": "{[}"', "}"])).toBe(true);
  });

  it("every JSON object is complete however it is split, and every proper prefix ending inside it is not", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.nat(), { maxLength: 8 }), (value, cuts) => {
        const text = JSON.stringify(value);
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const fragments = [0, ...points, text.length].slice(1).map((point, i, all) => text.slice(i === 0 ? 0 : all[i - 1], point));
        expect(complete(fragments)).toBe(true);
        for (let k = 1; k < text.length; k++) expect(complete([text.slice(0, k)])).toBe(false);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
