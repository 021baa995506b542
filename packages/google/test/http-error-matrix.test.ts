/**
 * The HTTP error matrix (see test-support's http-error-matrix): statuses × body shapes the Gemini
 * API really sends (google.rpc.Status bodies, as an object and as the array `[{ error }]` a
 * streaming request is answered with) and the gateways in front, through both paths, with one
 * immediate retry allowed. Every answer must end in the category the Gemini API's troubleshooting
 * guide implies, retried exactly when that category is retryable, with the same code, status and
 * message on both paths, and without the key or a gateway's HTML page on the wire.
 */
import { createSequentialIds } from "@agui-bridge/core/adapter";
import { GoogleGenAI } from "@google/genai";
import { expectedOutcome, gatewayRows, MATRIX_RETRY, outcomeSummary, runErrorAnswer, type MatrixRow } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { createGoogleProvider } from "../src/index.js";

const KEY = "AIzaSyMatrixKey0123456789abcdefghijk";

const status = (code: number, name: string, message: string, details?: unknown[]) => ({ error: { code, message, status: name, ...(details !== undefined && { details }) } });
const json = (value: unknown): string => JSON.stringify(value, null, 2);
const retryInfo = (delay: string) => ({ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: delay });

const BODIES: Array<{ name: string; code: number; body: ReturnType<typeof status>; category: MatrixRow["category"]; retryAfterMs?: number }> = [
  { name: "400 INVALID_ARGUMENT", code: 400, body: status(400, "INVALID_ARGUMENT", "Invalid JSON payload received. Unknown name \"foo\": Cannot find field."), category: "invalid_request" },
  {
    name: "400 INVALID_ARGUMENT over the token limit",
    code: 400,
    body: status(400, "INVALID_ARGUMENT", "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."),
    category: "context_length",
  },
  {
    name: "400 INVALID_ARGUMENT API_KEY_INVALID",
    code: 400,
    body: status(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }]),
    category: "auth",
  },
  {
    name: "400 FAILED_PRECONDITION (free tier not in the region, billing)",
    code: 400,
    body: status(400, "FAILED_PRECONDITION", "User location is not supported for the API use without a billing account linked."),
    category: "quota",
  },
  { name: "403 PERMISSION_DENIED", code: 403, body: status(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers."), category: "permission" },
  { name: "404 NOT_FOUND (model)", code: 404, body: status(404, "NOT_FOUND", "models/gemini-9 is not found for API version v1beta."), category: "not_found" },
  {
    name: "429 RESOURCE_EXHAUSTED with RetryInfo",
    code: 429,
    body: status(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota.", [retryInfo("0.02s")]),
    category: "rate_limit",
    retryAfterMs: 20,
  },
  { name: "500 INTERNAL", code: 500, body: status(500, "INTERNAL", "An internal error has occurred."), category: "server" },
  { name: "503 UNAVAILABLE", code: 503, body: status(503, "UNAVAILABLE", "The model is overloaded. Please try again later."), category: "overloaded" },
  { name: "504 DEADLINE_EXCEEDED", code: 504, body: status(504, "DEADLINE_EXCEEDED", "Deadline expired before operation could complete."), category: "timeout" },
];

const ROWS: MatrixRow[] = [
  ...BODIES.map((b) => ({ name: b.name, answer: { status: b.code, body: json(b.body) }, category: b.category, ...(b.retryAfterMs !== undefined && { retryAfterMs: b.retryAfterMs }) })),
  // The streaming endpoint's form: the status in a one-element array.
  ...BODIES.map((b) => ({ name: `${b.name}, as an array`, answer: { status: b.code, body: json([b.body]) }, category: b.category, ...(b.retryAfterMs !== undefined && { retryAfterMs: b.retryAfterMs }) })),
  // A streaming request's error answered as text/event-stream (the SDK does not parse it as JSON).
  { name: "429 RESOURCE_EXHAUSTED as text/event-stream", answer: { status: 429, body: json(BODIES[6]!.body), contentType: "text/event-stream" }, category: "rate_limit", retryAfterMs: 20 },
  { name: "402 OpenRouter-style credits (a gateway)", answer: { status: 402, body: JSON.stringify({ error: { message: "Insufficient credits", code: 402 } }) }, category: "quota" },
  { name: "500 plain text", answer: { status: 500, body: "Internal Server Error", contentType: "text/plain" }, category: "server" },
  // The SDK's ApiError keeps no headers: a gateway's retry-after is not read on either path.
  ...gatewayRows().map((row) => (row.retryAfterMs !== undefined ? { ...row, retryAfterMs: undefined } : row)),
];

const make = (fetch: typeof globalThis.fetch, fast: boolean) =>
  createGoogleProvider({
    client: new GoogleGenAI({ apiKey: KEY, httpOptions: { fetch, retryOptions: { attempts: 1 } } } as ConstructorParameters<typeof GoogleGenAI>[0]),
    fetch,
    model: "gemini-2.5-flash",
    fast,
    retry: MATRIX_RETRY,
    generateId: createSequentialIds("id"),
  });

describe("HTTP error matrix: Gemini API, SDK and raw paths", () => {
  it.each(ROWS.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    const { sdk, fast } = await runErrorAnswer(make, row.answer);
    expect(outcomeSummary(sdk, [KEY]), "SDK path").toEqual(expectedOutcome(row));
    expect(outcomeSummary(fast, [KEY]), "raw path").toEqual(expectedOutcome(row));
    expect(fast.message).toBe(sdk.message);
  });
});
