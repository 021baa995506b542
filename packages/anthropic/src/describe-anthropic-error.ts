import {
  categoryWithStatus,
  constructorName,
  describeError,
  describeSafely,
  genericCategory,
  isRetryableCategory,
  redactSecrets,
  retryAfterMsFromHeaders,
  safeGet,
  safeNumber,
  safeString,
  type ErrorCategory,
  type ErrorDescription,
} from "@agui-bridge/core/adapter";
import { anthropicCategory, anthropicClassCategory } from "./anthropic-error-categories.js";

/** An `invalid_request_error` whose message says the prompt does not fit the context window. */
const CONTEXT_LENGTH_MESSAGE = /prompt is too long|context (window|length)|too many (input )?tokens/i;

/**
 * Reads an error the Anthropic SDK threw (an `error` SSE frame, an HTTP error, a connection
 * failure), or an in-band `error` event (`{ type: "error", error: { type, message } }`), into
 * RUN_ERROR's message, code, normalized category (see {@link ANTHROPIC_ERROR_CATEGORIES}), HTTP
 * status, retry-after and retryability; the same fields are set as bridge metadata, so the result
 * can be handed to `run.fail` as it is. The code is the Anthropic error type (`overloaded_error`,
 * `rate_limit_error`, …) when known, else the HTTP status. Only the error body's message and the
 * `retry-after` header are read: never other headers, request ids or keys; the message is redacted
 * of anything that looks like a credential. Never throws.
 */
export function describeAnthropicError(error: unknown): ErrorDescription {
  return describeSafely(error, readAnthropicError);
}

function readAnthropicError(error: unknown): ErrorDescription {
  if ((typeof error !== "object" || error === null) && typeof error !== "function") return describeError(error);
  const body = safeGet(error, "error");
  // The SDK's APIError keeps the whole body ({ type: "error", error: {…} }); an event is that body.
  const inner = typeof safeGet(body, "error") === "object" && safeGet(body, "error") !== null ? safeGet(body, "error") : body;
  const ownType = safeString(error, "type");
  // Vertex AI answers some failures in Google's error shape: its status name is the code there.
  const type = (ownType !== "error" ? ownType : undefined) ?? safeString(inner, "type") ?? safeString(inner, "status");
  const detailCode = safeString(error, "errorCode") ?? safeString(safeGet(inner, "details"), "error_code");
  const apiMessage = safeString(error, "apiMessage") ?? safeString(inner, "message");
  const status = safeNumber(error, "status");
  const fallback = describeError(error);
  const code = type ?? (fallback.code !== "error" ? fallback.code : undefined) ?? (status !== undefined ? String(status) : undefined);
  const category = categorize(error, type, detailCode, apiMessage, status, code);
  const retryAfterMs = retryAfterMsFromHeaders(safeGet(error, "headers"));
  // An HTTP error whose body has no message: the SDK's own message would echo the whole body,
  // which may hold anything the request carried. Say what is known instead.
  const message =
    apiMessage !== undefined
      ? redactSecrets(apiMessage)
      : status !== undefined
        ? `The provider answered HTTP ${status}${code !== undefined && code !== String(status) ? ` (${code})` : ""}`
        : type !== undefined
          ? `The Anthropic stream reported an error (${type}).`
          : ownType === "error"
            ? "The Anthropic stream reported an error."
            : fallback.message;
  return {
    message,
    ...(code !== undefined && { code }),
    category,
    ...(status !== undefined && { status }),
    ...(retryAfterMs !== undefined && { retryAfterMs }),
    retryable: isRetryableCategory(category),
  };
}

function categorize(
  error: unknown,
  type: string | undefined,
  detailCode: string | undefined,
  message: string | undefined,
  status: number | undefined,
  code: string | undefined,
): ErrorCategory {
  const byDetail = anthropicCategory(detailCode);
  if (byDetail !== undefined) return byDetail;
  const byType = anthropicCategory(type);
  if (byType === "invalid_request" && message !== undefined && CONTEXT_LENGTH_MESSAGE.test(message)) return "context_length";
  return (
    // The status corrects a generic type (a 402 or 413 behind a gateway): see core's `categoryWithStatus`.
    categoryWithStatus(byType, status) ??
    (status === undefined ? (anthropicClassCategory(safeString(error, "name")) ?? anthropicClassCategory(constructorName(error))) : undefined) ??
    genericCategory(error, code, status)
  );
}
