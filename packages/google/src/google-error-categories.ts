import { categoryFromTable, type ErrorCategory } from "@agui-bridge/core/adapter";

/**
 * Gemini API error statuses (the `error.status` of an error body: the google.rpc code names the
 * API's troubleshooting guide lists) and `ErrorInfo` reasons, with the normalized category of
 * each. A status not listed falls back to the HTTP status.
 */
export const GOOGLE_ERROR_CATEGORIES: Readonly<Record<string, ErrorCategory>> = Object.freeze({
  INVALID_ARGUMENT: "invalid_request",
  FAILED_PRECONDITION: "quota",
  OUT_OF_RANGE: "invalid_request",
  UNAUTHENTICATED: "auth",
  PERMISSION_DENIED: "permission",
  NOT_FOUND: "not_found",
  ALREADY_EXISTS: "invalid_request",
  RESOURCE_EXHAUSTED: "rate_limit",
  CANCELLED: "aborted",
  ABORTED: "server",
  INTERNAL: "server",
  UNKNOWN: "server",
  DATA_LOSS: "server",
  UNIMPLEMENTED: "invalid_request",
  UNAVAILABLE: "overloaded",
  DEADLINE_EXCEEDED: "timeout",
  // ErrorInfo.reason
  API_KEY_INVALID: "auth",
  API_KEY_EXPIRED: "auth",
  API_KEY_SERVICE_BLOCKED: "permission",
  SERVICE_DISABLED: "permission",
  BILLING_DISABLED: "quota",
  RATE_LIMIT_EXCEEDED: "rate_limit",
});

/** The category of the first listed value (code, type, status name or reason). */
export function googleCategory(...values: Array<string | undefined>): ErrorCategory | undefined {
  return categoryFromTable(GOOGLE_ERROR_CATEGORIES, ...values);
}
