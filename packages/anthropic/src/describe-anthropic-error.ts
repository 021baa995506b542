import { describeError, redactSecrets, type ErrorDescription } from "@agui-bridge/core";
import { asNonEmptyString, asRecord, isRecord } from "./narrow.js";

/**
 * Reads an error the Anthropic SDK threw (an `error` SSE frame, an HTTP error, a connection
 * failure) into RUN_ERROR's message and code. The code is the Anthropic error type
 * (`overloaded_error`, `rate_limit_error`, …) when known, else the HTTP status. Only the error body's
 * message is read: never headers, request ids or keys; the message is redacted of anything that
 * looks like a credential.
 */
export function describeAnthropicError(error: unknown): ErrorDescription {
  if (!isRecord(error) && !(error instanceof Error)) return describeError(error);
  const record = error as unknown as Record<string, unknown>;
  const body = asRecord(record.error);
  const inner = asRecord(body?.error) ?? body;
  // Vertex AI answers in Google's error shape, `{ error: { code, message, status } }`: its status
  // name (`RESOURCE_EXHAUSTED`, …) is the code there.
  const type = asNonEmptyString(record.type) ?? asNonEmptyString(inner?.type) ?? asNonEmptyString(inner?.status);
  const apiMessage = asNonEmptyString(record.apiMessage) ?? asNonEmptyString(inner?.message);
  const status = typeof record.status === "number" ? String(record.status) : undefined;
  const fallback = describeError(error);
  const code = type ?? fallback.code ?? status;
  // An HTTP error whose body has no message: the SDK's own message would echo the whole body,
  // which may hold anything the request carried. Say what is known instead.
  const message =
    apiMessage !== undefined
      ? redactSecrets(apiMessage)
      : status !== undefined
        ? `The provider answered HTTP ${status}${code !== undefined && code !== status ? ` (${code})` : ""}`
        : fallback.message;
  return { message, ...(code !== undefined && { code }) };
}
