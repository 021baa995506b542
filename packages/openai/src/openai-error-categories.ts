import { categoryFromTable, type ErrorCategory } from "@agui-bridge/core/adapter";

/**
 * OpenAI error `code` / `type` values (from the API's error-codes guide and the Responses
 * `response.failed` error codes) and the normalized category of each. A value not listed falls
 * back to the SDK error class, then to the HTTP status.
 */
export const OPENAI_ERROR_CATEGORIES: Readonly<Record<string, ErrorCategory>> = Object.freeze({
  // error.code
  rate_limit_exceeded: "rate_limit",
  insufficient_quota: "quota",
  billing_hard_limit_reached: "quota",
  credit_balance_exhausted: "quota",
  invalid_api_key: "auth",
  invalid_authentication: "auth",
  ip_not_authorized: "auth",
  unsupported_country_region_territory: "permission",
  model_not_found: "not_found",
  context_length_exceeded: "context_length",
  // llama.cpp's server (`llama-server`): the prompt does not fit the slot's context (HTTP 400;
  // 500 in the builds that introduced it, which the status alone would call a retryable `server`)
  exceed_context_size_error: "context_length",
  string_above_max_length: "invalid_request",
  content_filter: "content_filter",
  content_policy_violation: "content_filter",
  invalid_prompt: "content_filter",
  server_error: "server",
  // the bridge's code for vLLM's `finish_reason: "abort"` (the engine aborted the request)
  generation_aborted: "server",
  // the bridge's code for Zhipu's `finish_reason: "network_error"` (the model's inference failed)
  model_inference_error: "server",
  server_is_overloaded: "overloaded",
  slow_down: "overloaded",
  // Groq's `x_groq.error` when it stops a stream for lack of capacity
  over_capacity: "overloaded",
  // DeepSeek's `finish_reason: "insufficient_system_resource"` (the inference system ran short of resources)
  insufficient_system_resource: "overloaded",
  vector_store_timeout: "timeout",
  invalid_image: "invalid_request",
  invalid_image_format: "invalid_request",
  invalid_base64_image: "invalid_request",
  invalid_image_url: "invalid_request",
  image_too_large: "request_too_large",
  image_too_small: "invalid_request",
  image_parse_error: "invalid_request",
  image_content_policy_violation: "content_filter",
  invalid_image_mode: "invalid_request",
  image_file_too_large: "request_too_large",
  unsupported_image_media_type: "invalid_request",
  empty_image_file: "invalid_request",
  failed_to_download_image: "invalid_request",
  image_file_not_found: "not_found",
  // error.type
  invalid_request_error: "invalid_request",
  authentication_error: "auth",
  permission_error: "permission",
  not_found_error: "not_found",
  rate_limit_error: "rate_limit",
  tokens: "rate_limit",
  requests: "rate_limit",
  service_unavailable_error: "overloaded",
  api_error: "server",
  // the bridge's own reading of a body cut inside a server-sent event
  stream_truncated: "truncated",
});

/** SDK error classes (by name) that carry no HTTP status, and their category. */
export const OPENAI_ERROR_CLASS_CATEGORIES: Readonly<Record<string, ErrorCategory>> = Object.freeze({
  APIUserAbortError: "aborted",
  APIConnectionTimeoutError: "timeout",
  APIConnectionError: "network",
});

/** The category of the first listed value (code, type, status name or reason). */
export function openAICategory(...values: Array<string | undefined>): ErrorCategory | undefined {
  return categoryFromTable(OPENAI_ERROR_CATEGORIES, ...values);
}

/** The category of an SDK error without an HTTP status, by its class name. */
export function openAIClassCategory(className: string | undefined): ErrorCategory | undefined {
  return categoryFromTable(OPENAI_ERROR_CLASS_CATEGORIES, className);
}
