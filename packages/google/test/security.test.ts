/**
 * Issue 8, security checks for the Gemini adapter:
 * - over random conversations, a FileSource handle minted by another vendor, and an encrypted value
 *   minted by another vendor (or of unknown origin), never appear anywhere in what
 *   toGenerateContentRequest builds, nor in what the provider factory sends;
 * - no URL source is fetched, neither while converting nor during a provider run (stub client);
 * - RAW events only when emitRawEvents is set;
 * - RUN_ERROR never carries the API key or request headers: the provider factory driven by the real
 *   @google/genai client whose fetch answers 400/403/429/500/503 (and an in-band error frame) with
 *   bodies and response headers echoing the key and the credential headers.
 */
import { createSequentialIds, EmptyRequestError, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { GoogleGenAI } from "@google/genai";
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { createGoogleProvider, streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { audit, conversation } from "@agui-bridge/test-support";
import { createCounter } from "@agui-bridge/test-support";
import { checkRun, drain, listSource, type Rec } from "@agui-bridge/test-support";

const counter = createCounter("security.test.ts");
afterAll(() => counter.flush());
afterEach(() => vi.restoreAllMocks());

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 150);
const VENDOR = "google";

const cannedStream = (extraParts: unknown[] = []): unknown[] => [
  { candidates: [{ content: { role: "model", parts: [{ text: "ok" }, ...extraParts] }, index: 0 }], responseId: "r", modelVersion: "m" },
  { candidates: [{ content: { role: "model", parts: [{ text: "" }] }, index: 0, finishReason: "STOP" }], usageMetadata: { promptTokenCount: 2, candidatesTokenCount: 1 }, responseId: "r", modelVersion: "m" },
];

function stubProvider(sent: unknown[], chunks = cannedStream(), emitRawEvents?: boolean) {
  return createGoogleProvider({
    client: { models: { generateContentStream: async (params) => (sent.push({ contents: params.contents, config: { ...params.config, abortSignal: undefined } }), listSource(chunks)) } },
    model: "gemini-test",
    generateId: createSequentialIds("id"),
    ...(emitRawEvents !== undefined && { emitRawEvents }),
  });
}

describe("request side (fast-check over random conversations)", () => {
  it("never sends another vendor's file handle or encrypted value, and fetches nothing while converting", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    let ownHandles = 0;
    let ownEncrypted = 0;
    fc.assert(
      fc.property(conversation, (conv) => {
        let params: ReturnType<typeof toGenerateContentRequest>["params"];
        try {
          params = toGenerateContentRequest(conv.input).params;
        } catch (error) {
          // Nothing sendable (a clear error instead of the API's 400): nothing sent, nothing leaked.
          expect(error).toBeInstanceOf(EmptyRequestError);
          counter.add("request.emptyConversations");
          return;
        }
        const result = audit(params, conv, VENDOR);
        expect(result.leaked).toEqual([]);
        ownHandles += result.ownHandlesSent;
        ownEncrypted += result.ownEncryptedSent;
        counter.add("request.conversations");
        counter.add("request.foreignHandlesChecked", conv.handles.filter((t) => t.minter !== undefined && t.minter !== VENDOR).length);
        counter.add("request.foreignEncryptedChecked", conv.encrypted.filter((t) => t.minter !== VENDOR).length);
      }),
      { numRuns: RUNS * 4 },
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(ownHandles).toBeGreaterThan(0);
    expect(ownEncrypted).toBeGreaterThan(0);
    counter.add("request.ownHandlesSent", ownHandles);
    counter.add("request.ownEncryptedSent", ownEncrypted);
    counter.add("properties", 1);
  });

  it("the provider factory sends neither, and fetches no URL source during a run against a stub client", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await fc.assert(
      fc.asyncProperty(conversation, async (conv) => {
        const sent: unknown[] = [];
        const events = await drain(stubProvider(sent).stream(conv.input));
        const { terminal } = await checkRun(events);
        if (terminal.type === "RUN_ERROR" && (terminal as unknown as Rec).code === "empty_request") {
          expect(sent).toHaveLength(0);
          return;
        }
        expect(terminal.type).toBe("RUN_FINISHED");
        expect(sent).toHaveLength(1);
        expect(audit(sent[0], conv, VENDOR).leaked).toEqual([]);
        counter.add("provider.runs");
      }),
      { numRuns: RUNS },
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    counter.add("properties", 1);
  });
});

describe("RAW passthrough", () => {
  it("is off by default and with emitRawEvents: false over every recorded stream", async () => {
    for (const file of listSharedStreams("google")) {
      const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
      for (const emitRawEvents of [undefined, false]) {
        const events = await drain(streamGenerateContent(listSource(chunks), { generateId: createSequentialIds("id"), ...(emitRawEvents !== undefined && { emitRawEvents }) }));
        expect(events.filter((event) => event.type === "RAW")).toEqual([]);
        counter.add("raw.recordedRunsWithoutRaw");
      }
    }
  });

  it("appears only when asked for, through the provider factory too", async () => {
    const unknown = { futurePart: { x: 1 } };
    for (const emitRawEvents of [undefined, false, true]) {
      const events = await drain(stubProvider([], cannedStream([unknown]), emitRawEvents).stream({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] }));
      await checkRun(events);
      const raws = events.filter((event) => event.type === "RAW") as unknown as Rec[];
      expect(raws.map((event) => event.event)).toEqual(emitRawEvents === true ? [unknown] : []);
      counter.add("raw.providerRuns");
    }
  });
});

describe("RUN_ERROR never carries the API key or request headers (real SDK, custom fetch)", () => {
  const KEYS = ["AIzaSyZq8vN2kLmP4rT6wX9yB1cD3eF5gH7jK0A", "AIzaSy" + "b".repeat(33)];
  /** A gateway's key in no vendor's format (also in the loop below). */
  const GATEWAY_KEY = "gw7Q2mZ9xR4tL8vB3nK6pW1sD5fH0jC";
  const HEADER_SECRET = "hdr-secret-7f3a9c2e5b1d";
  const json = (status: number, body: unknown, headers: Record<string, string>) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  const echoHeaders = (key: string): Record<string, string> => ({ "x-echo-goog-api-key": key, "x-echo-secret": HEADER_SECRET, "x-request-id": "req_secret" });
  const apiError = (code: number, status: string, message: string) => ({ error: { code, message, status } });
  const answers: Array<[string, (key: string) => Response]> = [
    ["400 API key not valid, naming the key", (key) => json(400, apiError(400, "INVALID_ARGUMENT", `API key not valid: ${key}. Please pass a valid API key.`), echoHeaders(key))],
    ["403 echoing the credential header", (key) => json(403, apiError(403, "PERMISSION_DENIED", `x-goog-api-key: ${key} has no access`), echoHeaders(key))],
    ["429 echoing the key as key=", (key) => json(429, apiError(429, "RESOURCE_EXHAUSTED", `quota exceeded for api_key=${key}`), echoHeaders(key))],
    ["503 plain-text body", (key) => new Response(`unavailable; x-goog-api-key=${key}`, { status: 503, headers: { "content-type": "text/plain", ...echoHeaders(key) } })],
    [
      "200 with an in-band error frame",
      (key) =>
        new Response(
          `data: ${JSON.stringify(cannedStream()[0])}\n\ndata: ${JSON.stringify(apiError(500, "INTERNAL", `internal error (key ${key})`))}\n\n`,
          { status: 200, headers: { "content-type": "text/event-stream", ...echoHeaders(key) } },
        ),
    ],
  ];
  const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }] };

  for (const key of [...KEYS, GATEWAY_KEY]) {
    for (const [name, answer] of answers) {
      it(`${name} (${key.slice(0, 10)}…)`, async () => {
        const events = await runAgainst(key, HEADER_SECRET, input, answer);
        const wire = JSON.stringify(events);
        expect(wire).not.toContain(key);
        expect(wire).not.toContain(key.slice(0, 24));
        expect(wire).not.toContain(HEADER_SECRET);
        expect(wire).not.toContain("req_secret");
        counter.add("errorSecrets.inputs");
      });
    }
  }

  // Regression (found by this suite, fixed in e4b5593): an error body without `error.message` used
  // to reach RUN_ERROR verbatim (`<status> <body JSON>`), echoed request headers included.
  it("an error body without a message is not put on the wire verbatim", async () => {
    const events = await runAgainst(KEYS[0] as string, HEADER_SECRET, input, () => json(500, { error: { code: 500, status: "INTERNAL", details: [{ "x-request-secret": HEADER_SECRET }] } }, {}));
    expect(JSON.stringify(events)).not.toContain(HEADER_SECRET);
  });

  // Regression (found by this suite, fixed in e4b5593): the client's configured key was redacted only
  // when it had a vendor's shape; a gateway key echoed by the error body reached RUN_ERROR.
  it("the configured API key is redacted even when it is in no vendor's format", async () => {
    const events = await runAgainst(GATEWAY_KEY, HEADER_SECRET, input, (key) => json(400, apiError(400, "INVALID_ARGUMENT", `API key not valid: ${key}.`), {}));
    expect(JSON.stringify(events)).not.toContain(GATEWAY_KEY);
  });
});

async function runAgainst(key: string, headerSecret: string, input: RunAgentInput, answer: (key: string) => Response): Promise<Event[]> {
  let requestHeaders: Record<string, string> = {};
  const client = new GoogleGenAI({
    apiKey: key,
    httpOptions: {
      headers: { "x-request-secret": headerSecret },
      fetch: async (_url: RequestInfo | URL, init?: RequestInit) => {
        requestHeaders = {};
        new Headers(init?.headers).forEach((value, name) => (requestHeaders[name] = value));
        return answer(key);
      },
    },
  });
  const provider = createGoogleProvider({ client, model: "gemini-test", retry: false, generateId: createSequentialIds("id") });
  const events = await drain(provider.stream(input));
  const { terminal } = await checkRun(events);
  expect(terminal.type).toBe("RUN_ERROR");
  expect(requestHeaders["x-goog-api-key"]).toBe(key);
  expect(requestHeaders["x-request-secret"]).toBe(headerSecret);
  return events;
}
