import { describeError as defaultDescribeError, UNDESCRIBABLE_MESSAGE, type ErrorDescription } from "./describe-error.js";
import { failOptionsFrom } from "./finalize-run-error.js";
import type { FailOptions } from "./run-options.js";
import { RunStateError } from "./run-state-error.js";

/**
 * What RUN_ERROR says about an error that ended a run: an illegal builder call is an
 * `invalid_response`; anything else is read by the mapper's `describeError`, or by core's.
 * Describing never throws: a mapper's reading that throws (or returns junk) falls back to core's,
 * which reads hostile values (revoked Proxies, throwing getters) safely. Redaction happens later,
 * on the finished event.
 */
export function describeFailure(error: unknown, mapper: { describeError?(error: unknown): ErrorDescription } | undefined): FailOptions {
  let described: ErrorDescription;
  try {
    described = isRunStateError(error)
      ? { message: (error as RunStateError).message, code: (error as RunStateError).code, category: "invalid_response" }
      : (mapper?.describeError?.(error) ?? defaultDescribeError(error));
    if (typeof described !== "object" || described === null || typeof described.message !== "string") throw new TypeError("not a description");
  } catch {
    described = defaultDescribeError(error);
  }
  try {
    return failOptionsFrom(described);
  } catch {
    return { message: UNDESCRIBABLE_MESSAGE };
  }
}

/** `instanceof RunStateError`, safe for a revoked Proxy. */
function isRunStateError(error: unknown): boolean {
  try {
    return error instanceof RunStateError;
  } catch {
    return false;
  }
}
