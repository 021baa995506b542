/**
 * Issue 8, security checks for the OpenAI adapters (Chat Completions and Responses):
 * - over random conversations, a FileSource handle minted by another vendor, and an encrypted value
 *   minted by another vendor (or of unknown origin), never appear anywhere in what
 *   toChatCompletionsRequest / toResponsesRequest build, nor in what the provider factories send;
 * - no URL source is fetched, neither while converting nor during a provider run (stub clients);
 * - RAW events only when emitRawEvents is set;
 * - RUN_ERROR never carries the API key or request headers: both provider factories driven by the
 *   real SDK client whose fetch answers 401/403/500/503 (and a mid-stream error frame) with bodies
 *   and response headers echoing the key and the credential headers.
 */
import { createSequentialIds, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import OpenAI from "openai";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import {
  createOpenAIChatProvider,
  createOpenAIResponsesProvider,
  streamChatCompletions,
  streamResponses,
  toChatCompletionsRequest,
  toResponsesRequest,
} from "../src/index.js";
import { audit, conversation } from "@agui-bridge/test-support";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { checkRun, drain, listSource, type Rec } from "@agui-bridge/test-support";

// The package's counts helper (shared with the OpenAI reliability suites): one section per file.
const counter = new ReliabilityCounts("security.test.ts");
afterAll(() => counter.write());
afterEach(() => vi.restoreAllMocks());

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 150);
const VENDOR = "openai";

const chatChunks = (extra: unknown[] = []): unknown[] => [
  { id: "c1", model: "m", choices: [{ index: 0, delta: { role: "assistant", content: "ok" }, finish_reason: null }] },
  ...extra,
  { id: "c1", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  { id: "c1", model: "m", choices: [], usage: { prompt_tokens: 3, completion_tokens: 1 } },
];
const responsesChunks = (extra: unknown[] = []): unknown[] => [
  { type: "response.created", response: { id: "r1", model: "m" } },
  ...extra,
  { type: "response.completed", response: { id: "r1", model: "m", status: "completed", usage: { input_tokens: 2, output_tokens: 1 } } },
];

type Api = "chat" | "responses";
function stubProvider(api: Api, sent: unknown[], chunks?: unknown[], emitRawEvents?: boolean) {
  const common = { model: "gpt-test", generateId: createSequentialIds("id"), ...(emitRawEvents !== undefined && { emitRawEvents }) };
  const create = async (params: unknown) => (sent.push(params), listSource(chunks ?? (api === "chat" ? chatChunks() : responsesChunks())));
  return api === "chat"
    ? createOpenAIChatProvider({ ...common, client: { chat: { completions: { create } } } })
    : createOpenAIResponsesProvider({ ...common, client: { responses: { create } } });
}

describe("request side (fast-check over random conversations)", () => {
  for (const api of ["chat", "responses"] as const) {
    it(`${api}: never sends another vendor's file handle or encrypted value, and fetches nothing while converting`, () => {
      const fetchSpy = vi.spyOn(globalThis, "fetch");
      let ownHandles = 0;
      let ownEncrypted = 0;
      fc.assert(
        fc.property(conversation, (conv) => {
          const { params } = api === "chat" ? toChatCompletionsRequest(conv.input, { model: "gpt-test" }) : toResponsesRequest(conv.input, { model: "gpt-test" });
          const result = audit(params, conv, VENDOR);
          expect(result.leaked).toEqual([]);
          ownHandles += result.ownHandlesSent;
          ownEncrypted += result.ownEncryptedSent;
          counter.add(`request.${api}.conversations`);
          counter.add(`request.${api}.foreignHandlesChecked`, conv.handles.filter((t) => t.minter !== undefined && t.minter !== VENDOR).length);
          counter.add(`request.${api}.foreignEncryptedChecked`, conv.encrypted.filter((t) => t.minter !== VENDOR).length);
        }),
        { numRuns: RUNS * 4 },
      );
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(ownHandles).toBeGreaterThan(0);
      // Chat Completions cannot carry encrypted values at all; Responses sends OpenAI's own back:
      // a reasoning item only with the item it led to (random conversations rarely have that pair,
      // so a fixed one shows the search sees OpenAI's own values).
      if (api === "responses") {
        const own = { "agui-bridge": { provider: "openai", encryptedKind: "openai-encrypted-content", itemId: "rs_own" } };
        const { params } = toResponsesRequest(
          {
            threadId: "t",
            runId: "r",
            messages: [
              { id: "u", role: "user", content: "hi" },
              { id: "rs", role: "reasoning", content: "", encryptedValue: "ENC-own-openai", metadata: own },
              { id: "a", role: "assistant", content: "answer", metadata: { "agui-bridge": { provider: "openai" } } },
            ],
          },
          { model: "gpt-test" },
        );
        if (JSON.stringify(params).includes("ENC-own-openai")) ownEncrypted += 1;
        expect(ownEncrypted).toBeGreaterThan(0);
      }
      counter.add(`request.${api}.ownHandlesSent`, ownHandles);
      counter.add(`request.${api}.ownEncryptedSent`, ownEncrypted);
      counter.add("properties", 1);
    });

    it(`${api}: the provider factory sends neither, and fetches no URL source during a run against a stub client`, async () => {
      const fetchSpy = vi.spyOn(globalThis, "fetch");
      await fc.assert(
        fc.asyncProperty(conversation, async (conv) => {
          const sent: unknown[] = [];
          const events = await drain(stubProvider(api, sent).stream(conv.input));
          const { terminal } = await checkRun(events);
          expect(terminal.type).toBe("RUN_FINISHED");
          expect(sent).toHaveLength(1);
          expect(audit(sent[0], conv, VENDOR).leaked).toEqual([]);
          counter.add(`provider.${api}.runs`);
        }),
        { numRuns: RUNS },
      );
      expect(fetchSpy).not.toHaveBeenCalled();
      counter.add("properties", 1);
    });
  }
});

describe("RAW passthrough", () => {
  it("is off by default and with emitRawEvents: false over every recorded stream", async () => {
    for (const format of ["openai-chat", "openai-responses"] as const) {
      for (const file of listSharedStreams(format)) {
        const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
        for (const emitRawEvents of [undefined, false]) {
          const options = { generateId: createSequentialIds("id"), ...(emitRawEvents !== undefined && { emitRawEvents }) };
          const events = await drain(format === "openai-chat" ? streamChatCompletions(listSource(chunks), options) : streamResponses(listSource(chunks), options));
          expect(events.filter((event) => event.type === "RAW")).toEqual([]);
          counter.add("raw.recordedRunsWithoutRaw");
        }
      }
    }
  });

  it("appears only when asked for, through the provider factories too", async () => {
    for (const api of ["chat", "responses"] as const) {
      const unknown = api === "chat" ? { id: "", choices: [], prompt_filter_results: [] } : { type: "response.future_event", x: 1 };
      for (const emitRawEvents of [undefined, false, true]) {
        const chunks = api === "chat" ? chatChunks([unknown]) : responsesChunks([unknown]);
        const events = await drain(stubProvider(api, [], chunks, emitRawEvents).stream({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] }));
        await checkRun(events);
        const raws = events.filter((event) => event.type === "RAW") as unknown as Rec[];
        expect(raws.map((event) => event.event)).toEqual(emitRawEvents === true ? [unknown] : []);
        counter.add("raw.providerRuns");
      }
    }
  });
});

describe("RUN_ERROR never carries the API key or request headers (real SDK, custom fetch)", () => {
  const KEYS = ["sk-proj-Zq8vN2kLmP4rT6wX9yB1cD3eF5gH7jK0AbCdEfGhIjKlMnOpQrStUvWx_yz", "sk-svcacct-" + "Q".repeat(40)];
  /** A gateway's key in no vendor's format (OpenAI-compatible servers, proxies; also in the loop below). */
  const GATEWAY_KEY = "gw7Q2mZ9xR4tL8vB3nK6pW1sD5fH0jC";
  const HEADER_SECRET = "hdr-secret-7f3a9c2e5b1d";
  const json = (status: number, body: unknown, headers: Record<string, string>) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  const echoHeaders = (key: string): Record<string, string> => ({ "x-echo-authorization": `Bearer ${key}`, "x-echo-secret": HEADER_SECRET, "x-request-id": "req_secret" });
  type Answer = (key: string, api: Api) => Response;
  const answers: Array<[string, Answer]> = [
    ["401 invalid_api_key naming the key", (key) => json(401, { error: { message: `Incorrect API key provided: ${key}.`, type: "invalid_request_error", code: "invalid_api_key" } }, echoHeaders(key))],
    ["403 echoing the credential header", (key) => json(403, { error: { message: `Authorization: Bearer ${key}`, type: "permission_error" } }, echoHeaders(key))],
    ["500 echoing the key as api_key=", (key) => json(500, { error: { message: `upstream failed, api_key=${key}`, type: "server_error" } }, echoHeaders(key))],
    ["500 echoing every request header", (key) => json(500, { error: { message: `failed for key=${key}`, type: "server_error", request_headers: { authorization: `Bearer ${key}`, "x-request-secret": HEADER_SECRET } } }, echoHeaders(key))],
    ["503 plain-text body", (key) => new Response(`unavailable; authorization: Bearer ${key}`, { status: 503, headers: { "content-type": "text/plain", ...echoHeaders(key) } })],
    [
      "200 with a mid-stream error frame",
      (key, api) =>
        new Response(
          api === "chat"
            ? `data: ${JSON.stringify({ id: "c", model: "m", choices: [{ index: 0, delta: { content: "a" }, finish_reason: null }] })}\n\ndata: ${JSON.stringify({ error: { message: `Bearer ${key} rejected`, type: "server_error" } })}\n\n`
            : `event: response.created\ndata: ${JSON.stringify({ type: "response.created", response: { id: "r", model: "m" } })}\n\nevent: error\ndata: ${JSON.stringify({ type: "error", code: "server_error", message: `api-key: ${key}` })}\n\n`,
          { status: 200, headers: { "content-type": "text/event-stream", ...echoHeaders(key) } },
        ),
    ],
  ];
  const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }] };

  for (const api of ["chat", "responses"] as const) {
    for (const key of [...KEYS, GATEWAY_KEY]) {
      for (const [name, answer] of answers) {
        it(`${api}: ${name} (${key.slice(0, 10)}…)`, async () => {
          const events = await runAgainst(api, key, HEADER_SECRET, input, answer);
          const wire = JSON.stringify(events);
          expect(wire).not.toContain(key);
          expect(wire).not.toContain(key.slice(0, 24));
          expect(wire).not.toContain(HEADER_SECRET);
          expect(wire).not.toContain("req_secret");
          counter.add("errorSecrets.inputs");
        });
      }
    }

    // Regression (found by the reliability run, now fixed; packages/openai/src/describe-openai-error.ts; the same in the Anthropic and Google
    // adapters): when the error body has no `error.message`, RUN_ERROR's message falls back to the
    // SDK's message, `<status> <the whole body as JSON>`; only credential-shaped substrings are
    // redacted, so whatever else the body echoes (here the custom `x-request-secret` request
    // header) reaches the wire. Now: a generic message (status / error code) instead.
    it(`${api}: an error body without a message is not put on the wire verbatim`, async () => {
      const events = await runAgainst(api, KEYS[0] as string, HEADER_SECRET, input, () => json(500, { detail: { headers: { "x-request-secret": HEADER_SECRET } } }, {}));
      expect(JSON.stringify(events)).not.toContain(HEADER_SECRET);
    });

    // Regression (found by the reliability run, now fixed; packages/openai/src/create-openai-providers.ts + core redactSecrets; the same in the
    // Anthropic and Google adapters): only keys in a vendor's format (sk-…) or after a credential
    // label are redacted; the factories hold the client, whose configured key is known, but do not
    // redact it. An OpenAI-compatible server answering the usual "Incorrect API key provided: <key>"
    // for a key in no vendor's format puts the key on the wire.
    it(`${api}: the configured API key is redacted even when it is in no vendor's format`, async () => {
      const events = await runAgainst(api, GATEWAY_KEY, HEADER_SECRET, input, (key) => json(401, { error: { message: `Incorrect API key provided: ${key}.`, type: "invalid_request_error", code: "invalid_api_key" } }, {}));
      expect(JSON.stringify(events)).not.toContain(GATEWAY_KEY);
    });
  }
});

/** Runs a provider factory over a real OpenAI client whose fetch gives `answer`; returns the events. */
async function runAgainst(api: Api, key: string, headerSecret: string, input: RunAgentInput, answer: (key: string, api: Api) => Response): Promise<Event[]> {
  let requestHeaders: Record<string, string> = {};
  const client = new OpenAI({
    apiKey: key,
    baseURL: "http://127.0.0.1:9/v1",
    maxRetries: 0,
    defaultHeaders: { "x-request-secret": headerSecret },
    fetch: async (_url, init) => {
      requestHeaders = {};
      new Headers(init?.headers as HeadersInit).forEach((value, name) => (requestHeaders[name] = value));
      return answer(key, api);
    },
  });
  const common = { client, model: "gpt-test", retry: false as const, generateId: createSequentialIds("id") };
  const provider = api === "chat" ? createOpenAIChatProvider(common) : createOpenAIResponsesProvider(common);
  const events = await drain(provider.stream(input));
  const { terminal } = await checkRun(events);
  expect(terminal.type).toBe("RUN_ERROR");
  // The request did carry the secrets the answer echoes.
  expect(requestHeaders.authorization).toBe(`Bearer ${key}`);
  expect(requestHeaders["x-request-secret"]).toBe(headerSecret);
  return events;
}
