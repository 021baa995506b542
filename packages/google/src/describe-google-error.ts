import {
  categoryWithStatus,
  describeError,
  describeSafely,
  durationToMs,
  genericCategory,
  isRetryableCategory,
  redactSecrets,
  safeInstanceOf,
  safeNumber,
  safeString,
  type ErrorCategory,
  type ErrorDescription,
} from "@agui-bridge/core/adapter";
import { googleCategory } from "./google-error-categories.js";
import { asArray, asRecord, asString } from "./narrow.js";
import { PartialArgsError } from "./stream/partial-args-writer.js";

/** An `INVALID_ARGUMENT` whose message says the input does not fit the context window. */
const CONTEXT_LENGTH_MESSAGE = /exceeds the maximum number of tokens|input token count|context (window|length)/i;

/**
 * An `INVALID_ARGUMENT` whose message says the request body is over the API's size limit
 * (`Request payload size exceeds the limit: 20971520 bytes.`, answered with HTTP 400, not 413): inline
 * media too large for one request, which the Files API or a storage URI avoids.
 */
const PAYLOAD_SIZE_MESSAGE = /payload size exceeds the limit/i;

/**
 * Reads what `@google/genai` throws into RUN_ERROR's message, code, normalized category (see
 * {@link GOOGLE_ERROR_CATEGORIES}; an `INVALID_ARGUMENT` saying the input exceeds the token limit
 * is `context_length`, one saying the request payload exceeds the size limit `request_too_large`),
 * HTTP status, retry-after (from a `RetryInfo.retryDelay`) and retryability; the same fields are
 * set as bridge metadata:
 * - `ApiError` (an HTTP error status, or an in-band `{"error": …}` frame): code = the numeric
 *   status (`"429"`, `"500"`), message = the API's status name and message, read from the error
 *   body the SDK embeds (also when it embeds it as text, as it does for a streaming request's
 *   `text/event-stream` error response); headers are never read;
 * - `Incomplete JSON segment at the end` (a truncated frame): code `stream_truncated`;
 * - a frame that is not JSON (`SyntaxError`): code `invalid_json`;
 * - a `partialArgs` sequence that cannot be written as JSON: code `invalid_tool_arguments`.
 * Anything else falls back to core's reading. Messages are redacted of credentials. Never throws.
 */
export function describeGoogleError(error: unknown): ErrorDescription {
  return describeSafely(error, readGoogleError);
}

function readGoogleError(error: unknown): ErrorDescription {
  if (safeInstanceOf(error, PartialArgsError)) {
    const partial = error as PartialArgsError;
    return { message: partial.message, code: partial.code, category: "invalid_response", retryable: false };
  }
  if ((typeof error !== "object" || error === null) && typeof error !== "function") return describeError(error);
  const name = safeString(error, "name");
  const message = safeString(error, "message") ?? "";
  const status = safeNumber(error, "status");
  if (name === "ApiError" && status !== undefined) {
    const body = apiErrorBody(message);
    const category = categorize(error, body, status);
    const retryAfterMs = body?.retryAfterMs;
    return {
      message: redactSecrets(body?.text !== undefined ? `${body.statusName ?? `HTTP ${status}`}: ${body.text}` : `The provider answered HTTP ${status}`),
      code: String(status),
      category,
      status,
      ...(retryAfterMs !== undefined && { retryAfterMs }),
      retryable: isRetryableCategory(category),
    };
  }
  if (message.startsWith("Incomplete JSON segment")) {
    return { message: "The stream ended inside a frame: the response was cut short.", code: "stream_truncated", category: "truncated", retryable: true };
  }
  if (safeInstanceOf(error, SyntaxError) || message.startsWith("exception parsing stream chunk")) {
    return { message: redactSecrets(`A stream frame is not valid JSON: ${message}`), code: "invalid_json", category: "invalid_response", retryable: false };
  }
  return describeError(error);
}

interface ApiErrorBody {
  text?: string;
  statusName?: string;
  reasons: string[];
  retryAfterMs?: number;
}

/** The error body the SDK embeds as JSON in the error message (never echoed raw: it may hold anything the request carried). */
function apiErrorBody(message: string): ApiErrorBody | undefined {
  const outer = statusError(parseEmbedded(message));
  if (outer === undefined) return undefined;
  const inner = wrappedErrorBody(outer) ?? outer;
  const out: ApiErrorBody = { reasons: [] };
  const text = asString(inner.message);
  const statusName = asString(inner.status);
  if (text !== undefined && !isMarkup(text)) out.text = boundedText(text);
  if (statusName !== undefined) out.statusName = statusName;
  for (const detail of asArray(inner.details) ?? []) {
    const record = asRecord(detail);
    const reason = asString(record?.reason);
    if (reason !== undefined) out.reasons.push(reason);
    const delay = durationToMs(record?.retryDelay);
    if (delay !== undefined) out.retryAfterMs = delay;
  }
  return out;
}

/** The JSON the SDK's message holds from its first `{` or `[` on (undefined when it holds none). */
function parseEmbedded(message: string): unknown {
  const start = message.search(/[[{]/);
  if (start === -1) return undefined;
  try {
    return JSON.parse(message.slice(start)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The `error` of a `google.rpc.Status` body: `{ error: {…} }`, or the one-element array
 * `[{ error: {…} }]` the streaming endpoint answers with (read as the object: before, its status
 * name, reasons and retry delay were lost and only the HTTP status was read).
 */
function statusError(value: unknown): Record<string, unknown> | undefined {
  const first = asArray(value)?.[0] ?? value;
  return asRecord(asRecord(first)?.error);
}

/**
 * The API's own error object when the SDK wrapped it as text: a streaming request's error response
 * comes as `text/event-stream`, so `throwErrorIfNotOK` does not parse it and embeds the whole JSON
 * body as `{ error: { message: "<body>", code, status: "<status text>" } }` (js-genai#346). Read
 * one level deep, so the status name, message, reasons and retry delay are the API's.
 */
function wrappedErrorBody(outer: Record<string, unknown>): Record<string, unknown> | undefined {
  const text = asString(outer.message)?.trim();
  if (text === undefined || !/^[[{]/.test(text)) return undefined;
  try {
    return statusError(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The longest error text kept in the message (a proxy's text body can be 64 KiB; the rest is cut, marked `…`). */
const MAX_TEXT_BODY = 1_000;

/** A proxy's HTML error page (Cloudflare's 52x, nginx): summarized by its status, never echoed. */
function isMarkup(text: string): boolean {
  return /^\s*</.test(text) && /<(!doctype|html|head|body|title|center|h1)\b/i.test(text);
}

function boundedText(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_TEXT_BODY ? `${trimmed.slice(0, MAX_TEXT_BODY)}…` : trimmed;
}

function categorize(error: unknown, body: ApiErrorBody | undefined, status: number): ErrorCategory {
  const byReason = googleCategory(...(body?.reasons ?? []));
  if (byReason !== undefined) return byReason;
  const byStatus = googleCategory(body?.statusName);
  if (byStatus === "invalid_request" && body?.text !== undefined) {
    if (CONTEXT_LENGTH_MESSAGE.test(body.text)) return "context_length";
    if (PAYLOAD_SIZE_MESSAGE.test(body.text)) return "request_too_large";
  }
  // The status corrects a generic reading (a 402 or 413 from a gateway in front): see core's `categoryWithStatus`.
  return categoryWithStatus(byStatus, status) ?? genericCategory(error, String(status), status);
}
