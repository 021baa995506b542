import { isErrorResponse, readErrorBody, type SseSource } from "@agui-bridge/core/adapter";
import { GoogleStreamError } from "./decode-google-frame.js";

/**
 * `source` opened, with an HTTP error response turned into the error `@google/genai` throws for it
 * (`throwErrorIfNotOK`): a `Response` that is not `ok` is read (JSON when its content type says so,
 * else its text wrapped as `{ error: { message, code, status } }`) and thrown as an `ApiError`
 * carrying the status (4xx/5xx; any other status a plain `Error`), so {@link describeGoogleError}
 * reads it as on the SDK path: a 400 `INVALID_ARGUMENT` is not a truncated, retryable stream.
 * Bodies that are not an error response pass as they are; bytes given as they are (not a function)
 * and not an error response are returned as they are, so the run needs no abort wiring to open them.
 */
export function openOkBody(source: SseSource): SseSource {
  if (typeof source !== "function" && !isErrorResponse(source)) return source;
  return async (signal) => {
    const body = typeof source === "function" ? await source(signal) : source;
    if (isErrorResponse(body)) await throwHttpError(body, signal);
    return body;
  };
}

async function throwHttpError(response: Response, signal: AbortSignal): Promise<never> {
  const status = response.status;
  // Bounded: an error body is read for its message, never held whole (and not waited on after an abort).
  const text = await readErrorBody(response, undefined, signal);
  let errorBody: unknown;
  if (response.headers.get("content-type")?.includes("application/json") === true) {
    try {
      errorBody = JSON.parse(text);
    } catch {
      errorBody = { error: { message: text, code: status, status: response.statusText } };
    }
  } else {
    errorBody = { error: { message: text, code: status, status: response.statusText } };
  }
  const message = JSON.stringify(errorBody);
  if (status >= 400 && status < 600) throw new GoogleStreamError(message, status);
  throw new Error(message);
}
