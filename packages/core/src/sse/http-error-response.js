/** How much of an HTTP error response's body is read for its message (the rest is cancelled). */
export const ERROR_BODY_LIMIT = 64 * 1024;
/**
 * What the raw path throws for a `Response` that is not `ok` (a plain `fetch` to the provider, or
 * a proxy's error page), shaped like the SDKs' `APIError`s so each adapter's error reading applies
 * to it as it does on the SDK path: `status`, `headers` (for `retry-after`), `error` (the body's
 * `error` object when it has one, else the parsed JSON body) and a `message` from the body.
 */
export class HttpStatusError extends Error {
    name = "HttpStatusError";
    /** The HTTP status the provider answered. */
    status;
    /** The response headers (read only for `retry-after`). */
    headers;
    /** The error object of the JSON body, as the SDKs keep it (`undefined` for a body that is not JSON). */
    error;
    constructor(status, message, error, headers) {
        super(message);
        this.status = status;
        this.error = error;
        this.headers = headers;
    }
}
/**
 * Whether a raw-path body is an HTTP error response. Only a `Response` whose `ok` is `false`: an
 * SSE stream is never read from one (its body is an error document, not events, and reading it as
 * SSE would report a truncated stream, which is retryable, for a refused request, which is not).
 */
export function isErrorResponse(body) {
    return typeof body === "object" && body !== null && body.ok === false && typeof body.status === "number";
}
/**
 * The {@link HttpStatusError} for an error response: at most {@link ERROR_BODY_LIMIT} bytes of its
 * body are read (a hostile or endless body cannot hold the run), then the body is cancelled. A JSON
 * body's `error.message` (or `message`) is the message; other text is the message as it is
 * (cut at the limit); an empty body says the status. Never throws.
 */
export async function httpStatusError(response, signal) {
    const status = response.status;
    let headers;
    try {
        headers = response.headers;
    }
    catch {
        headers = undefined;
    }
    const text = await readBounded(response, ERROR_BODY_LIMIT, signal);
    const parsed = parseJson(text);
    const record = asObject(parsed);
    const inner = asObject(record?.error);
    const error = inner ?? record;
    const message = asText(inner?.message) ??
        asText(record?.message) ??
        (typeof record?.error === "string" && record.error.trim() !== "" ? record.error : undefined) ??
        (record === undefined && text.trim() !== "" ? text.trim() : undefined) ??
        `The provider answered HTTP ${status}.`;
    return new HttpStatusError(status, message, error, headers);
}
/**
 * The text of an error response's body, at most `limit` (default {@link ERROR_BODY_LIMIT}) bytes
 * of it, the rest cancelled; what cannot be read is left out. An abort of `signal` cancels the
 * body at once (what arrived is the text). Never throws.
 */
export async function readErrorBody(response, limit = ERROR_BODY_LIMIT, signal) {
    return readBounded(response, limit, signal);
}
async function readBounded(response, limit, signal) {
    let reader;
    try {
        reader = response.body?.getReader();
    }
    catch {
        return "";
    }
    if (reader === undefined)
        return "";
    // An abort cancels the body: the pending read ends (done) and what arrived is the message.
    const onAbort = () => void reader.cancel().catch(() => undefined);
    if (signal?.aborted === true)
        onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const parts = [];
    let size = 0;
    try {
        while (size < limit) {
            const step = await reader.read();
            if (step.done === true)
                break;
            const chunk = step.value;
            if (!(chunk instanceof Uint8Array))
                break;
            const kept = chunk.length > limit - size ? chunk.subarray(0, limit - size) : chunk;
            parts.push(kept);
            size += kept.length;
        }
    }
    catch {
        // A body that fails mid-read: what arrived is the message.
    }
    finally {
        signal?.removeEventListener("abort", onAbort);
        reader.cancel().catch(() => undefined);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
        bytes.set(part, offset);
        offset += part.length;
    }
    return new TextDecoder().decode(bytes);
}
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
function asObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
}
function asText(value) {
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
//# sourceMappingURL=http-error-response.js.map