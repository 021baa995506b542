/** Hostile values and garbage for the adversarial properties of both formats. */
import fc from "fast-check";

/** Token counts no TokenUsage may carry. */
export const hostileCount: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(Number.NaN, -1, -0.5, 1.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53, 2 ** 60, Number.MAX_VALUE, "12", "", true, false, {}, [], [3]),
  fc.integer({ min: -1_000_000, max: -1 }),
  fc.double({ noInteger: true, noNaN: true, min: 0, max: 1e6 }),
  fc.integer({ min: 0, max: 1000 }).map(String),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }).map(Number),
);

/** A count that is valid, hostile, or not reported at all. */
export const maybeCount: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 1_000_000 }) },
  { weight: 3, arbitrary: hostileCount },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null) },
);

/** The narrowing the 1.0 invariants demand of one count. */
export function validCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** Whether a value is reported-but-invalid (a warning is due). */
export function isInvalidCount(value: unknown): boolean {
  return value !== undefined && value !== null && validCount(value) === undefined;
}

/** Values a field may be replaced with by a garbage mutation. */
export const garbageValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, 0, -1, Number.NaN, "", "garbage", [], {}, true, [null], { type: null }),
  fc.anything({ maxDepth: 2 }),
);

/** A chunk that is not a JSON object at all. */
export const nonObjectChunk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, 0, "", "data: {", "not json {", true, [], [{}], Number.NaN),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
);

/** Every path (list of keys) into a JSON-ish value, the root excluded. */
export function pathsOf(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (typeof value !== "object" || value === null) return out;
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, child] of entries) {
    const path = [...prefix, key];
    out.push(path);
    pathsOf(child, path, out);
  }
  return out;
}

/** A deep copy of `value` with the member at `path` replaced (or deleted when `remove`). */
export function mutateAt(value: unknown, path: ReadonlyArray<string | number>, replacement: unknown, remove = false): unknown {
  const copy = structuredCloneLoose(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement;
  return copy;
}

function structuredCloneLoose(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** A mutation plan: which chunk, which path (by draw), replace or delete, with what. */
export const mutation = fc.record({
  chunkDraw: fc.nat(),
  pathDraw: fc.nat(),
  remove: fc.boolean(),
  value: garbageValue,
});

/** Applies a mutation plan to a chunk list (a copy). */
export function applyMutation(chunks: readonly unknown[], plan: { chunkDraw: number; pathDraw: number; remove: boolean; value: unknown }): unknown[] {
  const out = [...chunks];
  if (out.length === 0) return out;
  const index = plan.chunkDraw % out.length;
  const paths = pathsOf(out[index]);
  if (paths.length === 0) return out;
  out[index] = mutateAt(out[index], paths[plan.pathDraw % paths.length]!, plan.value, plan.remove);
  return out;
}

/** Inserts `extra` items at positions drawn from `draws` (a copy; the original order kept). */
export function insertAt<T>(items: readonly T[], extra: ReadonlyArray<{ draw: number; item: T }>): T[] {
  const out = [...items];
  for (const { draw, item } of extra) out.splice(draw % (out.length + 1), 0, item);
  return out;
}
