/**
 * The HTTP error matrix (see test-support's http-error-matrix): statuses × body shapes OpenAI and
 * the OpenAI-compatible APIs and gateways really send, through both paths of both providers
 * (Chat Completions, Responses), each with one immediate retry allowed. Every answer must end in
 * the category its provider's documentation implies, retried exactly when that category is
 * retryable, with the same code and status on both paths, and without the key, a credential in
 * the message or a gateway's HTML page on the wire.
 */
import { createSequentialIds } from "@agui-bridge/core/adapter";
import { expectedOutcome, gatewayRows, MATRIX_RETRY, outcomeSummary, runErrorAnswer, type MatrixRow } from "@agui-bridge/test-support";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "../src/index.js";

const KEY = "sk-matrix-key-0123456789abcdef";
/** A full key an API echoed in its message (must be redacted). */
const ECHOED_KEY = "sk-proj-AbCdEfGh0123456789XyZ";

const json = (value: unknown): string => JSON.stringify(value);
const openai = (message: string, type: string | null, code: string | null): string => json({ error: { message, type, param: null, code } });

const ROWS: MatrixRow[] = [
  { name: "400 invalid_request_error", answer: { status: 400, body: openai("Unrecognized request argument supplied: foo", "invalid_request_error", null) }, category: "invalid_request", code: "invalid_request_error" },
  {
    name: "400 context_length_exceeded",
    answer: { status: 400, body: openai("This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.", "invalid_request_error", "context_length_exceeded") },
    category: "context_length",
    code: "context_length_exceeded",
  },
  {
    name: "401 invalid_api_key echoing the key",
    answer: { status: 401, body: openai(`Incorrect API key provided: ${ECHOED_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`, "invalid_request_error", "invalid_api_key") },
    category: "auth",
    code: "invalid_api_key",
  },
  {
    name: "402 OpenRouter credits",
    answer: { status: 402, body: json({ error: { message: "This request requires more credits, or fewer max_tokens. You requested up to 4096 tokens, but can only afford 222.", code: 402, metadata: { provider_name: null } }, user_id: "user_1" }) },
    category: "quota",
  },
  // DeepSeek's balance error carries a generic `invalid_request_error` code: the 402 says what it is.
  { name: "402 DeepSeek Insufficient Balance", answer: { status: 402, body: openai("Insufficient Balance", "unknown_error", "invalid_request_error") }, category: "quota", code: "invalid_request_error" },
  {
    name: "403 unsupported_country_region_territory",
    answer: { status: 403, body: openai("Country, region, or territory not supported", "request_forbidden", "unsupported_country_region_territory") },
    category: "permission",
    code: "unsupported_country_region_territory",
  },
  { name: "404 model_not_found", answer: { status: 404, body: openai("The model `gpt-9` does not exist or you do not have access to it.", "invalid_request_error", "model_not_found") }, category: "not_found", code: "model_not_found" },
  { name: "408 OpenRouter timeout", answer: { status: 408, body: json({ error: { message: "Request timed out", code: 408 } }) }, category: "timeout" },
  { name: "409 empty body", answer: { status: 409, body: "", contentType: "text/plain" }, category: "server" },
  // OpenAI's gateway: a generic server_error without code for an oversized body.
  { name: "413 OpenAI server_error", answer: { status: 413, body: openai("Maximum content size limit (26214400) exceeded (26345678 bytes read)", "server_error", null) }, category: "request_too_large", code: "server_error" },
  {
    name: "413 Groq request over the TPM limit",
    answer: { status: 413, body: openai("Request too large for model `llama-3.3-70b-versatile` on tokens per minute (TPM): Limit 12000, Requested 13000, please reduce your message size and try again.", "tokens", "rate_limit_exceeded") },
    category: "request_too_large",
    code: "rate_limit_exceeded",
  },
  { name: "422 FastAPI validation (vLLM, LiteLLM)", answer: { status: 422, body: json({ detail: [{ loc: ["body", "messages"], msg: "field required", type: "value_error.missing" }] }) }, category: "invalid_request" },
  { name: "424 failed dependency", answer: { status: 424, body: json({ error: "Request failed during generation: Server error: CUDA out of memory" }) }, category: "invalid_request" },
  {
    name: "429 rate_limit_exceeded with retry-after",
    answer: { status: 429, body: openai("Rate limit reached for gpt-4o on requests per min (RPM): Limit 500, Used 500, Requested 1.", "requests", "rate_limit_exceeded"), headers: { "retry-after": "0.01" } },
    category: "rate_limit",
    code: "rate_limit_exceeded",
    retryAfterMs: 10,
  },
  {
    name: "429 insufficient_quota",
    answer: { status: 429, body: openai("You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", "insufficient_quota"), headers: { "retry-after": "1" } },
    category: "quota",
    code: "insufficient_quota",
    retryAfterMs: 1000,
  },
  { name: "429 Azure string code with retry-after-ms", answer: { status: 429, body: json({ error: { code: "429", message: "Requests have exceeded token rate limit. Please retry after 1 second." } }), headers: { "retry-after-ms": "20" } }, category: "rate_limit", retryAfterMs: 20 },
  { name: "500 server_error", answer: { status: 500, body: openai("The server had an error while processing your request. Sorry about that!", "server_error", null) }, category: "server", code: "server_error" },
  { name: "502 OpenRouter upstream", answer: { status: 502, body: json({ error: { message: "Provider returned error", code: 502, metadata: { provider_name: "Chutes", raw: "bad gateway" } } }) }, category: "server" },
  // OpenAI's error-codes guide: a 503 "The engine is currently overloaded" is to be retried after a wait.
  { name: "503 engine overloaded", answer: { status: 503, body: openai("The engine is currently overloaded, please try again later.", "server_error", null) }, category: "overloaded", code: "server_error" },
  { name: "529 Anthropic shape behind a gateway", answer: { status: 529, body: json({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }) }, category: "overloaded", code: "overloaded_error" },
  // Gemini's OpenAI-compatible endpoint answers with google.rpc.Status bodies in an array.
  { name: "429 Gemini array", answer: { status: 429, body: json([{ error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" } }]) }, category: "rate_limit" },
  { name: "500 plain text", answer: { status: 500, body: "Internal Server Error", contentType: "text/plain" }, category: "server" },
  ...gatewayRows(),
];

const client = (fetch: typeof globalThis.fetch) => new OpenAI({ apiKey: KEY, baseURL: "https://api.example.com/v1", fetch, maxRetries: 0 });
const PROVIDERS = {
  chat: (fetch: typeof globalThis.fetch, fast: boolean) => createOpenAIChatProvider({ client: client(fetch), model: "gpt-4o", fast, retry: MATRIX_RETRY, generateId: createSequentialIds("id") }),
  responses: (fetch: typeof globalThis.fetch, fast: boolean) =>
    createOpenAIResponsesProvider({ client: client(fetch), model: "gpt-4o", fast, retry: MATRIX_RETRY, generateId: createSequentialIds("id") }),
};

describe.each(Object.entries(PROVIDERS))("HTTP error matrix: OpenAI %s, SDK and raw paths", (_, make) => {
  it.each(ROWS.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    const { sdk, fast } = await runErrorAnswer(make, row.answer);
    expect(outcomeSummary(sdk, [KEY, ECHOED_KEY]), "SDK path").toEqual(expectedOutcome(row));
    expect(outcomeSummary(fast, [KEY, ECHOED_KEY]), "raw path").toEqual(expectedOutcome(row));
    expect(fast.message).toBe(sdk.message);
  });
});
