/** Produces fresh ids for messages, tool calls and results. */
export type IdGenerator = () => string;

// The platform's `crypto`, read once: on Node `globalThis.crypto` is a lazy getter, a function
// call on every read (about a third of what an id cost on the Responses stream).
let platformCrypto: Crypto | undefined;

/** The default generator: random UUIDs from the platform's `crypto`. */
export const randomId: IdGenerator = () => (platformCrypto ??= globalThis.crypto).randomUUID();

/**
 * A deterministic generator (`prefix-1`, `prefix-2`, …) for tests and reproducible fixtures.
 */
export function createSequentialIds(prefix = "id"): IdGenerator {
  let next = 0;
  return () => `${prefix}-${++next}`;
}
