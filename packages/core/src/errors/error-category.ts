/**
 * One error vocabulary across providers: every RUN_ERROR carries, beside the provider's own code,
 * a normalized {@link ErrorCategory} under the `agui-bridge` metadata key.
 */

/**
 * The normalized error categories. Beyond the common ones, `quota` (credit or billing exhausted:
 * OpenAI `insufficient_quota`, Anthropic `billing_error`, Gemini `FAILED_PRECONDITION` billing),
 * `request_too_large` (Anthropic `request_too_large`, HTTP 413) and `unknown` (nothing could be
 * read from the failure) are there because the providers' documentation distinguishes them.
 */
export const ERROR_CATEGORIES = [
  "rate_limit",
  "quota",
  "auth",
  "permission",
  "not_found",
  "invalid_request",
  "request_too_large",
  "context_length",
  "content_filter",
  "overloaded",
  "server",
  "network",
  "timeout",
  "truncated",
  "aborted",
  "invalid_response",
  "unknown",
] as const;

/** A normalized error category (see {@link ERROR_CATEGORIES}). */
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

const RETRYABLE: ReadonlySet<ErrorCategory> = new Set<ErrorCategory>([
  "rate_limit",
  "overloaded",
  "server",
  "network",
  "timeout",
  "truncated",
]);

/** Whether sending the same request again can help for failures of this category. */
export function isRetryableCategory(category: ErrorCategory): boolean {
  return RETRYABLE.has(category);
}

/** Whether a value is one of the {@link ERROR_CATEGORIES}. */
export function isErrorCategory(value: unknown): value is ErrorCategory {
  return typeof value === "string" && (ERROR_CATEGORIES as readonly string[]).includes(value);
}

/** The category an HTTP status implies when the body says nothing more specific. */
export function categoryForStatus(status: number): ErrorCategory | undefined {
  if (!Number.isInteger(status) || status < 400 || status > 599) return undefined;
  switch (status) {
    case 400:
    case 422:
      return "invalid_request";
    case 401:
      return "auth";
    case 402:
      return "quota";
    case 403:
      return "permission";
    case 404:
      return "not_found";
    case 408:
      return "timeout";
    case 409:
      return "server";
    case 413:
      return "request_too_large";
    case 429:
      return "rate_limit";
    case 499:
      return "aborted";
    case 503:
    case 529:
      return "overloaded";
    case 504:
      return "timeout";
    default:
      return status >= 500 ? "server" : "invalid_request";
  }
}

/**
 * A provider's own reading of an HTTP error (the category its body's code or type gives),
 * corrected by what the status says for certain; the one rule every adapter applies after its
 * tables:
 * - 402 Payment Required is always `quota` and 413 Content Too Large always `request_too_large`,
 *   whatever generic code the body carries (DeepSeek's 402 `invalid_request_error`, OpenAI's 413
 *   `server_error`, Groq's 413 `rate_limit_exceeded`): sending the same request again cannot help;
 * - a generic `server` reading of a 503 or 504 (OpenAI's `server_error` without a code for "The
 *   engine is currently overloaded") is the status's own `overloaded` / `timeout`.
 * Anything else is the provider's reading as it is (undefined when it has none, for the adapter's
 * fallbacks to decide).
 */
export function categoryWithStatus(category: ErrorCategory | undefined, status: number | undefined): ErrorCategory | undefined {
  const byStatus = status !== undefined ? categoryForStatus(status) : undefined;
  if (byStatus === "quota" || byStatus === "request_too_large") return byStatus;
  if (category === "server" && (byStatus === "overloaded" || byStatus === "timeout")) return byStatus;
  return category;
}

/** Codes the bridge itself puts on RUN_ERROR, and the category each one means. */
const BRIDGE_CODES: Readonly<Record<string, ErrorCategory>> = {
  stream_truncated: "truncated",
  frame_too_large: "invalid_response",
  not_event_stream: "invalid_response",
  invalid_sequence: "invalid_response",
  invalid_chunk: "invalid_response",
  malformed_chunk: "invalid_response",
  invalid_json: "invalid_response",
  invalid_tool_arguments: "invalid_response",
  invalid_step: "invalid_response",
  // The run input held nothing the provider can take: the request itself is wrong, not the answer.
  empty_request: "invalid_request",
  prompt_blocked: "content_filter",
  response_failed: "server",
  missing_credentials: "auth",
  aborted: "aborted",
  network_error: "network",
  timeout: "timeout",
};

/** The category of one of the bridge's own RUN_ERROR codes (`stream_truncated`, `invalid_chunk`, …). */
export function categoryForBridgeCode(code: string | undefined): ErrorCategory | undefined {
  return categoryFromTable(BRIDGE_CODES, code);
}

/** The category a provider's table lists for the first of `values` it knows (own keys only). */
export function categoryFromTable(table: Readonly<Record<string, ErrorCategory>>, ...values: Array<string | undefined>): ErrorCategory | undefined {
  for (const value of values) {
    if (value !== undefined && Object.prototype.hasOwnProperty.call(table, value)) return table[value];
  }
  return undefined;
}
