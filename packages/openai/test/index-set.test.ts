import { describe, expect, it } from "vitest";
import { IndexSet } from "../src/responses-stream/index-set.js";

describe("IndexSet (the output indexes a response streamed)", () => {
  it("holds what was added, in order, out of order, repeated, and odd numbers", () => {
    const set = new IndexSet();
    for (const index of [0, 1, 4, 2, 2, 7, 3, -1, 1.5]) set.add(index);
    for (const index of [0, 1, 2, 3, 4, 7, -1, 1.5]) expect(set.has(index)).toBe(true);
    for (const index of [5, 6, 8, -2, 0.5, Number.NaN]) expect(set.has(index)).toBe(false);
  });

  it("matches a plain Set over random orders", () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 50; round++) {
      const set = new IndexSet();
      const plain = new Set<number>();
      for (let i = 0; i < 40; i++) {
        const index = Math.floor(random() * 30);
        expect(set.add(index)).toBe(!plain.has(index));
        plain.add(index);
      }
      for (let index = -1; index < 32; index++) expect(set.has(index)).toBe(plain.has(index));
    }
  });
});
