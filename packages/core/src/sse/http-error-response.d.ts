/** How much of an HTTP error response's body is read for its message (the rest is cancelled). */
export declare const ERROR_BODY_LIMIT: number;
/**
 * What the raw path throws for a `Response` that is not `ok` (a plain `fetch` to the provider, or
 * a proxy's error page), shaped like the SDKs' `APIError`s so each adapter's error reading applies
 * to it as it does on the SDK path: `status`, `headers` (for `retry-after`), `error` (the body's
 * `error` object when it has one, else the parsed JSON body) and a `message` from the body.
 */
export declare class HttpStatusError extends Error {
    readonly name = "HttpStatusError";
    /** The HTTP status the provider answered. */
    readonly status: number;
    /** The response headers (read only for `retry-after`). */
    readonly headers: unknown;
    /** The error object of the JSON body, as the SDKs keep it (`undefined` for a body that is not JSON). */
    readonly error: unknown;
    constructor(status: number, message: string, error: unknown, headers: unknown);
}
/**
 * Whether a raw-path body is an HTTP error response. Only a `Response` whose `ok` is `false`: an
 * SSE stream is never read from one (its body is an error document, not events, and reading it as
 * SSE would report a truncated stream, which is retryable, for a refused request, which is not).
 */
export declare function isErrorResponse(body: unknown): body is Response;
/**
 * The {@link HttpStatusError} for an error response: at most {@link ERROR_BODY_LIMIT} bytes of its
 * body are read (a hostile or endless body cannot hold the run), then the body is cancelled. A JSON
 * body's `error.message` (or `message`) is the message; other text is the message as it is
 * (cut at the limit); an empty body says the status. Never throws.
 */
export declare function httpStatusError(response: Response, signal?: AbortSignal): Promise<HttpStatusError>;
/**
 * The text of an error response's body, at most `limit` (default {@link ERROR_BODY_LIMIT}) bytes
 * of it, the rest cancelled; what cannot be read is left out. An abort of `signal` cancels the
 * body at once (what arrived is the text). Never throws.
 */
export declare function readErrorBody(response: Response, limit?: number, signal?: AbortSignal): Promise<string>;
