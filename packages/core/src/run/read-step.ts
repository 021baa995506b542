/** {@link readStep}: the provider stream ended. */
export const STREAM_DONE: unique symbol = Symbol("stream done");

/** {@link readStep}: the step is not an iterator result (or not a batch where a batch was due). */
export const INVALID_STEP: unique symbol = Symbol("invalid step");

/**
 * Reads one step of the provider iterator, which is untrusted: `next()` may resolve `null` or a
 * primitive, a `done`/`value` getter may throw, and a source offering batches may hand over
 * something that is not an array. Returns the step's value (a chunk, or a read's chunks when
 * `batched`), {@link STREAM_DONE} or {@link INVALID_STEP}. Never throws; allocates nothing.
 */
export function readStep(step: unknown, batched: boolean): unknown {
  if (typeof step !== "object" || step === null) return INVALID_STEP;
  let value: unknown;
  try {
    if ((step as { done?: unknown }).done === true) return STREAM_DONE;
    value = (step as { value?: unknown }).value;
  } catch {
    return INVALID_STEP;
  }
  return batched && !Array.isArray(value) ? INVALID_STEP : value;
}
