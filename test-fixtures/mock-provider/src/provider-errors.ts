/**
 * Each API's own error responses and request-id headers, so the SDKs build the same error objects
 * (status, `error.type` / `code` / `status`, `requestID`) from the mock as from the real service:
 * - OpenAI: `{ error: { message, type, param, code } }`, request id in `x-request-id`;
 * - Anthropic: `{ type: "error", error: { type, message }, request_id }`, request id in `request-id`
 *   (docs.claude.com/en/api/errors: "Error shapes", "Request id");
 * - Gemini: `{ error: { code, message, status, details? } }` (google.rpc.Status); a bad API key is a
 *   400 `INVALID_ARGUMENT` with an `ErrorInfo` detail of reason `API_KEY_INVALID`, not a 401.
 * Permission denied is a 403 everywhere (OpenAI's `request_forbidden` /
 * `unsupported_country_region_territory`, Anthropic's `permission_error`, Gemini's `PERMISSION_DENIED`).
 * A request too large is a 413 where the API says so (Anthropic's `request_too_large`, answered by
 * Cloudflare in front of the API: no `type: "error"`, no `request_id`, no `request-id` header;
 * OpenAI's gateway: `server_error` with "Maximum content size limit … exceeded") and Gemini's 400
 * `INVALID_ARGUMENT` "Request payload size exceeds the limit: 20971520 bytes." (its troubleshooting
 * guide lists no 413).
 * The cloud platforms' own errors are in platform-errors.ts.
 */
import { randomBytes } from "node:crypto";
import type { MockFormat } from "./routes.js";

/** The failures the mock answers with an HTTP error before any stream starts. */
export type ErrorKind = "rate-limit" | "server-error" | "overloaded" | "unauthorized" | "permission-denied" | "request-too-large" | "not-found" | "invalid-request";

/** A fresh request id in the API's own form (`req_…` for both OpenAI and Anthropic). */
export function newRequestId(): string {
  return `req_mock${randomBytes(12).toString("hex")}`;
}

/**
 * The headers every response of this API carries: its request-id header (Gemini sends none the SDK
 * reads; Anthropic's 413 comes from Cloudflare before the API, so it has none either).
 */
export function requestIdHeaders(format: MockFormat, requestId: string, kind?: ErrorKind): Record<string, string> {
  if (format === "anthropic") return kind === "request-too-large" ? {} : { "request-id": requestId };
  if (format === "google") return {};
  return { "x-request-id": requestId };
}

/**
 * The HTTP status the API uses: Anthropic answers overload with 529 `overloaded_error`; OpenAI
 * ("The engine is currently overloaded", docs: error codes) and Gemini (`UNAVAILABLE`, "The model is
 * overloaded") with 503.
 */
export function errorStatus(kind: ErrorKind, format: MockFormat): number {
  switch (kind) {
    case "rate-limit":
      return 429;
    case "server-error":
      return 500;
    case "overloaded":
      return format === "anthropic" ? 529 : 503;
    case "unauthorized":
      // The Gemini API answers a bad API key with 400 INVALID_ARGUMENT (reason API_KEY_INVALID), not 401.
      return format === "google" ? 400 : 401;
    case "permission-denied":
      return 403;
    case "request-too-large":
      // The Gemini API answers an oversized request with 400 INVALID_ARGUMENT, not 413.
      return format === "google" ? 400 : 413;
    case "not-found":
      return 404;
    case "invalid-request":
      return 400;
  }
}

const MESSAGES: Record<ErrorKind, string> = {
  "rate-limit": "mock provider: rate limit reached, retry later",
  "server-error": "mock provider: internal server error",
  overloaded: "mock provider: overloaded",
  unauthorized: "mock provider: invalid API key",
  "permission-denied": "Your API key does not have permission to use the specified resource.",
  "request-too-large": "Request exceeds the maximum size",
  "not-found": "mock provider: not found",
  "invalid-request": "mock provider: invalid request",
};

/** The Gemini API's own wording, where the mock has it. */
const GEMINI_MESSAGES: Partial<Record<ErrorKind, string>> = {
  unauthorized: "API key not valid. Please pass a valid API key.",
  "permission-denied": "The caller does not have permission",
  "request-too-large": "Request payload size exceeds the limit: 20971520 bytes.",
};

/** OpenAI's own wording, where the mock has it. */
const OPENAI_MESSAGES: Partial<Record<ErrorKind, string>> = {
  "permission-denied": "Country, region, or territory not supported",
  "request-too-large": "Maximum content size limit (26214400) exceeded (26214401 bytes read)",
};

/** Extra detail for an error body: OpenAI's `param` and `code`, Gemini's retry delay on a 429. */
export interface ErrorDetail {
  message?: string;
  param?: string | null;
  code?: string | null;
  retryAfterSeconds?: number;
}

/** The API's own error body for `kind`. */
export function errorBody(format: MockFormat, kind: ErrorKind, requestId: string, detail: ErrorDetail = {}): unknown {
  const message = detail.message ?? MESSAGES[kind];
  if (format === "anthropic") {
    const type = {
      "rate-limit": "rate_limit_error",
      "server-error": "api_error",
      overloaded: "overloaded_error",
      unauthorized: "authentication_error",
      "permission-denied": "permission_error",
      "request-too-large": "request_too_large",
      "not-found": "not_found_error",
      "invalid-request": "invalid_request_error",
    }[kind];
    // Cloudflare's 413, as recorded: `{"error":{"type":"request_too_large","message":"Request exceeds the maximum size"}}`.
    if (kind === "request-too-large") return { error: { type, message } };
    return { type: "error", error: { type, message }, request_id: requestId };
  }
  if (format === "google") {
    const status = {
      "rate-limit": "RESOURCE_EXHAUSTED",
      "server-error": "INTERNAL",
      overloaded: "UNAVAILABLE",
      unauthorized: "INVALID_ARGUMENT",
      "permission-denied": "PERMISSION_DENIED",
      "request-too-large": "INVALID_ARGUMENT",
      "not-found": "NOT_FOUND",
      "invalid-request": "INVALID_ARGUMENT",
    }[kind];
    const error: Record<string, unknown> = { code: errorStatus(kind, format), message: detail.message ?? GEMINI_MESSAGES[kind] ?? message, status };
    if (kind === "unauthorized") {
      error.details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: { service: "generativelanguage.googleapis.com" } }];
    }
    // Gemini states the wait in a google.rpc.RetryInfo detail, e.g. "retryDelay": "39s".
    if (kind === "rate-limit") error.details = [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${detail.retryAfterSeconds ?? 1}s` }];
    return { error };
  }
  // OpenAI: a 429 is type "requests" (or "tokens") with code rate_limit_exceeded; a 500 has no code;
  // a 403 from an unsupported country is type "request_forbidden"; the gateway's 413 is a
  // "server_error" without a code (recorded: "Maximum content size limit (26214400) exceeded (… bytes read)").
  const [type, code] = {
    "rate-limit": ["requests", "rate_limit_exceeded"],
    "server-error": ["server_error", null],
    overloaded: ["server_error", null],
    unauthorized: ["invalid_request_error", "invalid_api_key"],
    "permission-denied": ["request_forbidden", "unsupported_country_region_territory"],
    "request-too-large": ["server_error", null],
    "not-found": ["invalid_request_error", "model_not_found"],
    "invalid-request": ["invalid_request_error", null],
  }[kind];
  return { error: { message: detail.message ?? OPENAI_MESSAGES[kind] ?? message, type, param: detail.param ?? null, code: detail.code !== undefined ? detail.code : code } };
}
