/**
 * The HTTP error matrix (see test-support's http-error-matrix): statuses × body shapes the Messages
 * API (its errors reference: 400, 401, 402, 403, 404, 413, 429, 500, 504, 529), Claude on Vertex AI
 * (google.rpc.Status bodies) and the gateways in front really send, through both paths, with one
 * immediate retry allowed. Every answer must end in the category Anthropic's documentation implies,
 * retried exactly when that category is retryable, with the same code, status and message on both
 * paths, and without the key or a gateway's HTML page on the wire.
 */
import Anthropic from "@anthropic-ai/sdk";
import { createSequentialIds } from "@agui-bridge/core/adapter";
import { expectedOutcome, gatewayRows, MATRIX_RETRY, outcomeSummary, runErrorAnswer, type MatrixRow } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../src/index.js";

const KEY = "sk-ant-matrix-key-0123456789abcdef";

const json = (value: unknown): string => JSON.stringify(value);
const anthropic = (type: string, message: string, details?: unknown): string =>
  json({ type: "error", error: { type, message, ...(details !== undefined && { details }) }, request_id: "req_011CSHoEeqs5C35K2UUqR7Fy" });
const rpc = (code: number, status: string, message: string): string => json({ error: { code, message, status } });

const ROWS: MatrixRow[] = [
  { name: "400 invalid_request_error", answer: { status: 400, body: anthropic("invalid_request_error", "max_tokens: Field required") }, category: "invalid_request", code: "invalid_request_error" },
  { name: "400 prompt is too long", answer: { status: 400, body: anthropic("invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum") }, category: "context_length", code: "invalid_request_error" },
  { name: "401 authentication_error", answer: { status: 401, body: anthropic("authentication_error", "invalid x-api-key") }, category: "auth", code: "authentication_error" },
  { name: "402 billing_error", answer: { status: 402, body: anthropic("billing_error", "Your credit balance is too low to access the Anthropic API.") }, category: "quota", code: "billing_error" },
  { name: "403 permission_error", answer: { status: 403, body: anthropic("permission_error", "Your API key does not have permission to use the specified resource.") }, category: "permission", code: "permission_error" },
  { name: "404 not_found_error (model)", answer: { status: 404, body: anthropic("not_found_error", "model: claude-9") }, category: "not_found", code: "not_found_error" },
  { name: "408 empty body", answer: { status: 408, body: "", contentType: "text/plain" }, category: "timeout" },
  { name: "409 empty body", answer: { status: 409, body: "", contentType: "text/plain" }, category: "server" },
  { name: "413 request_too_large", answer: { status: 413, body: anthropic("request_too_large", "Request exceeds the maximum allowed number of bytes.") }, category: "request_too_large", code: "request_too_large" },
  { name: "422 FastAPI validation (a proxy)", answer: { status: 422, body: json({ detail: [{ loc: ["body", "max_tokens"], msg: "field required", type: "missing" }] }) }, category: "invalid_request" },
  {
    name: "429 rate_limit_error with retry-after",
    answer: { status: 429, body: anthropic("rate_limit_error", "This request would exceed the rate limit for your organization of 50 requests per minute."), headers: { "retry-after": "0.01" } },
    category: "rate_limit",
    code: "rate_limit_error",
    retryAfterMs: 10,
  },
  {
    name: "429 spend limit reached (details.error_code)",
    answer: { status: 429, body: anthropic("rate_limit_error", "You have reached your specified workspace API usage limits.", { error_code: "enforced_spend_limit_reached" }), headers: { "retry-after": "1" } },
    category: "quota",
    code: "rate_limit_error",
    retryAfterMs: 1000,
  },
  // A gateway serving OpenAI-shaped errors on an Anthropic-compatible endpoint.
  {
    name: "429 OpenAI insufficient_quota behind a gateway",
    answer: { status: 429, body: json({ error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", param: null, code: "insufficient_quota" } }) },
    category: "quota",
    code: "insufficient_quota",
  },
  { name: "500 api_error", answer: { status: 500, body: anthropic("api_error", "Internal server error") }, category: "server", code: "api_error" },
  { name: "504 timeout_error", answer: { status: 504, body: anthropic("timeout_error", "Request timed out") }, category: "timeout", code: "timeout_error" },
  { name: "529 overloaded_error", answer: { status: 529, body: anthropic("overloaded_error", "Overloaded") }, category: "overloaded", code: "overloaded_error" },
  { name: "529 empty body", answer: { status: 529, body: "", contentType: "text/plain" }, category: "overloaded" },
  // Claude on Vertex AI
  { name: "429 Vertex RESOURCE_EXHAUSTED", answer: { status: 429, body: rpc(429, "RESOURCE_EXHAUSTED", "Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model") }, category: "rate_limit", code: "RESOURCE_EXHAUSTED" },
  { name: "503 Vertex UNAVAILABLE", answer: { status: 503, body: rpc(503, "UNAVAILABLE", "The service is currently unavailable.") }, category: "overloaded", code: "UNAVAILABLE" },
  { name: "404 Vertex NOT_FOUND", answer: { status: 404, body: rpc(404, "NOT_FOUND", "Publisher Model `claude-9` not found.") }, category: "not_found", code: "NOT_FOUND" },
  { name: "400 Vertex FAILED_PRECONDITION (billing)", answer: { status: 400, body: rpc(400, "FAILED_PRECONDITION", "Billing is disabled for project 123. Enable billing to use this API.") }, category: "quota", code: "FAILED_PRECONDITION" },
  { name: "500 plain text", answer: { status: 500, body: "Internal Server Error", contentType: "text/plain" }, category: "server" },
  ...gatewayRows(),
];

const make = (fetch: typeof globalThis.fetch, fast: boolean) =>
  createAnthropicProvider({
    client: new Anthropic({ apiKey: KEY, baseURL: "https://api.example.com", fetch, maxRetries: 0 }),
    model: "claude-sonnet-4-5",
    maxTokens: 64,
    fast,
    retry: MATRIX_RETRY,
    generateId: createSequentialIds("id"),
  });

describe("HTTP error matrix: Anthropic Messages, SDK and raw paths", () => {
  it.each(ROWS.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    const { sdk, fast } = await runErrorAnswer(make, row.answer);
    expect(outcomeSummary(sdk, [KEY]), "SDK path").toEqual(expectedOutcome(row));
    expect(outcomeSummary(fast, [KEY]), "raw path").toEqual(expectedOutcome(row));
    expect(fast.message).toBe(sdk.message);
  });
});
