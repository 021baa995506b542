/**
 * Garbage for Anthropic streams: mutations of a healthy generated stream, each either fatal (the run
 * must end in RUN_ERROR, having carried only a prefix of what was sent) or harmless (unknown event,
 * delta and block types, pings, the documented repeated message_start: the run must be exactly the
 * healthy one), plus hostile usage values.
 */
import fc from "fast-check";

type Chunk = Record<string, unknown>;
/** A mutation: returns the new chunk list, or undefined when the stream has no place for it. */
export interface Mutation {
  name: string;
  fatal: boolean;
  apply(chunks: readonly Chunk[], pick: number): unknown[] | undefined;
}

const NON_OBJECTS: unknown[] = [null, undefined, 42, Number.NaN, "garbage", "", true, [], [{ type: "ping" }]];
const BAD_TYPES: unknown[] = [{}, { type: 42 }, { type: "" }, { type: null }, { type: ["message_start"] }, { type: { name: "ping" } }];
const BAD_INDEXES: unknown[] = ["0", -1, 1.5, null, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, undefined];
const BAD_STRINGS: unknown[] = [null, undefined, 5, {}, [], true];
const BAD_BLOCKS: unknown[] = [
  null,
  "text",
  { type: 7 },
  { type: "tool_use", id: null, name: "x", input: {} },
  { type: "tool_use", id: "toolu_bad", input: {} },
  { type: "server_tool_use", id: "srv_bad", name: 5 },
  { type: "redacted_thinking", data: 5 },
  { type: "web_search_tool_result", tool_use_id: 7, content: [] },
];
const BAD_STARTS: unknown[] = [{ type: "message_start" }, { type: "message_start", message: null }, { type: "message_start", message: { id: 5 } }, { type: "message_start", message: "msg" }];

const insert = (chunks: readonly Chunk[], at: number, value: unknown): unknown[] => [...chunks.slice(0, at), value, ...chunks.slice(at)];
const pickOf = <T>(list: readonly T[], pick: number): T => list[pick % list.length] as T;
const indexesWhere = (chunks: readonly Chunk[], test: (chunk: Chunk, i: number) => boolean): number[] =>
  chunks.flatMap((chunk, i) => (test(chunk, i) ? [i] : []));
const deltaType = (chunk: Chunk): unknown => (chunk.delta as Chunk | undefined)?.type;

/** Inserts `value` (chosen by pick) anywhere. */
const insertAnywhere = (name: string, fatal: boolean, values: readonly unknown[]): Mutation => ({
  name,
  fatal,
  apply: (chunks, pick) => insert(chunks, pick % (chunks.length + 1), structuredClone(pickOf(values, pick >> 4))),
});

/** Replaces a field of a chosen chunk. */
function mutateAt(name: string, where: (chunk: Chunk) => boolean, change: (chunk: Chunk, pick: number) => Chunk): Mutation {
  return {
    name,
    fatal: true,
    apply: (chunks, pick) => {
      const at = indexesWhere(chunks, where);
      if (at.length === 0) return undefined;
      const i = pickOf(at, pick);
      const out = [...chunks];
      out[i] = change(structuredClone(chunks[i] as Chunk), pick >> 4);
      return out;
    },
  };
}

/** Inserts a copy of a chosen chunk right after it. */
function duplicate(name: string, fatal: boolean, where: (chunk: Chunk) => boolean): Mutation {
  return {
    name,
    fatal,
    apply: (chunks, pick) => {
      const at = indexesWhere(chunks, where);
      if (at.length === 0) return undefined;
      const i = pickOf(at, pick);
      return insert(chunks, i + 1, structuredClone(chunks[i]));
    },
  };
}

/** Swaps a chosen chunk with the next one when both concern the same block. */
function swapWithNext(name: string, where: (chunk: Chunk, next: Chunk) => boolean): Mutation {
  return {
    name,
    fatal: true,
    apply: (chunks, pick) => {
      const at = indexesWhere(chunks, (chunk, i) => i + 1 < chunks.length && where(chunk, chunks[i + 1] as Chunk));
      if (at.length === 0) return undefined;
      const i = pickOf(at, pick);
      const out = [...chunks];
      out[i] = chunks[i + 1] as Chunk;
      out[i + 1] = chunks[i] as Chunk;
      return out;
    },
  };
}

const isDelta = (chunk: Chunk): boolean => chunk.type === "content_block_delta";
const PAYLOAD: Record<string, string> = { text_delta: "text", thinking_delta: "thinking", signature_delta: "signature", input_json_delta: "partial_json" };
const WRONG_KIND: Record<string, Chunk> = {
  text_delta: { type: "input_json_delta", partial_json: "{" },
  thinking_delta: { type: "text_delta", text: "t" },
  signature_delta: { type: "input_json_delta", partial_json: "{" },
  input_json_delta: { type: "thinking_delta", thinking: "t" },
};

export const MUTATIONS: Mutation[] = [
  // Fatal: not an event, no usable type, broken fields, deltas and stops for blocks that are not open.
  insertAnywhere("non-object chunk", true, NON_OBJECTS),
  insertAnywhere("missing or wrong-typed type", true, BAD_TYPES),
  insertAnywhere("delta for an unknown index", true, [{ type: "content_block_delta", index: 999, delta: { type: "text_delta", text: "x" } }, { type: "content_block_delta", index: 999, delta: { type: "input_json_delta", partial_json: "{}" } }]),
  insertAnywhere("wrong-typed index", true, BAD_INDEXES.map((index) => ({ type: "content_block_delta", index, delta: { type: "text_delta", text: "x" } }))),
  insertAnywhere("stop for an unknown index", true, [{ type: "content_block_stop", index: 999 }, { type: "content_block_stop", index: "1" }, { type: "content_block_stop" }]),
  insertAnywhere("broken content_block_start", true, BAD_BLOCKS.map((content_block) => ({ type: "content_block_start", index: 998, content_block }))),
  insertAnywhere("broken message_start", true, BAD_STARTS),
  insertAnywhere("stray message_stop", true, [{ type: "message_stop" }]),
  mutateAt("delta payload of the wrong type", (c) => isDelta(c) && PAYLOAD[String(deltaType(c))] !== undefined, (c, pick) => {
    const delta = c.delta as Chunk;
    const field = PAYLOAD[String(delta.type)] as string;
    const bad = pickOf(BAD_STRINGS, pick);
    if (bad === undefined) delete delta[field];
    else delta[field] = bad;
    return c;
  }),
  mutateAt("delta for a block of another kind", (c) => isDelta(c) && WRONG_KIND[String(deltaType(c))] !== undefined, (c) => ({ ...c, delta: WRONG_KIND[String(deltaType(c))] })),
  mutateAt("delta without a delta object", (c) => isDelta(c), (c, pick) => ({ ...c, delta: pickOf([null, "text_delta", 5, []], pick) })),
  duplicate("duplicated content_block_start", true, (c) => c.type === "content_block_start"),
  duplicate("duplicated content_block_stop", true, (c) => c.type === "content_block_stop"),
  duplicate("duplicated message_stop", true, (c) => c.type === "message_stop"),
  swapWithNext("delta before its block starts", (c, next) => c.type === "content_block_start" && isDelta(next) && next.index === c.index),
  swapWithNext("delta after its block stopped", (c, next) => isDelta(c) && next.type === "content_block_stop" && next.index === c.index),

  // Harmless: a healthy run stays exactly the healthy run.
  insertAnywhere("unknown event type", false, [
    { type: "future_event" },
    { type: "message_annotation", annotation: { kind: "x", nested: [1, null, "z"] } },
    { type: "content_block_flush", index: 0 },
    { type: "PING" },
  ]),
  insertAnywhere("extra ping", false, [{ type: "ping" }]),
  {
    name: "unknown delta type in an open block",
    fatal: false,
    apply: (chunks, pick) => {
      const at = indexesWhere(chunks, (c) => c.type === "content_block_start");
      if (at.length === 0) return undefined;
      const i = pickOf(at, pick);
      return insert(chunks, i + 1, { type: "content_block_delta", index: (chunks[i] as Chunk).index, delta: { type: "future_delta", value: "?" } });
    },
  },
  {
    name: "unknown content block type",
    fatal: false,
    apply: (chunks, pick) => {
      const at = indexesWhere(chunks, (c) => c.type === "content_block_stop");
      if (at.length === 0) return undefined;
      const i = pickOf(at, pick);
      return [
        ...chunks.slice(0, i + 1),
        { type: "content_block_start", index: 700, content_block: { type: "future_block", payload: { a: 1 } } },
        { type: "content_block_delta", index: 700, delta: { type: "future_block_delta", text: "ignored" } },
        { type: "content_block_stop", index: 700 },
        ...chunks.slice(i + 1),
      ];
    },
  },
  duplicate("repeated message_start (documented: refreshes model and usage)", false, (c) => c.type === "message_start"),
  duplicate("duplicated message_delta", false, (c) => c.type === "message_delta"),
  {
    name: "message_delta with nulls",
    fatal: false,
    apply: (chunks, pick) => {
      const at = indexesWhere(chunks, (c) => c.type === "message_start");
      const i = pickOf(at, pick);
      return insert(chunks, i + 1, { type: "message_delta", delta: null, usage: null });
    },
  },
];

/** A mutation and the number that places it. */
export const mutation: fc.Arbitrary<{ mutation: Mutation; pick: number }> = fc.record({
  mutation: fc.constantFrom(...MUTATIONS),
  pick: fc.nat(),
});

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
  [3],
  true,
  null,
  10n,
  2 ** 52,
  Number.MAX_SAFE_INTEGER,
  1_000_000_000,
];

/** A usage count: sometimes fine, mostly hostile. */
export const hostileCount: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_COUNTS) },
  { weight: 1, arbitrary: fc.nat({ max: 10_000 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 53) * 4, max: 2 ** 53 * 4 }) },
);
