/**
 * Generators for what a provider iterator may do that no SDK should, but a wrapper, a proxy or a
 * bug can (issue 16, items 7 and 8): a `next()` that resolves something that is not an iterator
 * result, a step whose `done` or `value` getter throws, and thrown values that cannot be
 * described (no prototype, a revoked Proxy, throwing getters, a throwing `toString`).
 */
import fc from "fast-check";

/** A named hostile value, so a failing case prints what it was. */
export interface Hostile {
  label: string;
  make: () => unknown;
}

function revokedProxy(): unknown {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** Steps `next()` may resolve that are not `{ done, value }` objects, or that throw when read. */
export const HOSTILE_STEPS: readonly Hostile[] = [
  { label: "null", make: () => null },
  { label: "undefined", make: () => undefined },
  { label: "number", make: () => 42 },
  { label: "string", make: () => "step" },
  { label: "boolean", make: () => true },
  { label: "symbol", make: () => Symbol("step") },
  { label: "throwing done getter", make: () => Object.defineProperty({}, "done", { get: () => { throw new Error("done getter"); } }) },
  { label: "throwing value getter", make: () => Object.defineProperty({ done: false }, "value", { get: () => { throw new Error("value getter"); } }) },
  { label: "revoked proxy", make: revokedProxy },
];

/** Thrown values that cannot be read the ordinary way. */
export const UNDESCRIBABLE_THROWS: readonly Hostile[] = [
  { label: "Object.create(null)", make: () => Object.create(null) as unknown },
  { label: "Object.create(null) with a message", make: () => Object.assign(Object.create(null) as object, { message: 7 }) },
  { label: "revoked proxy", make: revokedProxy },
  { label: "throwing message getter", make: () => Object.defineProperty(new Error("x"), "message", { get: () => { throw new Error("message getter"); } }) },
  { label: "throwing toString", make: () => ({ toString: () => { throw new Error("toString"); } }) },
  { label: "throwing getters everywhere", make: () => new Proxy({}, { get: () => { throw new Error("get trap"); }, getPrototypeOf: () => { throw new Error("proto trap"); } }) },
  { label: "symbol", make: () => Symbol("thrown") },
  { label: "bigint", make: () => 10n },
  { label: "function", make: () => () => undefined },
];

/** One of {@link HOSTILE_STEPS}. */
export const hostileStep: fc.Arbitrary<Hostile> = fc.constantFrom(...HOSTILE_STEPS);
/** One of {@link UNDESCRIBABLE_THROWS}. */
export const undescribableThrow: fc.Arbitrary<Hostile> = fc.constantFrom(...UNDESCRIBABLE_THROWS);

/** How a {@link hostileSource} misbehaves at `at` (the 0-based `next()` call). */
export type HostilePlan =
  | { at: number; kind: "step"; value: Hostile }
  | { at: number; kind: "throw" | "sync-throw"; value: Hostile };

/** Chunks as an async iterable that misbehaves once, as `plan` says; counts `return()` calls. */
export function hostileSource(chunks: readonly unknown[], plan: HostilePlan): AsyncIterable<unknown> & { stats: { returned: number } } {
  const stats = { returned: 0 };
  return {
    stats,
    [Symbol.asyncIterator](): AsyncIterator<unknown> {
      let index = 0;
      return {
        next(): Promise<IteratorResult<unknown>> {
          const at = index++;
          if (at === plan.at) {
            if (plan.kind === "step") return Promise.resolve(plan.value.make() as IteratorResult<unknown>);
            if (plan.kind === "sync-throw") throw plan.value.make();
            return Promise.reject(plan.value.make());
          }
          return Promise.resolve(at < chunks.length ? { done: false, value: chunks[at] } : { done: true, value: undefined });
        },
        return(): Promise<IteratorResult<unknown>> {
          stats.returned += 1;
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
}

/** A plan for a stream of `length` chunks: a hostile step or throw at any position up to the end. */
export function hostilePlan(length: number): fc.Arbitrary<HostilePlan> {
  return fc.oneof(
    fc.record({ at: fc.nat({ max: length }), kind: fc.constant("step" as const), value: hostileStep }),
    fc.record({ at: fc.nat({ max: length }), kind: fc.constantFrom("throw" as const, "sync-throw" as const), value: undescribableThrow }),
  );
}
