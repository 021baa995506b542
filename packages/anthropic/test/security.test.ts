/**
 * Issue 8, security checks for the Anthropic adapter:
 * - over random conversations, a FileSource handle minted by another vendor, and an encrypted value
 *   minted by another vendor (or of unknown origin), never appear anywhere in what toMessagesRequest
 *   builds, nor in the body the provider factory sends;
 * - no URL source is fetched, neither while converting nor during a provider run (stub client);
 * - RAW events only when emitRawEvents is set;
 * - RUN_ERROR never carries the API key or request headers: the provider factory driven by the real
 *   SDK client whose fetch answers 401/403/500/529 (and a mid-stream error frame) with bodies and
 *   response headers echoing the key and the credential headers.
 */
import Anthropic from "@anthropic-ai/sdk";
import { createSequentialIds, EmptyRequestError, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { createAnthropicProvider, streamMessages, toMessagesRequest } from "../src/index.js";
import { audit, conversation } from "@agui-bridge/test-support";
import { createCounter } from "@agui-bridge/test-support";
import { checkRun, drain, listSource, type Rec } from "@agui-bridge/test-support";

const counter = createCounter("security.test.ts");
afterAll(() => counter.flush());
afterEach(() => vi.restoreAllMocks());

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 150);
const VENDOR = "anthropic";

const cannedStream = (extra: unknown[] = []): Array<Record<string, unknown>> => [
  { type: "message_start", message: { id: "msg_stub", model: "m", content: [], usage: { input_tokens: 1, output_tokens: 1 } } },
  ...(extra as Array<Record<string, unknown>>),
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ok" } },
  { type: "content_block_stop", index: 0 },
  { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
  { type: "message_stop" },
];

/** A provider over a stub client that records what it was asked to send. */
function stubProvider(sent: unknown[], chunks = cannedStream(), emitRawEvents?: boolean) {
  return createAnthropicProvider({
    client: { messages: { create: async (body) => (sent.push(body), listSource(chunks)) } },
    model: "claude-test",
    maxTokens: 64,
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
        let params: unknown;
        try {
          params = toMessagesRequest(conv.input, { model: "claude-test", maxTokens: 64 }).params;
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
    // The search is not vacuous: the vendor's own handles and values do get sent.
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
    for (const file of listSharedStreams("anthropic")) {
      const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
      for (const emitRawEvents of [undefined, false]) {
        const events = await drain(streamMessages(listSource(chunks), { generateId: createSequentialIds("id"), ...(emitRawEvents !== undefined && { emitRawEvents }) }));
        expect(events.filter((event) => event.type === "RAW")).toEqual([]);
        counter.add("raw.recordedRunsWithoutRaw");
      }
    }
  });

  it("appears only when asked for, through the provider factory too", async () => {
    const unknown = [{ type: "future_event", x: 1 }];
    for (const emitRawEvents of [undefined, false, true]) {
      const events = await drain(stubProvider([], cannedStream(unknown), emitRawEvents).stream({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] }));
      await checkRun(events);
      const raws = events.filter((event) => event.type === "RAW") as unknown as Rec[];
      expect(raws.map((event) => event.event)).toEqual(emitRawEvents === true ? unknown : []);
      counter.add("raw.providerRuns");
    }
  });
});

describe("RUN_ERROR never carries the API key or request headers (real SDK, custom fetch)", () => {
  const KEYS = ["sk-ant-api03-Zq8vN2kLmP4rT6wX9yB1cD3eF5gH7jK0-AbCdEfGhIjKlMnOpQrStUvWxYz012345_6789AA", "sk-ant-admin01-" + "k".repeat(40)];
  /** A gateway's key in no vendor's format (also in the loop below). */
  const GATEWAY_KEY = "gw7Q2mZ9xR4tL8vB3nK6pW1sD5fH0jC";
  const HEADER_SECRET = "hdr-secret-7f3a9c2e5b1d";

  type Answer = (echo: { key: string; headers: Record<string, string> }) => Response;
  const json = (status: number, body: unknown, headers: Record<string, string>) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  const echoHeaders = (key: string): Record<string, string> => ({ "x-echo-authorization": `Bearer ${key}`, "x-echo-api-key": key, "x-echo-secret": HEADER_SECRET, "request-id": "req_secret" });
  const answers: Array<[string, Answer]> = [
    ["401 authentication_error naming the key", ({ key }) => json(401, { type: "error", error: { type: "authentication_error", message: `invalid x-api-key: ${key}` } }, echoHeaders(key))],
    ["403 echoing the credential headers", ({ key }) => json(403, { type: "error", error: { type: "permission_error", message: `Authorization: Bearer ${key}\nx-api-key: ${key}` } }, echoHeaders(key))],
    ["500 echoing every request header", ({ key, headers }) => json(500, { type: "error", error: { type: "api_error", message: `failed for key=${key}`, request_headers: headers } }, echoHeaders(key))],
    ["529 plain-text body", ({ key }) => new Response(`overloaded; api_key=${key}; authorization: Bearer ${key}`, { status: 529, headers: { "content-type": "text/plain", ...echoHeaders(key) } })],
    [
      "200 with a mid-stream error frame",
      ({ key }) =>
        new Response(
          `event: message_start\ndata: ${JSON.stringify({ type: "message_start", message: { id: "msg_e", model: "m", content: [], usage: { input_tokens: 1, output_tokens: 1 } } })}\n\n` +
            `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "overloaded_error", message: `Overloaded (x-api-key: ${key})` } })}\n\n`,
          { status: 200, headers: { "content-type": "text/event-stream", ...echoHeaders(key) } },
        ),
    ],
  ];

  const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }] };

  /** Runs the provider factory over a real client whose fetch gives `answer`; returns the serialized events. */
  async function wireOf(key: string, answer: Answer): Promise<string> {
    let requestHeaders: Record<string, string> = {};
    const client = new Anthropic({
      apiKey: key,
      baseURL: "http://127.0.0.1:9",
      maxRetries: 0,
      defaultHeaders: { "x-request-secret": HEADER_SECRET },
      fetch: async (_url: unknown, init?: { headers?: unknown }) => {
        requestHeaders = {};
        (init?.headers as Headers).forEach((value, name) => (requestHeaders[name] = value));
        return answer({ key, headers: requestHeaders });
      },
    });
    const provider = createAnthropicProvider({ client, model: "claude-test", maxTokens: 16, retry: false, generateId: createSequentialIds("id") });
    const events: Event[] = await drain(provider.stream(input));
    const { terminal } = await checkRun(events);
    expect(terminal.type).toBe("RUN_ERROR");
    // The request did carry the secrets the answer echoes.
    expect([requestHeaders["x-api-key"], requestHeaders.authorization]).toContainEqual(expect.stringContaining(key));
    expect(requestHeaders["x-request-secret"]).toBe(HEADER_SECRET);
    counter.add("errorSecrets.inputs");
    return JSON.stringify(events);
  }

  for (const key of [...KEYS, GATEWAY_KEY]) {
    for (const [name, answer] of answers) {
      it(`${name} (${key.slice(0, 12)}…)`, async () => {
        const wire = await wireOf(key, answer);
        expect(wire).not.toContain(key);
        expect(wire).not.toContain(key.slice(0, 24));
        expect(wire).not.toContain(HEADER_SECRET);
        expect(wire).not.toContain("req_secret");
      });
    }
  }

  // Regression (found by this suite, fixed in e4b5593): an error body without `error.message` used
  // to reach RUN_ERROR verbatim (`<status> <body JSON>`), echoed request headers included.
  it("an error body without a message is not put on the wire verbatim", async () => {
    const key = KEYS[0] as string;
    const wire = await wireOf(key, ({ headers }) => json(500, { detail: { headers } }, {}));
    expect(wire).not.toContain(HEADER_SECRET);
  });

  // Regression (found by this suite, fixed in e4b5593): the client's configured key was redacted only
  // when it had a vendor's shape; a gateway key echoed by the error body reached RUN_ERROR.
  it("the configured API key is redacted even when it is in no vendor's format", async () => {
    const wire = await wireOf(GATEWAY_KEY, ({ key }) => json(401, { type: "error", error: { type: "authentication_error", message: `rejected key=${key}` } }, {}));
    expect(wire).not.toContain(GATEWAY_KEY);
  });
});
