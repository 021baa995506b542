/**
 * Garbage for Gemini streams: mutations of a healthy generated stream, each fatal (RUN_ERROR after
 * carrying only a prefix of what was sent) or harmless (unknown part kinds, unknown fields, nulls in
 * optional places, extra candidates, repeated closing parts: the run must be exactly the healthy
 * one), plus hostile usage values.
 */
import fc from "fast-check";

type Chunk = Record<string, unknown>;
export interface Mutation {
  name: string;
  fatal: boolean;
  apply(chunks: readonly Chunk[], pick: number): unknown[] | undefined;
}

const pickOf = <T>(list: readonly T[], pick: number): T => list[pick % list.length] as T;
const insert = (chunks: readonly unknown[], at: number, value: unknown): unknown[] => [...chunks.slice(0, at), value, ...chunks.slice(at)];
const partsChunk = (parts: unknown, extra: Chunk = {}): Chunk => ({ candidates: [{ content: { role: "model", parts }, index: 0 }], ...extra });
const insertAnywhere = (name: string, fatal: boolean, values: readonly unknown[]): Mutation => ({
  name,
  fatal,
  apply: (chunks, pick) => insert(chunks, pick % (chunks.length + 1), structuredClone(pickOf(values, pick >> 4))),
});

/** Where a part sits: chunk index and part index. */
function partsWhere(chunks: readonly Chunk[], test: (part: Chunk) => boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  chunks.forEach((chunk, c) => {
    const parts = ((chunk.candidates as Chunk[] | undefined)?.[0]?.content as Chunk | undefined)?.parts as Chunk[] | undefined;
    parts?.forEach((part, p) => {
      if (test(part)) out.push([c, p]);
    });
  });
  return out;
}

/** Adds a part right after a chosen one, in the same chunk. */
function addPartAfter(name: string, fatal: boolean, where: (part: Chunk) => boolean, make: (part: Chunk, pick: number) => Chunk): Mutation {
  return {
    name,
    fatal,
    apply: (chunks, pick) => {
      const at = partsWhere(chunks, where);
      if (at.length === 0) return undefined;
      const [c, p] = pickOf(at, pick);
      const out = structuredClone(chunks) as Chunk[];
      const parts = (((out[c] as Chunk).candidates as Chunk[])[0]?.content as Chunk).parts as Chunk[];
      parts.splice(p + 1, 0, make(parts[p] as Chunk, pick >> 4));
      return out;
    },
  };
}

const fn = (part: Chunk): Chunk | undefined => part.functionCall as Chunk | undefined;
const opensStreamedCall = (part: Chunk): boolean => fn(part)?.willContinue === true && typeof fn(part)?.name === "string";
const closesCall = (part: Chunk): boolean => fn(part) !== undefined && fn(part)?.willContinue !== true && fn(part)?.name === undefined;

export const MUTATIONS: Mutation[] = [
  // Fatal: chunks, candidates, contents and parts that are not shaped like the API's.
  insertAnywhere("non-object chunk", true, [null, undefined, 42, "data: {}", true, [], [{ candidates: [] }]]),
  insertAnywhere("candidates not an array", true, [{ candidates: {} }, { candidates: "x" }, { candidates: 5 }, { candidates: null }]),
  insertAnywhere("candidate not an object", true, [{ candidates: [null] }, { candidates: [5] }, { candidates: ["text"] }]),
  insertAnywhere("content not an object", true, [{ candidates: [{ content: "hi", index: 0 }] }, { candidates: [{ content: null, index: 0 }] }, { candidates: [{ content: [1], index: 0 }] }]),
  insertAnywhere("parts not an array", true, [partsChunk({}), partsChunk("text"), partsChunk(null)]),
  insertAnywhere("part not an object", true, [partsChunk([null]), partsChunk(["text"]), partsChunk([7]), partsChunk([[{ text: "x" }]])]),
  insertAnywhere("malformed partialArgs entry", true, [
    partsChunk([{ functionCall: { partialArgs: [{}], willContinue: true } }]),
    partsChunk([{ functionCall: { partialArgs: [5], willContinue: true } }]),
    partsChunk([{ functionCall: { name: "f", partialArgs: [{ jsonPath: 5, stringValue: "x" }] } }]),
  ]),
  addPartAfter("partialArgs that cannot be written as JSON", true, opensStreamedCall, (part, pick) => ({
    functionCall: { ...(fn(part)?.id !== undefined && { id: fn(part)?.id }), partialArgs: [pickOf([{ jsonPath: "$", stringValue: "x" }, { jsonPath: "$[*]", stringValue: "x" }, { jsonPath: "$.a" }, { jsonPath: "nope", boolValue: true }, { jsonPath: "$..a", nullValue: "NULL_VALUE" }], pick)], willContinue: true },
  })),

  // Harmless: the run stays exactly the healthy run.
  insertAnywhere("unknown part kind", false, [
    partsChunk([{ videoMetadata: { startOffset: "1s" } }]),
    partsChunk([{ futureToolPart: { id: "x", name: "google_search" } }]),
    partsChunk([{ futurePart: { a: [1, null] } }]),
    partsChunk([{}]),
  ]),
  insertAnywhere("chunk without candidates or counts", false, [{}, { candidates: [] }, { usageMetadata: { trafficType: "ON_DEMAND" } }, { promptFeedback: {} }, { futureField: { x: 1 } }]),
  insertAnywhere("nulls in optional fields", false, [
    { candidates: [{ content: { role: "model", parts: [] }, finishReason: null, index: 0 }], usageMetadata: null, modelVersion: null, responseId: null },
    { candidates: [{ index: 0 }] },
    { candidates: [{ content: { role: null, parts: [] }, index: null, citationMetadata: null }] },
  ]),
  insertAnywhere("extra candidate", false, [{ candidates: [{ content: { role: "model", parts: [{ text: "other candidate" }] }, index: 1 }] }]),
  addPartAfter("repeated closing part", false, closesCall, (part) => structuredClone(part)),
];

export const mutation: fc.Arbitrary<{ mutation: Mutation; pick: number }> = fc.record({ mutation: fc.constantFrom(...MUTATIONS), pick: fc.nat() });

/** Values no usage count may carry to the wire. */
export const HOSTILE_COUNTS: unknown[] = [
  Number.NaN,
  -1,
  -0.5,
  1.5,
  "12",
  "",
  2 ** 53,
  2 ** 53 + 2,
  2 ** 60,
  Number.MAX_VALUE,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  {},
  [],
  true,
  null,
  10n,
  2 ** 52,
  Number.MAX_SAFE_INTEGER,
  1_000_000_000,
];

export const hostileCount: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_COUNTS) },
  { weight: 1, arbitrary: fc.nat({ max: 10_000 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 53) * 4, max: 2 ** 53 * 4 }) },
);
