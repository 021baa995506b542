/**
 * A seeded mutation fuzzer for recorded provider streams: takes the chunks of a real recording and
 * breaks them the way a hostile or broken provider (or proxy) could: wrong types for any field at
 * any depth, missing fields, duplicated / reordered / dropped chunks, unknown event types, huge
 * strings, deep nesting, hostile token counts, ids reused across entities, indexes out of range,
 * chunks after the end marker, blocks of another kind at the same index, `__proto__` /
 * `constructor` keys. The result is JSON text per chunk (what a provider sends), so the SDK path
 * (`JSON.parse`d chunks) and the raw-bytes path (the same text framed as SSE) see the same thing.
 * Deterministic: the same seed gives the same streams.
 */

/** A random number generator in [0, 1), seeded (mulberry32). */
export type Rng = () => number;

/** A deterministic generator for a seed. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const below = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, list: readonly T[]): T => list[below(rng, list.length)] as T;

type Json = unknown;
type Path = Array<string | number>;

/** Placeholders replaced in the JSON text by what `JSON.stringify` cannot write. */
const RAW = "\u0001raw:";
const raw = (text: string): string => `${RAW}${text}\u0001`;
const RAW_PATTERN = /"\\u0001raw:(.*?)\\u0001"/g;

/** Text spliced in for a placeholder: hostile number literals and deep nesting. */
const RAW_TEXT: Record<string, string> = {
  inf: "1e400",
  negInf: "-1e400",
  tiny: "5e-324",
  negZero: "-0",
  deepArray: "[".repeat(20_000) + "]".repeat(20_000),
  deepObject: '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000),
  shallowDeep: "[".repeat(2_000) + '"x"' + "]".repeat(2_000),
};

/** The JSON text of a mutated chunk, with the placeholders spliced in. */
export function chunkText(chunk: Json): string {
  const text = JSON.stringify(chunk) ?? "null";
  return text.replace(RAW_PATTERN, (_, name: string) => RAW_TEXT[name] ?? "null");
}

/** Every path to a value inside a chunk (objects and arrays included; the root excluded). */
function pathsOf(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...prefix, i]);
      pathsOf(item, [...prefix, i], out);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const key of Object.keys(value)) {
      out.push([...prefix, key]);
      pathsOf((value as Record<string, Json>)[key], [...prefix, key], out);
    }
  }
  return out;
}

function parentOf(root: Json, path: Path): Record<string | number, Json> | undefined {
  let node = root as Record<string | number, Json> | undefined;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== "object" || node === null) return undefined;
    node = node[key] as Record<string | number, Json> | undefined;
  }
  return typeof node === "object" && node !== null ? node : undefined;
}

function getAt(root: Json, path: Path): Json {
  return parentOf(root, path)?.[path[path.length - 1] as string | number];
}

function setAt(root: Json, path: Path, value: Json): void {
  const parent = parentOf(root, path);
  if (parent !== undefined) Object.defineProperty(parent, path[path.length - 1] as string | number, { value, enumerable: true, writable: true, configurable: true });
}

function deleteAt(root: Json, path: Path): void {
  const parent = parentOf(root, path);
  const key = path[path.length - 1] as string | number;
  if (parent === undefined) return;
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
}

/** A value of another JSON type than `value`. */
function wrongType(rng: Rng, value: Json): Json {
  const candidates: Json[] = [null, 0, 1, -1, "", "x", "0", true, false, [], {}, [value], { value }, { type: value }];
  const differs = candidates.filter((c) => typeof c !== typeof value || Array.isArray(c) !== Array.isArray(value) || (c === null) !== (value === null));
  return structuredClone(pick(rng, differs));
}

const HOSTILE_COUNTS: Json[] = [-1, -100, 1.5, 0.1, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 1e300, "12", "", null, {}, [], [3], true, raw("inf"), raw("negInf"), raw("tiny"), raw("negZero")];
const HOSTILE_INDEXES: Json[] = [-1, -2, 1e9, 2 ** 53, 1.5, "0", "1", null, [], {}, raw("inf"), 999];
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];

const isRecord = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null && !Array.isArray(value);
const keyOf = (path: Path): string => String(path[path.length - 1]);
const huge = (seed: string, size: number): string => seed.repeat(Math.ceil(size / seed.length)).slice(0, size);

/** One mutation: changes `chunks` in place (chunks are fresh clones) and names what it did. */
type Mutate = (chunks: Json[], rng: Rng) => string | undefined;

/** A random chunk index and a random path in it satisfying `where`. */
function pickPath(chunks: Json[], rng: Rng, where: (path: Path, value: Json) => boolean): { at: number; path: Path } | undefined {
  const all: Array<{ at: number; path: Path }> = [];
  chunks.forEach((chunk, at) => {
    for (const path of pathsOf(chunk)) if (where(path, getAt(chunk, path))) all.push({ at, path });
  });
  return all.length === 0 ? undefined : pick(rng, all);
}

const describePath = (at: number, path: Path): string => `chunk ${at} ${path.map(String).join(".")}`;

/** The mutations, by name. */
export const MUTATIONS: Record<string, Mutate> = {
  "wrong type": (chunks, rng) => {
    const found = pickPath(chunks, rng, () => true);
    if (found === undefined) return undefined;
    const value = wrongType(rng, getAt(chunks[found.at], found.path));
    setAt(chunks[found.at], found.path, value);
    return `${describePath(found.at, found.path)} = ${JSON.stringify(value)}`;
  },
  "wrong-type chunk": (chunks, rng) => {
    const at = below(rng, chunks.length + 1);
    const value = pick(rng, [null, 42, "garbage", "", true, [], [{}], { type: null }]);
    chunks.splice(at, 0, value);
    return `insert ${JSON.stringify(value)} at ${at}`;
  },
  "missing field": (chunks, rng) => {
    const found = pickPath(chunks, rng, (path) => typeof path[path.length - 1] === "string");
    if (found === undefined) return undefined;
    deleteAt(chunks[found.at], found.path);
    return `delete ${describePath(found.at, found.path)}`;
  },
  "duplicate chunk": (chunks, rng) => {
    const at = below(rng, chunks.length);
    chunks.splice(at + 1, 0, structuredClone(chunks[at]));
    return `duplicate chunk ${at}`;
  },
  "swap chunks": (chunks, rng) => {
    if (chunks.length < 2) return undefined;
    const a = below(rng, chunks.length);
    const b = rng() < 0.6 ? Math.min(a + 1, chunks.length - 1) : below(rng, chunks.length);
    [chunks[a], chunks[b]] = [chunks[b], chunks[a]];
    return `swap chunks ${a} and ${b}`;
  },
  "drop chunk": (chunks, rng) => {
    const at = below(rng, chunks.length);
    chunks.splice(at, 1);
    return `drop chunk ${at}`;
  },
  "unknown event type": (chunks, rng) => {
    const at = below(rng, chunks.length);
    const copy = structuredClone(chunks[at]);
    if (isRecord(copy) && "type" in copy) copy.type = pick(rng, ["future.event", "response.future_thing.delta", "content_block_future", "TEXT_MESSAGE_START", "RUN_FINISHED", "error "]);
    else if (isRecord(copy)) copy.futureField = { nested: [1, null, "z"] };
    chunks.splice(at + 1, 0, copy);
    return `unknown copy of chunk ${at}`;
  },
  "huge string": (chunks, rng) => {
    const found = pickPath(chunks, rng, (_, value) => typeof value === "string");
    if (found === undefined) return undefined;
    setAt(chunks[found.at], found.path, huge(pick(rng, ["é😀x\n", "a", '\\"{', "\u2028"]), 1 << 20));
    return `1 MB string at ${describePath(found.at, found.path)}`;
  },
  "deep nesting": (chunks, rng) => {
    const found = pickPath(chunks, rng, () => true);
    if (found === undefined) return undefined;
    const which = pick(rng, ["deepArray", "deepObject", "shallowDeep"]);
    setAt(chunks[found.at], found.path, raw(which));
    return `${which} at ${describePath(found.at, found.path)}`;
  },
  "hostile token count": (chunks, rng) => {
    const found = pickPath(chunks, rng, (path, value) => /token|count/i.test(keyOf(path)) && (typeof value === "number" || value === null));
    if (found === undefined) return undefined;
    const value = pick(rng, HOSTILE_COUNTS);
    setAt(chunks[found.at], found.path, value);
    return `${describePath(found.at, found.path)} = ${JSON.stringify(value)}`;
  },
  "reused id": (chunks, rng) => {
    const ids: string[] = [];
    chunks.forEach((chunk) => {
      for (const path of pathsOf(chunk)) if (/id$/i.test(keyOf(path)) && typeof getAt(chunk, path) === "string") ids.push(getAt(chunk, path) as string);
    });
    const found = pickPath(chunks, rng, (path, value) => /id$/i.test(keyOf(path)) && typeof value === "string");
    if (found === undefined || ids.length === 0) return undefined;
    const other = pick(rng, [...ids, "", "id_1", "__proto__"]);
    setAt(chunks[found.at], found.path, other);
    return `${describePath(found.at, found.path)} = ${JSON.stringify(other)}`;
  },
  "bad index": (chunks, rng) => {
    const found = pickPath(chunks, rng, (path, value) => /index$/i.test(keyOf(path)) && typeof value === "number");
    if (found === undefined) return undefined;
    const value = pick(rng, HOSTILE_INDEXES);
    setAt(chunks[found.at], found.path, value);
    return `${describePath(found.at, found.path)} = ${JSON.stringify(value)}`;
  },
  "after the end": (chunks, rng) => {
    const count = 1 + below(rng, 3);
    const copies = Array.from({ length: count }, () => below(rng, chunks.length));
    for (const at of copies) chunks.push(structuredClone(chunks[at]));
    return `append copies of chunks ${copies.join(", ")}`;
  },
  "other kind at the same index": (chunks, rng) => {
    const starts = chunks.flatMap((chunk, at) => (isRecord(chunk) && typeof chunk.type === "string" && /start|added/.test(chunk.type) ? [at] : []));
    if (starts.length < 2) return undefined;
    const a = pick(rng, starts);
    const b = pick(rng, starts);
    const copy = structuredClone(chunks[b]) as Record<string, Json>;
    const target = chunks[a] as Record<string, Json>;
    for (const key of ["index", "output_index", "content_index"]) if (key in target) copy[key] = target[key];
    const at = a + 1 + below(rng, Math.min(4, chunks.length - a));
    chunks.splice(at, 0, copy);
    return `chunk ${b} at the index of chunk ${a}, inserted at ${at}`;
  },
  "prototype keys": (chunks, rng) => {
    const objects: Array<{ at: number; path: Path }> = [];
    chunks.forEach((chunk, at) => {
      if (isRecord(chunk)) objects.push({ at, path: [] });
      for (const path of pathsOf(chunk)) if (isRecord(getAt(chunk, path))) objects.push({ at, path });
    });
    if (objects.length === 0) return undefined;
    const { at, path } = pick(rng, objects);
    const target = (path.length === 0 ? chunks[at] : getAt(chunks[at], path)) as Record<string, Json>;
    const key = pick(rng, PROTO_KEYS);
    const value = pick<Json>(rng, [{ polluted: true, type: "message_stop", index: 0 }, "x", 1, null, [], { toString: "boom" }]);
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return `${describePath(at, path)}.${key} = ${JSON.stringify(value)}`;
  },
};

/** A mutated stream: the chunks' JSON text and what was done to it. */
export interface MutatedStream {
  label: string;
  texts: string[];
}

/** Applies 1–3 mutations (chosen by `rng`, or the named ones) to a copy of `chunks`. */
export function mutateStream(chunks: readonly Json[], rng: Rng, only?: readonly string[]): MutatedStream {
  const names = only ?? Object.keys(MUTATIONS);
  const copy = chunks.map((chunk) => structuredClone(chunk));
  const done: string[] = [];
  const count = 1 + below(rng, 3);
  for (let i = 0; i < count * 3 && done.length < count && copy.length > 0; i++) {
    const name = pick(rng, names);
    const what = (MUTATIONS[name] as Mutate)(copy, rng);
    if (what !== undefined) done.push(`${name}: ${what}`);
  }
  return { label: done.join("; "), texts: copy.map(chunkText) };
}
