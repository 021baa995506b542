/** Produces fresh ids for messages, tool calls and results. */
export type IdGenerator = () => string;

/** The default generator: random UUIDs from the platform's `crypto`. */
export const randomId: IdGenerator = () => globalThis.crypto.randomUUID();

/**
 * A deterministic generator (`prefix-1`, `prefix-2`, …) for tests and reproducible fixtures.
 */
export function createSequentialIds(prefix = "id"): IdGenerator {
  let next = 0;
  return () => `${prefix}-${++next}`;
}
