/**
 * The HTTP error matrix every adapter is checked against: an error answer (status, body, headers)
 * is served by a `fetch` stub to one provider built twice, on the SDK path and on the raw-bytes
 * (`fast`) path, with a retry policy of one immediate retry. What each path ended with is read back
 * (RUN_ERROR code, message, bridge metadata, how many requests were sent), so a test can assert
 * the category, the retryability (and that it was acted on), the status, and that neither a
 * credential nor the whole body reached the wire.
 *
 * The gateway answers below are in the shape the common fronts send (Cloudflare's 52x pages, an
 * nginx page, an Envoy text body, an empty body); each adapter's own test adds its vendor's JSON.
 */
import { isRetryableCategory, readBridgeMetadata, type ErrorCategory, type Event, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";

/** One HTTP error answer. */
export interface ErrorAnswer {
  status: number;
  /** The body as sent (JSON text, an HTML page, plain text, ""). */
  body: string;
  /** Content type (default `application/json` when the body starts like JSON, else `text/html`). */
  contentType?: string;
  /** Extra response headers (`retry-after`, `retry-after-ms`). */
  headers?: Record<string, string>;
}

/** What one path ended with. */
export interface ErrorOutcome {
  /** Requests the provider sent (2 when the failure was retried once). */
  attempts: number;
  type: string;
  code?: string;
  message?: string;
  errorCategory?: string;
  retryable?: boolean;
  status?: number;
  retryAfterMs?: number;
  /** Every event as JSON, to look for what must not be there. */
  wire: string;
}

/** A `fetch` that answers every request with `answer`, counting the requests. */
export function answeringFetch(answer: ErrorAnswer): { fetch: typeof globalThis.fetch; calls: () => number } {
  let calls = 0;
  const fetch = (async () => {
    calls += 1;
    const contentType = answer.contentType ?? (/^\s*[[{]/.test(answer.body) ? "application/json" : "text/html");
    return new Response(answer.body === "" ? null : answer.body, { status: answer.status, headers: { "content-type": contentType, ...answer.headers } });
  }) as typeof globalThis.fetch;
  return { fetch, calls: () => calls };
}

/** The retry policy of the matrix: one immediate retry, so a retryable failure is sent twice. */
export const MATRIX_RETRY = { maxRetries: 1, initialDelayMs: 0, jitter: false } as const;

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] };

/**
 * Runs `answer` through the provider `make` builds for each path (`make(fetch, fast)` must use
 * {@link MATRIX_RETRY} and send its requests with `fetch`).
 */
export async function runErrorAnswer(
  make: (fetch: typeof globalThis.fetch, fast: boolean) => Provider,
  answer: ErrorAnswer,
): Promise<{ sdk: ErrorOutcome; fast: ErrorOutcome }> {
  const one = async (fast: boolean): Promise<ErrorOutcome> => {
    const stub = answeringFetch(answer);
    const events: Event[] = [];
    for await (const event of make(stub.fetch, fast).stream(input)) events.push(event);
    const end = events.at(-1) as (Event & { code?: string; message?: string; metadata?: unknown }) | undefined;
    const meta = readBridgeMetadata(end?.metadata) as Record<string, unknown> | undefined;
    return {
      attempts: stub.calls(),
      type: String(end?.type),
      ...(end?.code !== undefined && { code: end.code }),
      ...(end?.message !== undefined && { message: end.message }),
      ...(typeof meta?.errorCategory === "string" && { errorCategory: meta.errorCategory }),
      ...(typeof meta?.retryable === "boolean" && { retryable: meta.retryable }),
      ...(typeof meta?.status === "number" && { status: meta.status }),
      ...(typeof meta?.retryAfterMs === "number" && { retryAfterMs: meta.retryAfterMs }),
      wire: JSON.stringify(events),
    };
  };
  return { sdk: await one(false), fast: await one(true) };
}

const cloudflarePage = (status: number, title: string): string =>
  `<!DOCTYPE html>\n<html class="no-js" lang="en-US"> <head>\n<title>api.example.com | ${status}: ${title}</title>\n` +
  `<meta charset="UTF-8" /></head><body><div id="cf-error-details" class="p-0">` +
  `<h1>${title}</h1><span class="code-label">Error code ${status}</span>` +
  `<p>Cloudflare Ray ID: <strong class="font-semibold">8f1c2a3b4d5e6f70</strong></p></div></body></html>\n`;

/**
 * Answers a proxy or gateway in front of any provider sends, whatever the vendor: Cloudflare's
 * 520–524 pages, an nginx 502 page, Envoy's text 503, an empty 500, a 504 page. Each names the
 * category it must end in (a gateway answer says nothing but its status).
 */
export const GATEWAY_ANSWERS: ReadonlyArray<{ name: string; answer: ErrorAnswer; category: ErrorCategory }> = [
  { name: "520 Cloudflare page", answer: { status: 520, body: cloudflarePage(520, "Web server is returning an unknown error") }, category: "server" },
  { name: "521 Cloudflare page", answer: { status: 521, body: cloudflarePage(521, "Web server is down") }, category: "server" },
  { name: "522 Cloudflare page", answer: { status: 522, body: cloudflarePage(522, "Connection timed out") }, category: "server" },
  { name: "523 Cloudflare page", answer: { status: 523, body: cloudflarePage(523, "Origin is unreachable") }, category: "server" },
  { name: "524 Cloudflare page", answer: { status: 524, body: cloudflarePage(524, "A timeout occurred") }, category: "server" },
  {
    name: "502 nginx page",
    answer: { status: 502, body: "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n" },
    category: "server",
  },
  { name: "503 Envoy text", answer: { status: 503, body: "upstream connect error or disconnect/reset before headers. reset reason: connection termination", contentType: "text/plain" }, category: "overloaded" },
  { name: "504 gateway page", answer: { status: 504, body: "<html><body><h1>504 Gateway Time-out</h1>The server didn't respond in time.</body></html>" }, category: "timeout" },
  { name: "500 empty body", answer: { status: 500, body: "", contentType: "text/plain" }, category: "server" },
  { name: "429 empty body", answer: { status: 429, body: "", contentType: "text/plain", headers: { "retry-after-ms": "20" } }, category: "rate_limit" },
  { name: "413 proxy page", answer: { status: 413, body: "<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>" }, category: "request_too_large" },
  { name: "408 empty body", answer: { status: 408, body: "", contentType: "text/plain" }, category: "timeout" },
  { name: "403 WAF page", answer: { status: 403, body: cloudflarePage(403, "Sorry, you have been blocked") }, category: "permission" },
];

/** Whether a wire holds a page or body it should only have summarized (HTML markup). */
export function echoesMarkup(wire: string): boolean {
  return /<html|<!DOCTYPE|<body|cf-error-details/i.test(wire);
}

/** One row of an adapter's matrix: an answer and what RUN_ERROR must say for it. */
export interface MatrixRow {
  name: string;
  answer: ErrorAnswer;
  category: ErrorCategory;
  /** RUN_ERROR code (default: the status). */
  code?: string;
  retryAfterMs?: number;
}

/** What a path must have ended with for `row` (compare with {@link outcomeSummary}). */
export function expectedOutcome(row: MatrixRow): Record<string, unknown> {
  const retryable = isRetryableCategory(row.category);
  return {
    type: "RUN_ERROR",
    code: row.code ?? String(row.answer.status),
    errorCategory: row.category,
    retryable,
    // Retried exactly when retryable (the matrix allows one retry).
    attempts: retryable ? 2 : 1,
    status: row.answer.status,
    retryAfterMs: row.retryAfterMs,
    echoesMarkup: false,
    leaked: [],
  };
}

/** The fields of an outcome {@link expectedOutcome} speaks of; `leaked` lists the `secrets` found on the wire. */
export function outcomeSummary(outcome: ErrorOutcome, secrets: readonly string[]): Record<string, unknown> {
  return {
    type: outcome.type,
    code: outcome.code,
    errorCategory: outcome.errorCategory,
    retryable: outcome.retryable,
    attempts: outcome.attempts,
    status: outcome.status,
    retryAfterMs: outcome.retryAfterMs,
    echoesMarkup: echoesMarkup(outcome.wire),
    leaked: secrets.filter((secret) => outcome.wire.includes(secret)),
  };
}

/** The gateway answers as matrix rows. */
export function gatewayRows(): MatrixRow[] {
  return GATEWAY_ANSWERS.map((g) => {
    const after = g.answer.headers?.["retry-after-ms"];
    return { name: g.name, answer: g.answer, category: g.category as ErrorCategory, ...(after !== undefined && { retryAfterMs: Number(after) }) };
  });
}
