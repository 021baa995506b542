/**
 * Vertex streamed function-call arguments: JSON objects and the `partialArgs` fragments that stream
 * them in document order (JSON Path + scalar, strings cut anywhere, surrogate pairs included), the
 * way the recordings in ../shared/provider-streams/google do (a string continued with
 * `willContinue: true`, often closed by an empty `stringValue`).
 */
import fc from "fast-check";
import { anyText, cutText } from "@agui-bridge/test-support";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const key = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz_"), minLength: 1, maxLength: 5 });
const scalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: anyText(20) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Non-empty objects and arrays (an empty container has no leaf to stream). */
const { args: argsArb } = fc.letrec<{ value: Json; object: { [key: string]: Json }; array: Json[]; args: { [key: string]: Json } }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, tie("object"), tie("array")),
  object: fc.dictionary(key, tie("value"), { minKeys: 1, maxKeys: 3 }),
  array: fc.array(tie("value"), { minLength: 1, maxLength: 3 }),
  args: fc.dictionary(key, tie("value"), { minKeys: 1, maxKeys: 4 }),
}));

/** Whole arguments objects that partialArgs can express. */
export const streamableArgs = argsArb as fc.Arbitrary<Record<string, unknown>>;

/** One `partialArgs` entry as Gemini sends it. */
export type PartialArg = Record<string, unknown>;

/** How each string leaf is cut and closed, and which key spellings are used. */
export interface FragmentPlan {
  cuts: number[][];
  closeWithEmpty: boolean[];
  bracketKeys: boolean[];
}

export const fragmentPlan: fc.Arbitrary<FragmentPlan> = fc.record({
  cuts: fc.array(fc.array(fc.nat(), { maxLength: 3 }), { maxLength: 12 }),
  closeWithEmpty: fc.array(fc.boolean(), { maxLength: 12 }),
  bracketKeys: fc.array(fc.boolean(), { maxLength: 12 }),
});

/** The fragments streaming `args`, leaves in document order. */
export function fragmentsOf(args: Record<string, unknown>, plan: FragmentPlan): PartialArg[] {
  const out: PartialArg[] = [];
  let leaf = 0;
  let keyCount = 0;
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i}]`));
      return;
    }
    if (value !== null && typeof value === "object") {
      for (const [name, item] of Object.entries(value)) {
        const bracket = plan.bracketKeys[keyCount++ % Math.max(1, plan.bracketKeys.length)] === true;
        walk(item, bracket ? `${path}['${name}']` : `${path}.${name}`);
      }
      return;
    }
    const n = leaf++;
    if (typeof value === "string") {
      const pieces = cutText(value, plan.cuts[n % Math.max(1, plan.cuts.length)] ?? []);
      const closeWithEmpty = plan.closeWithEmpty[n % Math.max(1, plan.closeWithEmpty.length)] === true;
      pieces.forEach((piece, i) => {
        const last = i === pieces.length - 1;
        out.push({ jsonPath: path, stringValue: piece, ...((!last || closeWithEmpty) && { willContinue: true }) });
      });
      if (closeWithEmpty) out.push({ jsonPath: path, stringValue: "" });
    } else if (typeof value === "number") out.push({ jsonPath: path, numberValue: value });
    else if (typeof value === "boolean") out.push({ jsonPath: path, boolValue: value });
    else out.push({ jsonPath: path, nullValue: "NULL_VALUE" });
  };
  walk(args, "$");
  return out;
}

/** Splits a list into consecutive non-empty groups of the given sizes (cycled). */
export function groupBy<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  let i = 0;
  let s = 0;
  while (i < items.length) {
    const size = 1 + ((sizes[s++ % Math.max(1, sizes.length)] ?? 0) % 3);
    out.push(items.slice(i, i + size));
    i += size;
  }
  return out;
}
