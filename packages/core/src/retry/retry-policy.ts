import type { ErrorDescription } from "../run/describe-error.js";

/**
 * How a provider retries a request that failed before its first chunk arrived (an HTTP error, a
 * refused connection, an error frame as the very first frame). The same policy applies to every
 * provider; the SDKs' own retries are switched off for requests a provider sends, so swapping
 * providers does not change resilience. Never retried: anything after the provider's first
 * chunk (content may already be on the wire), an aborted run, a failure whose category is not
 * retryable (`auth`, `invalid_request`, …).
 */
export interface RetryPolicy {
  /** Retries after the first attempt (default 2; 0 disables retrying). */
  maxRetries?: number;
  /** Backoff before the first retry, doubled for each further one (default 500 ms). */
  initialDelayMs?: number;
  /** Upper bound of the exponential backoff (default 8 000 ms). */
  maxDelayMs?: number;
  /**
   * Longest provider-requested `retry-after` honoured (default 60 000 ms): a longer one ends the
   * run with the RUN_ERROR instead of waiting.
   */
  maxRetryAfterMs?: number;
  /** Randomize each backoff between half and all of it (default true). Ignored for retry-after. */
  jitter?: boolean;
  /** Decides per failure instead of its `retryable` flag. */
  shouldRetry?: (error: ErrorDescription, attempt: number) => boolean;
  /** Told before each retry (for logging and metrics). */
  onRetry?: (info: RetryInfo) => void;
}

/** What {@link RetryPolicy.onRetry} is told. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** The failure being retried, described (and redacted) as RUN_ERROR would carry it. */
  error: ErrorDescription;
}

/** The policy a provider uses when none is given: two retries, 0.5 s doubling up to 8 s, jittered. */
export const DEFAULT_RETRY_POLICY: Readonly<Required<Omit<RetryPolicy, "shouldRetry" | "onRetry">>> = Object.freeze({
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  jitter: true,
});

/** A policy with its defaults filled in; `false` means no retries. */
export type ResolvedRetryPolicy = Required<Omit<RetryPolicy, "shouldRetry" | "onRetry">> & Pick<RetryPolicy, "shouldRetry" | "onRetry">;

/** Fills in the defaults of a retry policy (`false` → no retries). Invalid numbers fall back to the defaults. */
export function resolveRetryPolicy(policy: RetryPolicy | false | undefined): ResolvedRetryPolicy {
  if (policy === false) return { ...DEFAULT_RETRY_POLICY, maxRetries: 0 };
  const given = policy ?? {};
  const count = (value: number | undefined, fallback: number): number =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
  return {
    maxRetries: Math.min(count(given.maxRetries, DEFAULT_RETRY_POLICY.maxRetries), 100),
    initialDelayMs: count(given.initialDelayMs, DEFAULT_RETRY_POLICY.initialDelayMs),
    maxDelayMs: count(given.maxDelayMs, DEFAULT_RETRY_POLICY.maxDelayMs),
    maxRetryAfterMs: count(given.maxRetryAfterMs, DEFAULT_RETRY_POLICY.maxRetryAfterMs),
    jitter: given.jitter ?? DEFAULT_RETRY_POLICY.jitter,
    ...(given.shouldRetry !== undefined && { shouldRetry: given.shouldRetry }),
    ...(given.onRetry !== undefined && { onRetry: given.onRetry }),
  };
}

/**
 * The wait before retry number `attempt` (1-based), or undefined when the failure must not be
 * retried: the provider's `retryAfterMs` when given (undefined if longer than
 * `maxRetryAfterMs`), else exponential backoff from `initialDelayMs` capped at `maxDelayMs`.
 */
export function retryDelayMs(
  attempt: number,
  error: ErrorDescription,
  policy: ResolvedRetryPolicy,
  random: () => number = Math.random,
): number | undefined {
  if (attempt > policy.maxRetries) return undefined;
  let wanted: boolean;
  try {
    wanted = policy.shouldRetry !== undefined ? policy.shouldRetry(error, attempt) === true : error.retryable === true;
  } catch {
    wanted = false;
  }
  if (!wanted) return undefined;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  const backoff = Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return policy.jitter ? Math.round(backoff * (0.5 + random() / 2)) : backoff;
}
