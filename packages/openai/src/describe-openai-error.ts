import { redactSecrets, type ErrorDescription } from "@agui-bridge/core";
import { asNonEmptyString, asNumber, isRecord } from "./narrow.js";

/**
 * Reads an error thrown by the `openai` SDK (an `APIError` from an HTTP failure or from an error
 * frame mid-stream) or an error payload a provider sent, into RUN_ERROR's message and code.
 *
 * Only the provider's error `code` (else its `type`, else the HTTP status) and its message are
 * read, never request headers, request ids or keys; the message is redacted of anything that looks
 * like a credential.
 */
export function describeOpenAIError(error: unknown): ErrorDescription {
  if (!isRecord(error) && !(error instanceof Error)) return { message: redactSecrets(String(error)) };
  const record = error as Record<string, unknown>;
  const body = isRecord(record.error) ? record.error : undefined;
  const code =
    asNonEmptyString(record.code) ??
    asNonEmptyString(body?.code) ??
    (body?.type !== "error" ? asNonEmptyString(body?.type) : undefined) ??
    (record.type !== "error" ? asNonEmptyString(record.type) : undefined) ??
    (asNumber(record.status) !== undefined ? String(record.status) : undefined);
  const status = asNumber(record.status);
  // An HTTP error whose body has no message: the SDK's own message would be the whole body echoed
  // back, which may hold anything the request carried. Say what is known instead.
  const message =
    asNonEmptyString(body?.message) ??
    (status !== undefined ? `The provider answered HTTP ${status}${code !== undefined && code !== String(status) ? ` (${code})` : ""}` : undefined) ??
    asNonEmptyString(record.message) ??
    (error instanceof Error ? error.name : "The provider reported an error");
  return { message: redactSecrets(message), ...(code !== undefined && { code }) };
}
