import { describe, expect, it } from "vitest";
import { toolErrorNote, withToolErrorNote } from "../src/adapter.js";

describe("toolErrorNote", () => {
  it("adds the error after content that does not hold it (AG-UI: error alongside content, a partial result kept)", () => {
    expect(toolErrorNote("3 of 5 rows", "Timed out after 30s")).toBe("Error: Timed out after 30s");
    expect(withToolErrorNote("3 of 5 rows", "Timed out after 30s")).toBe("3 of 5 rows\n\nError: Timed out after 30s");
  });

  it("adds nothing without an error, for a blank one, for blank content, or when the content already holds it", () => {
    expect(toolErrorNote("ok", undefined)).toBeUndefined();
    expect(toolErrorNote("ok", "  ")).toBeUndefined();
    expect(toolErrorNote("", "boom")).toBeUndefined();
    expect(toolErrorNote(" \n", "boom")).toBeUndefined();
    expect(toolErrorNote("Error: boom", "boom")).toBeUndefined();
    expect(withToolErrorNote("Error: boom", "boom")).toBe("Error: boom");
  });

  it("adds the error to content that is only media (its text blank)", () => {
    expect(toolErrorNote("", "boom", { hasMedia: true })).toBe("Error: boom");
  });
});
