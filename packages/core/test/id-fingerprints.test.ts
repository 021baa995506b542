import { describe, expect, it } from "vitest";
import { FingerprintTable, IdFingerprints } from "../src/run/id-fingerprints.js";

describe("IdFingerprints (the provider ids a Responses run remembers)", () => {
  it("holds what was added and nothing else, for ids of any length and alphabet", () => {
    const set = new IdFingerprints();
    const added = ["msg_1", "rs_67c9fa0d", "", "x".repeat(100_000), "ü€😀", "msg_01"];
    for (const id of added) set.add(id);
    for (const id of added) expect(set.has(id)).toBe(true);
    for (const id of ["msg_2", "msg_10", "rs_67c9fa0e", "x".repeat(99_999), "ü€", "msg_001", "MSG_1"]) expect(set.has(id)).toBe(false);
  });

  it("tells apart 300,000 ids that differ in one place (sequential, server-numbered, hex)", () => {
    const set = new IdFingerprints();
    const ids: string[] = [];
    for (let i = 0; i < 100_000; i++) ids.push(`msg_${i}`, `functions.get_weather:${i}`, `rs_${i.toString(16).padStart(48, "0")}`);
    let falseHits = 0;
    for (const id of ids) {
      if (set.has(id)) falseHits++;
      set.add(id);
    }
    expect(falseHits).toBe(0);
  });

  it("claim adds an id and says whether it was new, also for the same id in another string", () => {
    const set = new IdFingerprints();
    const id = `rs_${"0".repeat(40)}1`;
    expect(set.claim(id)).toBe(true);
    expect(set.claim(id)).toBe(false);
    expect(set.claim(["rs_", "0".repeat(40), "1"].join(""))).toBe(false);
    expect(set.claim(`rs_${"0".repeat(40)}2`)).toBe(true);
    expect(set.has(id)).toBe(true);
    const other = new IdFingerprints();
    expect(other.has(id)).toBe(false);
    expect(other.claim("x".repeat(1_000))).toBe(true);
    expect(other.has("x".repeat(1_000))).toBe(true);
    expect(other.has("x".repeat(999))).toBe(false);
  });
});

describe("FingerprintTable (the compact set behind IdFingerprints)", () => {
  it("answers as a Set over 100,000 random adds, deletes and lookups, keys at both ends of the range included", () => {
    const table = new FingerprintTable();
    const model = new Set<number>();
    // A fixed LCG: the same sequence every run.
    let seed = 12345;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const pool = [0, 1, 2 ** 52 - 1, 2 ** 52 - 2, 2 ** 32, 2 ** 32 - 1];
    for (let i = 0; i < 3_000; i++) pool.push(next() * 2 ** 20 + (next() >>> 12));
    // Keys that share their low 32 bits (the probe start) and differ above them.
    for (let i = 0; i < 500; i++) pool.push(i * 2 ** 32 + 7);
    // Plain comparisons in the loop (an expect per step made this test take seconds); the first
    // disagreement is what the assertion shows.
    const disagreements: string[] = [];
    for (let step = 0; step < 100_000 && disagreements.length === 0; step++) {
      const key = pool[next() % pool.length] as number;
      const op = next() % 3;
      const answer = op === 0 ? table.add(key) : op === 1 ? table.delete(key) : table.has(key);
      const expected = op === 0 ? !model.has(key) : model.has(key);
      if (op === 0) model.add(key);
      if (op === 1) model.delete(key);
      if (answer !== expected || table.size !== model.size) disagreements.push(`step ${step}: ${["add", "delete", "has"][op]}(${key}) → ${answer}, size ${table.size} (a Set: ${expected}, ${model.size})`);
    }
    expect(disagreements).toEqual([]);
    expect(pool.filter((key) => table.has(key) !== model.has(key))).toEqual([]);
  });

  it("keeps working when keys are added and deleted over and over (deletion marks are cleared)", () => {
    const table = new FingerprintTable();
    const failed: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      if (!table.add(i * 4099)) failed.push(`add ${i * 4099}`);
      if (i >= 10 && !table.delete((i - 10) * 4099)) failed.push(`delete ${(i - 10) * 4099}`);
    }
    expect(failed).toEqual([]);
    expect(table.size).toBe(10);
    const held: number[] = [];
    for (let i = 0; i < 100_000; i++) if (table.has(i * 4099)) held.push(i);
    expect(held).toEqual(Array.from({ length: 10 }, (_, k) => 99_990 + k));
  });
});

