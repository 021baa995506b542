/**
 * Each API's own error responses and request-id headers, so the SDKs build the same error objects
 * (status, `error.type` / `code` / `status`, `requestID`) from the mock as from the real service:
 * - OpenAI: `{ error: { message, type, param, code } }`, request id in `x-request-id`;
 * - Anthropic: `{ type: "error", error: { type, message }, request_id }`, request id in `request-id`
 *   (docs.claude.com/en/api/errors: "Error shapes", "Request id");
 * - Gemini: `{ error: { code, message, status, details? } }` (google.rpc.Status); a bad API key is a
 *   400 `INVALID_ARGUMENT` with an `ErrorInfo` detail of reason `API_KEY_INVALID`, not a 401.
 * The cloud platforms' own errors are in platform-errors.ts.
 */
import { randomBytes } from "node:crypto";
import type { MockFormat } from "./routes.js";

/** The failures the mock answers with an HTTP error before any stream starts. */
export type ErrorKind = "rate-limit" | "server-error" | "overloaded" | "unauthorized" | "not-found" | "invalid-request";

/** A fresh request id in the API's own form (`req_…` for both OpenAI and Anthropic). */
export function newRequestId(): string {
  return `req_mock${randomBytes(12).toString("hex")}`;
}

/** The headers every response of this API carries: its request-id header (Gemini sends none the SDK reads). */
export function requestIdHeaders(format: MockFormat, requestId: string): Record<string, string> {
  if (format === "anthropic") return { "request-id": requestId };
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
  "not-found": "mock provider: not found",
  "invalid-request": "mock provider: invalid request",
};

/** Extra detail for an error body: OpenAI's `param`, Gemini's retry delay on a 429. */
export interface ErrorDetail {
  message?: string;
  param?: string | null;
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
      "not-found": "not_found_error",
      "invalid-request": "invalid_request_error",
    }[kind];
    return { type: "error", error: { type, message }, request_id: requestId };
  }
  if (format === "google") {
    const status = {
      "rate-limit": "RESOURCE_EXHAUSTED",
      "server-error": "INTERNAL",
      overloaded: "UNAVAILABLE",
      unauthorized: "INVALID_ARGUMENT",
      "not-found": "NOT_FOUND",
      "invalid-request": "INVALID_ARGUMENT",
    }[kind];
    const error: Record<string, unknown> = { code: errorStatus(kind, format), message: kind === "unauthorized" ? (detail.message ?? "API key not valid. Please pass a valid API key.") : message, status };
    if (kind === "unauthorized") {
      error.details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: { service: "generativelanguage.googleapis.com" } }];
    }
    // Gemini states the wait in a google.rpc.RetryInfo detail, e.g. "retryDelay": "39s".
    if (kind === "rate-limit") error.details = [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${detail.retryAfterSeconds ?? 1}s` }];
    return { error };
  }
  // OpenAI: a 429 is type "requests" (or "tokens") with code rate_limit_exceeded; a 500 has no code.
  const [type, code] = {
    "rate-limit": ["requests", "rate_limit_exceeded"],
    "server-error": ["server_error", null],
    overloaded: ["server_error", null],
    unauthorized: ["invalid_request_error", "invalid_api_key"],
    "not-found": ["invalid_request_error", "model_not_found"],
    "invalid-request": ["invalid_request_error", null],
  }[kind];
  return { error: { message, type, param: detail.param ?? null, code } };
}
