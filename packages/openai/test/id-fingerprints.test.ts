import { describe, expect, it } from "vitest";
import { IdFingerprints } from "../src/responses-stream/id-fingerprints.js";

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
