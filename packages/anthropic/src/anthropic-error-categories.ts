import { categoryFromTable, type ErrorCategory } from "@agui-bridge/core/adapter";

/**
 * Anthropic error types (the `error.type` of an error body or an in-band `error` event, from the
 * API's errors reference) and `error.details.error_code` values, with the normalized category of
 * each. A value not listed falls back to the SDK error class, then to the HTTP status.
 */
export const ANTHROPIC_ERROR_CATEGORIES: Readonly<Record<string, ErrorCategory>> = Object.freeze({
  invalid_request_error: "invalid_request",
  authentication_error: "auth",
  billing_error: "quota",
  permission_error: "permission",
  not_found_error: "not_found",
  request_too_large: "request_too_large",
  rate_limit_error: "rate_limit",
  api_error: "server",
  overloaded_error: "overloaded",
  timeout_error: "timeout",
  conflict_error: "server",
  // error.details.error_code (`ErrorDetails` of `@anthropic-ai/sdk` 1.17.0). The spend limits come
  // as a 429 `rate_limit_error` or a 402, but waiting does not lift them: quota, not retried.
  enforced_spend_limit_reached: "quota",
  contract_spend_limit_reached: "quota",
  linked_organization_spend_limit_reached: "quota",
  linked_organization_billing_unavailable: "quota",
  // OpenAI's quota type, as an OpenAI-compatible gateway in front passes it through (HTTP 429):
  // waiting does not lift it, so it is not retried as a rate limit.
  insufficient_quota: "quota",
  // Claude on Vertex AI answers some failures in Google's shape, `{ error: { code, message, status } }`
  RESOURCE_EXHAUSTED: "rate_limit",
  UNAVAILABLE: "overloaded",
  PERMISSION_DENIED: "permission",
  UNAUTHENTICATED: "auth",
  INVALID_ARGUMENT: "invalid_request",
  // As the Gemini API reads it: billing not enabled, or the region not served without it.
  FAILED_PRECONDITION: "quota",
  NOT_FOUND: "not_found",
  INTERNAL: "server",
  DEADLINE_EXCEEDED: "timeout",
});

/** SDK error classes (by name) that carry no HTTP status, and their category. */
export const ANTHROPIC_ERROR_CLASS_CATEGORIES: Readonly<Record<string, ErrorCategory>> = Object.freeze({
  APIUserAbortError: "aborted",
  APIConnectionTimeoutError: "timeout",
  APIConnectionError: "network",
});

/** The category of the first listed value (code, type, status name or reason). */
export function anthropicCategory(...values: Array<string | undefined>): ErrorCategory | undefined {
  return categoryFromTable(ANTHROPIC_ERROR_CATEGORIES, ...values);
}

/** The category of an SDK error without an HTTP status, by its class name. */
export function anthropicClassCategory(className: string | undefined): ErrorCategory | undefined {
  return categoryFromTable(ANTHROPIC_ERROR_CLASS_CATEGORIES, className);
}
