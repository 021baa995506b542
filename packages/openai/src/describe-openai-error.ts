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
  safeInstanceOf,
  safeNumber,
  safeString,
  type ErrorCategory,
  type ErrorDescription,
} from "@agui-bridge/core/adapter";
import { openAICategory, openAIClassCategory } from "./openai-error-categories.js";
import { boundedErrorText, isModerationMetadata, openRouterErrorMetadata } from "./openrouter-error-metadata.js";

/** The longest Groq `failed_generation` kept in RUN_ERROR metadata (the rest is cut, marked with `…`). */
const MAX_FAILED_GENERATION = 16_000;

/** The message RUN_ERROR carries when the body ended inside a server-sent event. */
export const CUT_FRAME_MESSAGE = "The provider stream ended inside a server-sent event: the response was cut short.";

/**
 * Reads an error thrown by the `openai` SDK (an `APIError` from an HTTP failure or from an error
 * frame mid-stream, a connection failure) or an error payload a provider sent, into RUN_ERROR's
 * message, code, normalized category (see {@link OPENAI_ERROR_CATEGORIES}), HTTP status,
 * retry-after and retryability; the same fields are set as bridge metadata, so the result can be
 * handed to `run.fail` as it is.
 *
 * Only the provider's error `code` (else its `type`, else the HTTP status) and its message are
 * read, plus the `retry-after(-ms)` header and OpenRouter's `error.metadata` (the documented fields,
 * narrowed: `provider_name`, `model_slug`, moderation `reasons` / `flagged_input`, the provider's
 * `raw` error as text; RUN_ERROR metadata `errorMetadata`; a moderation error's category is
 * `content_filter`); never other headers, request ids or keys. The message
 * is redacted of anything that looks like a credential (the driver also removes the client's own
 * credentials). A body cut inside a server-sent event (the SDK's "malformed server-sent event
 * JSON") is `stream_truncated`, as for the other providers. Never throws.
 */
export function describeOpenAIError(error: unknown): ErrorDescription {
  return describeSafely(error, readOpenAIError);
}

function readOpenAIError(error: unknown): ErrorDescription {
  if ((typeof error !== "object" || error === null) && typeof error !== "function") return describeError(error);
  // SDK 7 wraps the parse failure in its own message; older SDKs rethrow JSON.parse's SyntaxError.
  if (safeInstanceOf(error, SyntaxError) && /malformed server-sent event JSON|\bJSON\b/.test(safeString(error, "message") ?? "")) {
    return { message: CUT_FRAME_MESSAGE, code: "stream_truncated", category: "truncated", retryable: true };
  }
  const bodyValue = safeGet(error, "error");
  const body = typeof bodyValue === "object" && bodyValue !== null && !Array.isArray(bodyValue) ? bodyValue : undefined;
  // Some local servers send the error frame's `error` as a bare string (`{"error":"Model unloaded."}`).
  const bodyText = typeof bodyValue === "string" && bodyValue.trim() !== "" ? bodyValue : undefined;
  const status = safeNumber(error, "status");
  const bodyType = safeString(body, "type");
  const ownType = safeString(error, "type");
  // OpenRouter's error frames carry the HTTP status the error stands for as a numeric `code`.
  const numericCode = safeNumber(body, "code") ?? safeNumber(error, "code");
  const codeStatus = numericCode !== undefined && Number.isInteger(numericCode) && numericCode >= 400 && numericCode <= 599 ? numericCode : undefined;
  const code =
    safeString(error, "code") ??
    safeString(body, "code") ??
    (bodyType !== "error" ? bodyType : undefined) ??
    (ownType !== "error" ? ownType : undefined) ??
    (status !== undefined ? String(status) : undefined) ??
    (codeStatus !== undefined ? String(codeStatus) : undefined);
  // OpenRouter's `error.metadata` (on the body of an HTTP error, or on an in-band `error` chunk's error).
  const errorMetadata = openRouterErrorMetadata(safeGet(body, "metadata") ?? safeGet(error, "metadata"));
  // A moderation error (OpenRouter's 403: the input was flagged) is a content filter, not a permission problem.
  const category = isModerationMetadata(errorMetadata)
    ? "content_filter"
    : categorize(error, [safeString(error, "code"), safeString(body, "code"), bodyType, ownType], status ?? codeStatus, code);
  const retryAfterMs = retryAfterMsFromHeaders(safeGet(error, "headers"));
  // An HTTP error whose body has no message: the SDK's own message would be the whole body echoed
  // back, which may hold anything the request carried. Say what is known instead.
  const message =
    safeString(body, "message") ??
    bodyText ??
    (status !== undefined ? `The provider answered HTTP ${status}${code !== undefined && code !== String(status) ? ` (${code})` : ""}` : undefined) ??
    safeString(error, "message") ??
    safeString(error, "name") ??
    "The provider reported an error";
  // A Responses WebSocket error's `misalignment` (openai-node 7.60 `ResponseWsError.Error.Misalignment`:
  // why an action was blocked, `error_type`, the `review_target` to continue the review, a public
  // `steer.message` continuation instruction), as sent: RUN_ERROR metadata `misalignment`.
  const misalignmentValue = safeGet(body, "misalignment");
  const misalignment = typeof misalignmentValue === "object" && misalignmentValue !== null && !Array.isArray(misalignmentValue) ? misalignmentValue : undefined;
  // Groq's `tool_use_failed` (HTTP 400, or an in-band `error` frame mid-stream): the model's output
  // its tool-call parser refused, which the message points to ("See 'failed_generation' for more
  // details"): RUN_ERROR metadata `failedGeneration`, as text, bounded.
  const failedValue = safeGet(body, "failed_generation");
  const failedGeneration = typeof failedValue === "string" && failedValue !== "" ? boundedErrorText(failedValue, MAX_FAILED_GENERATION) : undefined;
  const metadata = {
    ...(misalignment !== undefined && { misalignment }),
    ...(errorMetadata !== undefined && { errorMetadata }),
    ...(failedGeneration !== undefined && { failedGeneration }),
  };
  return {
    message: redactSecrets(message),
    ...(code !== undefined && { code }),
    category,
    ...(status !== undefined && { status }),
    ...(retryAfterMs !== undefined && { retryAfterMs }),
    retryable: isRetryableCategory(category),
    ...(Object.keys(metadata).length > 0 && { metadata }),
  };
}

function categorize(error: unknown, values: Array<string | undefined>, status: number | undefined, code: string | undefined): ErrorCategory {
  // The status corrects a generic body code (OpenAI's 413 `server_error`, DeepSeek's 402
  // `invalid_request_error`): see core's `categoryWithStatus`.
  return (
    categoryWithStatus(openAICategory(...values), status) ??
    (status === undefined ? openAIClassCategory(constructorName(error) ?? safeString(error, "name")) : undefined) ??
    genericCategory(error, code, status)
  );
}
