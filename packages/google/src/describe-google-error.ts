import { describeError, redactSecrets, type ErrorDescription } from "@agui-bridge/core";
import { asNumber, asRecord, asString } from "./narrow.js";
import { PartialArgsError } from "./partial-args-writer.js";

/**
 * Reads what `@google/genai` throws into RUN_ERROR's message and code:
 * - `ApiError` (an HTTP error status, or an in-band `{"error": …}` frame): code = the numeric
 *   status (`"429"`, `"500"`), message = the API's status name and message, read from the error
 *   body the SDK embeds; headers are never read;
 * - `Incomplete JSON segment at the end` (a truncated frame): code `stream_truncated`;
 * - a frame that is not JSON (`SyntaxError`): code `invalid_json`;
 * - a `partialArgs` sequence that cannot be written as JSON: code `invalid_tool_arguments`.
 * Anything else falls back to core's reading. Messages are redacted of credentials.
 */
export function describeGoogleError(error: unknown): ErrorDescription {
  if (error instanceof PartialArgsError) return { message: error.message, code: error.code };
  const record = asRecord(error);
  if (record === undefined) return describeError(error);
  const name = asString(record.name);
  const message = asString(record.message) ?? "";
  const status = asNumber(record.status);
  if (name === "ApiError" && status !== undefined) {
    return { message: redactSecrets(apiErrorMessage(message, status)), code: String(status) };
  }
  if (message.startsWith("Incomplete JSON segment")) {
    return { message: "The stream ended inside a frame: the response was cut short.", code: "stream_truncated" };
  }
  if (error instanceof SyntaxError || message.startsWith("exception parsing stream chunk")) {
    return { message: redactSecrets(`A stream frame is not valid JSON: ${message}`), code: "invalid_json" };
  }
  return describeError(error);
}

/** `STATUS: message` from the JSON the SDK embeds in the error message, else the message itself. */
function apiErrorMessage(message: string, status: number): string {
  const start = message.indexOf("{");
  if (start !== -1) {
    try {
      const body = asRecord(JSON.parse(message.slice(start)));
      const inner = asRecord(body?.error);
      const text = asString(inner?.message);
      const statusName = asString(inner?.status);
      if (text !== undefined) return `${statusName ?? `HTTP ${status}`}: ${text}`;
    } catch {
      // Not JSON: use the message as it is.
    }
  }
  // No message in a JSON body: never echo the raw body, which may hold anything the request carried.
  return `The provider answered HTTP ${status}`;
}
