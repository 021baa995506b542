import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PartialArgsError, PartialArgsWriter, parseJsonPath, type PartialArgFragment } from "../src/index.js";

/** Document-order fragments of an object, strings split at the given cut points. */
function fragmentsOf(value: Record<string, unknown>, cut: (s: string) => string[]): PartialArgFragment[] {
  const out: PartialArgFragment[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) node.forEach((entry, index) => walk(entry, `${path}[${index}]`));
    else if (node !== null && typeof node === "object") {
      for (const [key, entry] of Object.entries(node)) walk(entry, `${path}['${key.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`);
    } else if (typeof node === "string") {
      const pieces = cut(node);
      pieces.forEach((text, index) =>
        out.push({ jsonPath: path, value: { kind: "string", text }, willContinue: index < pieces.length - 1 }),
      );
    } else if (typeof node === "number") out.push({ jsonPath: path, value: { kind: "number", value: node }, willContinue: false });
    else if (typeof node === "boolean") out.push({ jsonPath: path, value: { kind: "boolean", value: node }, willContinue: false });
    else out.push({ jsonPath: path, value: { kind: "null" }, willContinue: false });
  };
  walk(value, "$");
  return out;
}

function write(fragments: PartialArgFragment[]): string {
  const writer = new PartialArgsWriter();
  return fragments.map((fragment) => writer.push(fragment)).join("") + writer.end();
}

// Non-empty containers only: an empty object or array streams no fragment at all.
const leaf = fc.oneof(fc.string({ unit: "binary" }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const key = fc.string({ minLength: 1 }).filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: "small" }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("tree"), { minLength: 1, maxLength: 4 }),
  object: fc.dictionary(key, tie("tree"), { minKeys: 1, maxKeys: 4 }),
}));
const root = fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 });

describe("PartialArgsWriter", () => {
  it("writes exactly JSON.stringify(args) for any object streamed in document order", () => {
    fc.assert(
      fc.property(root, fc.array(fc.nat(), { maxLength: 6 }), (args, cuts) => {
        const cut = (s: string): string[] => {
          const points = [...new Set(cuts.map((c) => (s.length === 0 ? 0 : c % (s.length + 1))))].sort((a, b) => a - b);
          const pieces: string[] = [];
          let from = 0;
          for (const point of points) {
            pieces.push(s.slice(from, point));
            from = point;
          }
          pieces.push(s.slice(from));
          return pieces;
        };
        expect(write(fragmentsOf(args as Record<string, unknown>, cut))).toBe(JSON.stringify(args));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a surrogate pair split across fragments intact", () => {
    const out = write([
      { jsonPath: "$.e", value: { kind: "string", text: "a\ud83c" }, willContinue: true },
      { jsonPath: "$.e", value: { kind: "string", text: "\udf09b" }, willContinue: false },
    ]);
    expect(out).toBe(JSON.stringify({ e: "a🌉b" }));
  });

  it("fills array holes with null like JSON.stringify does", () => {
    const out = write([{ jsonPath: "$.a[2]", value: { kind: "number", value: 1 }, willContinue: false }]);
    expect(out).toBe(JSON.stringify({ a: [null, null, 1] }));
  });

  it("writes {} when no fragment arrived", () => {
    expect(new PartialArgsWriter().end()).toBe("{}");
  });

  it("closes a string still open at the end", () => {
    const writer = new PartialArgsWriter();
    const text = writer.push({ jsonPath: "$.q", value: { kind: "string", text: "abc" }, willContinue: true }) + writer.end();
    expect(JSON.parse(text)).toEqual({ q: "abc" });
  });

  it("rejects fragments that go back into a closed container or repeat a member", () => {
    const writer = new PartialArgsWriter();
    writer.push({ jsonPath: "$.a.x", value: { kind: "number", value: 1 }, willContinue: false });
    writer.push({ jsonPath: "$.b", value: { kind: "number", value: 2 }, willContinue: false });
    expect(() => writer.push({ jsonPath: "$.a.y", value: { kind: "number", value: 3 }, willContinue: false })).toThrow(PartialArgsError);
    const again = new PartialArgsWriter();
    again.push({ jsonPath: "$.n", value: { kind: "number", value: 1 }, willContinue: false });
    expect(() => again.push({ jsonPath: "$.n", value: { kind: "number", value: 2 }, willContinue: false })).toThrow(PartialArgsError);
    const back = new PartialArgsWriter();
    back.push({ jsonPath: "$.l[1]", value: { kind: "number", value: 1 }, willContinue: false });
    expect(() => back.push({ jsonPath: "$.l[0]", value: { kind: "number", value: 2 }, willContinue: false })).toThrow(PartialArgsError);
  });

  it("after a fragment it refuses, end() still completes the JSON the returned text began", () => {
    const cases: PartialArgFragment[][] = [
      // Containers closed on the way to a member that is then refused.
      [{ jsonPath: "$.a.b", value: { kind: "number", value: 1 }, willContinue: false }, { jsonPath: "$.a", value: { kind: "number", value: 2 }, willContinue: false }],
      // An open string closed before an entry without a value.
      [{ jsonPath: "$.s", value: { kind: "string", text: "x" }, willContinue: true }, { jsonPath: "$.t", value: { kind: "none" }, willContinue: false }],
      // The object begun by the very first entry, which has no value.
      [{ jsonPath: "$.t", value: { kind: "none" }, willContinue: false }],
      // A new array whose first index skips too far.
      [{ jsonPath: "$.l[100000]", value: { kind: "number", value: 1 }, willContinue: false }],
    ];
    const expected = [{ a: { b: 1 } }, { s: "x" }, {}, { l: [] }];
    cases.forEach((fragments, index) => {
      const writer = new PartialArgsWriter();
      let text = "";
      for (const fragment of fragments) {
        try {
          text += writer.push(fragment);
        } catch (error) {
          expect(error).toBeInstanceOf(PartialArgsError);
        }
      }
      text += writer.end();
      expect(JSON.parse(text)).toEqual(expected[index]);
    });
  });

  it("parses dotted, bracketed and quoted paths; rejects the rest", () => {
    expect(parseJsonPath("$.a.b[0]['c d'][\"e\\\"f\"]")).toEqual(["a", "b", 0, "c d", 'e"f']);
    expect(parseJsonPath("$")).toEqual([]);
    expect(parseJsonPath("$.a[*]")).toBeUndefined();
    expect(parseJsonPath("a.b")).toBeUndefined();
    expect(parseJsonPath("$..a")).toBeUndefined();
  });
});
