/**
 * Issue 16, OpenAI side: no credential of the client in any RUN_ERROR string (body code, in-band
 * error frames, gateway keys, auth headers), a body cut inside a server-sent event is
 * `stream_truncated`, every RUN_ERROR carries its category, the retry policy replaces the SDK's,
 * and `check()` / creation report configuration problems. Counts go to .reliability-counts.json
 * (section "openai-hardening").
 */
import { assertConformant } from "@agui-bridge/conformance";
import { ProviderConfigError, readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import OpenAI from "openai";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { checkHostileRun, hostilePlan, hostileSource, readmeErrorTable } from "@agui-bridge/test-support";
import {
  createOpenAIChatProvider,
  createOpenAIResponsesProvider,
  describeOpenAIError,
  OPENAI_ERROR_CATEGORIES,
  OPENAI_ERROR_CLASS_CATEGORIES,
  streamChatCompletions,
  streamResponses,
} from "../src/index.js";
import { chatStream } from "./arbitraries/chat-stream.js";
import { responsesStream } from "./arbitraries/responses-stream.js";
import { drain, ids, terminalOf, toSSE } from "./support/reliability-harness.js";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { fixturesDir } from "./support/sdk-replay.js";

vi.setConfig({ testTimeout: 120_000 });
const counts = new ReliabilityCounts("openai-hardening");
afterAll(() => counts.write());

const GATEWAY_KEY = "gw-live-0123456789abcdef"; // not sk-…: only the exact-secret redaction catches it
const HEADER_TOKEN = "hdr-token-abcdefghijkl";
const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }], tools: [], context: [], state: {}, forwardedProps: {} };

interface Reply {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}

/** A real OpenAI client whose requests get `replies` in order (the last one repeats), counting calls. */
function scripted(replies: readonly Reply[], clientOptions: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) {
  let calls = 0;
  const client = new OpenAI({
    apiKey: GATEWAY_KEY,
    baseURL: "http://replay.invalid/v1",
    logLevel: "off",
    defaultHeaders: { Authorization: `Bearer ${HEADER_TOKEN}` },
    ...clientOptions,
    fetch: async () => {
      const reply = replies[Math.min(calls++, replies.length - 1)]!;
      const json = reply.body.startsWith("{");
      return new Response(reply.body, {
        status: reply.status ?? 200,
        headers: { "content-type": json ? "application/json" : "text/event-stream", ...reply.headers },
      });
    },
  });
  return { client, calls: () => calls };
}

const bridge = (event: Event | undefined) => readBridgeMetadata(event?.metadata);
const leaks = (events: readonly Event[]): boolean => {
  const text = JSON.stringify(events);
  return text.includes(GATEWAY_KEY) || text.includes(HEADER_TOKEN);
};

describe("no credential in any RUN_ERROR string (items 1, 2)", () => {
  const echo = JSON.stringify({ error: { message: `bad key ${GATEWAY_KEY} / ${HEADER_TOKEN}`, code: GATEWAY_KEY, type: HEADER_TOKEN, param: GATEWAY_KEY } });

  it.each(["chat", "responses"] as const)("%s: an HTTP error whose body echoes the key as code, type and message", async (api) => {
    const { client } = scripted([{ status: 401, body: echo }]);
    const provider = api === "chat" ? createOpenAIChatProvider({ client, model: "m" }) : createOpenAIResponsesProvider({ client, model: "m" });
    const events = await drain(provider.stream(input) as AsyncGenerator<Event, void, undefined>);
    await assertConformant(events);
    expect(terminalOf(events).type).toBe("RUN_ERROR");
    expect(leaks(events)).toBe(false);
    expect(bridge(terminalOf(events))).toMatchObject({ errorCategory: "auth", status: 401, retryable: false });
  });

  it("Chat: an in-band {error} frame read by the SDK, and an {error} chunk the mapper reads, are both redacted", async () => {
    const frame = `data: ${JSON.stringify({ error: { message: `key ${GATEWAY_KEY} rejected`, code: GATEWAY_KEY } })}\n\n`;
    const { client } = scripted([{ body: frame }]);
    const viaSdk = await drain(createOpenAIChatProvider({ client, model: "m" }).stream(input) as AsyncGenerator<Event, void, undefined>);
    const direct = { apiKey: GATEWAY_KEY, chat: { completions: { create: async () => (async function* () { yield { error: { message: `key ${GATEWAY_KEY}`, code: GATEWAY_KEY } }; })() } } };
    const viaMapper = await drain(createOpenAIChatProvider({ client: direct, model: "m" }).stream(input) as AsyncGenerator<Event, void, undefined>);
    for (const events of [viaSdk, viaMapper]) {
      await assertConformant(events);
      expect(terminalOf(events).type).toBe("RUN_ERROR");
      expect(leaks(events)).toBe(false);
      expect(bridge(terminalOf(events))?.errorCategory).toBeDefined();
    }
  });

  it("Responses: `error` events and response.failed built inside the mapper are redacted with the client's key", async () => {
    const failed = { type: "response.failed", response: { id: "r1", status: "failed", error: { code: "server_error", message: `upstream said ${GATEWAY_KEY}` } } };
    const errorEvent = { type: "error", code: GATEWAY_KEY, message: `no ${GATEWAY_KEY}` };
    for (const last of [failed, errorEvent]) {
      const client = { apiKey: GATEWAY_KEY, responses: { create: async () => (async function* () { yield { type: "response.created", response: { id: "r1" } }; yield last; })() } };
      const events = await drain(createOpenAIResponsesProvider({ client: client as never, model: "m" }).stream(input) as AsyncGenerator<Event, void, undefined>);
      await assertConformant(events);
      expect(terminalOf(events).type).toBe("RUN_ERROR");
      expect(leaks(events)).toBe(false);
    }
    const direct = await drain(streamResponses((async function* () { yield failed; })(), { secrets: [GATEWAY_KEY] }));
    expect(bridge(terminalOf(direct))).toMatchObject({ errorCategory: "server", retryable: true, finishReason: "error" });
  });
});

describe("a body cut inside a server-sent event is stream_truncated (item 9)", () => {
  const sse = readFileSync(`${fixturesDir}/openai-chat/parallel-tool-calls.sse`, "utf8");

  it("a cut inside a data line of a fixture, through the real SDK", async () => {
    const cut = sse.indexOf('"finish_reason"');
    const { client } = scripted([{ body: sse.slice(0, cut) }]);
    const events = await drain(createOpenAIChatProvider({ client, model: "m" }).stream(input) as AsyncGenerator<Event, void, undefined>);
    await assertConformant(events);
    expect(terminalOf(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(bridge(terminalOf(events))?.errorCategory).toBe("truncated");
  });

  it("older SDKs rethrow JSON.parse's own SyntaxError: read the same way", () => {
    expect(describeOpenAIError(new SyntaxError("Unexpected end of JSON input"))).toMatchObject({ code: "stream_truncated", category: "truncated" });
    expect(describeOpenAIError(new SyntaxError("Error reading response: malformed server-sent event JSON."))).toMatchObject({ code: "stream_truncated" });
  });

  it.each(["chat", "responses"] as const)("property (%s): a generated stream cut at any byte through the real SDK ends RUN_FINISHED or RUN_ERROR stream_truncated", async (format) => {
    const streams: fc.Arbitrary<unknown[]> = format === "chat" ? chatStream.map((s) => s.chunks) : responsesStream.map((s) => s.events);
    await counts.check(
      `${format}: byte-level cut through the SDK → finished or stream_truncated`,
      fc.asyncProperty(streams, fc.double({ min: 0, max: 1, noNaN: true }), async (chunks, at) => {
        const body = toSSE(chunks, format);
        const bytes = new TextEncoder().encode(body);
        const length = Math.floor(at * bytes.length);
        const { client } = scripted([{ body: new TextDecoder().decode(bytes.slice(0, length)) }], { maxRetries: 0 });
        const provider = format === "chat" ? createOpenAIChatProvider({ client, model: "m", retry: false, ...ids() }) : createOpenAIResponsesProvider({ client, model: "m", retry: false, ...ids() });
        const events = await drain(provider.stream(input) as AsyncGenerator<Event, void, undefined>);
        const end = terminalOf(events);
        if (end.type === "RUN_ERROR") {
          // A generated stream may itself end in response.failed; a cut never gives anything else.
          if (end.code !== "stream_truncated") expect(chunks.some((c) => (c as { type?: string }).type === "response.failed")).toBe(true);
          expect(bridge(end)?.errorCategory).toBeDefined();
        } else expect(end.type).toBe("RUN_FINISHED");
        counts.add(`${format}: byte cuts tried through the SDK`);
        counts.add(`${format}: byte cuts ending ${end.type === "RUN_ERROR" ? `RUN_ERROR ${String(end.code)}` : end.type}`);
      }),
      60,
    );
  });
});

describe("every RUN_ERROR has a category (item 10)", () => {
  it("each documented code maps to its category, with status and retry-after through the real SDK", async () => {
    for (const [code, category] of Object.entries(OPENAI_ERROR_CATEGORIES)) {
      expect(describeOpenAIError({ status: 400, error: { code, message: "m" } }).category, code).toBe(category);
    }
    const { client } = scripted([{ status: 429, body: JSON.stringify({ error: { code: "rate_limit_exceeded", message: "slow" } }), headers: { "retry-after-ms": "1500" } }]);
    const events = await drain(createOpenAIChatProvider({ client, model: "m", retry: false }).stream(input) as AsyncGenerator<Event, void, undefined>);
    expect(terminalOf(events)).toMatchObject({ code: "rate_limit_exceeded" });
    expect(bridge(terminalOf(events))).toEqual({ errorCategory: "rate_limit", retryable: true, status: 429, retryAfterMs: 1500 });
    const quota = describeOpenAIError({ status: 429, error: { code: "insufficient_quota", message: "m" } });
    expect(quota).toMatchObject({ category: "quota", retryable: false });
  });

  it("a 413 is request_too_large, not retried, though OpenAI's body calls it a server_error", async () => {
    // The body OpenAI's gateway answers an oversized request with (HTTP 413, x-request-id, no code).
    const body = JSON.stringify({ error: { message: "Maximum content size limit (26214400) exceeded (26214401 bytes read)", type: "server_error", param: null, code: null } });
    const { client, calls } = scripted([{ status: 413, body }, { status: 413, body }]);
    const events = await drain(createOpenAIChatProvider({ client, model: "m" }).stream(input) as AsyncGenerator<Event, void, undefined>);
    expect(terminalOf(events)).toMatchObject({ type: "RUN_ERROR", code: "server_error", message: expect.stringContaining("Maximum content size limit") });
    expect(bridge(terminalOf(events))).toEqual({ errorCategory: "request_too_large", retryable: false, status: 413 });
    expect(calls()).toBe(1);
  });

  it("a refused connection is `network`, a timeout `timeout`", async () => {
    const refused = new OpenAI({ apiKey: GATEWAY_KEY, baseURL: "http://replay.invalid/v1", logLevel: "off", maxRetries: 0, fetch: async () => { throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }); } });
    const events = await drain(createOpenAIChatProvider({ client: refused, model: "m", retry: false }).stream(input) as AsyncGenerator<Event, void, undefined>);
    expect(bridge(terminalOf(events))).toMatchObject({ errorCategory: "network", retryable: true });
    const timedOut = new OpenAI({ apiKey: GATEWAY_KEY, baseURL: "http://replay.invalid/v1", logLevel: "off", maxRetries: 0, timeout: 1, fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { name: "AbortError" })))) });
    const late = await drain(createOpenAIChatProvider({ client: timedOut, model: "m", retry: false }).stream(input) as AsyncGenerator<Event, void, undefined>);
    expect(bridge(terminalOf(late))?.errorCategory).toBe("timeout");
  });
});

describe("the retry policy (item 11)", () => {
  const ok = 'data: {"id":"c","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';

  it("a 429 with retry-after-ms, then success: one run, two requests, the wait the provider asked for", async () => {
    const { client, calls } = scripted([{ status: 429, body: JSON.stringify({ error: { code: "rate_limit_exceeded", message: "slow" } }), headers: { "retry-after-ms": "1" } }, { body: ok }]);
    const waits: number[] = [];
    const events = await drain(createOpenAIChatProvider({ client, model: "m", retry: { onRetry: (info) => waits.push(info.delayMs) } }).stream(input) as AsyncGenerator<Event, void, undefined>);
    await assertConformant(events);
    expect(terminalOf(events).type).toBe("RUN_FINISHED");
    expect(calls()).toBe(2);
    expect(waits).toEqual([1]);
  });

  it("the SDK's own retries are off: retry: false sends one request even to a client configured with maxRetries: 5", async () => {
    const { client, calls } = scripted([{ status: 500, body: JSON.stringify({ error: { message: "boom" } }) }], { maxRetries: 5 });
    const events = await drain(createOpenAIResponsesProvider({ client, model: "m", retry: false }).stream(input) as AsyncGenerator<Event, void, undefined>);
    expect(terminalOf(events).type).toBe("RUN_ERROR");
    expect(calls()).toBe(1);
  });

  it("not retried: an auth failure, and anything after the first chunk", async () => {
    const auth = scripted([{ status: 401, body: JSON.stringify({ error: { code: "invalid_api_key", message: "no" } }) }]);
    await drain(createOpenAIChatProvider({ client: auth.client, model: "m" }).stream(input) as AsyncGenerator<Event, void, undefined>);
    expect(auth.calls()).toBe(1);
    const cut = scripted([{ body: 'data: {"id":"c","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\ndata: {"id":' }]);
    const events = await drain(createOpenAIChatProvider({ client: cut.client, model: "m", retry: { initialDelayMs: 0 } }).stream(input) as AsyncGenerator<Event, void, undefined>);
    expect(terminalOf(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(cut.calls()).toBe(1);
  });
});

describe("configuration problems are reported at creation or by check() (item 12)", () => {
  it("an empty model throws ProviderConfigError from both factories", () => {
    const { client } = scripted([{ body: "" }]);
    expect(() => createOpenAIChatProvider({ client, model: "" })).toThrow(ProviderConfigError);
    expect(() => createOpenAIResponsesProvider({ client, model: " " })).toThrow(ProviderConfigError);
  });

  it("check(): ok for a real client with a key; a client without credentials is reported and warned about", () => {
    const { client } = scripted([{ body: "" }]);
    expect(createOpenAIChatProvider({ client, model: "m" }).check?.()).toEqual({ ok: true, problems: [] });
    const warnings: string[] = [];
    const keyless = { apiKey: "", chat: client.chat };
    const provider = createOpenAIChatProvider({ client: keyless, model: "m", onWarning: (w) => warnings.push(w.code) });
    expect(provider.check?.().problems.map((p) => p.code)).toEqual(["missing_credentials"]);
    expect(warnings).toEqual(["provider.missing-credentials"]);
  });
});

describe("property: hostile steps and undescribable throws over generated streams (items 7, 8)", () => {
  it.each(["chat", "responses"] as const)("%s: one terminal event, conformant, never an exception", async (format) => {
    const streams: fc.Arbitrary<unknown[]> = format === "chat" ? chatStream.map((s) => s.chunks) : responsesStream.map((s) => s.events);
    await counts.check(
      `${format}: hostile step or undescribable throw at any position → RUN_ERROR`,
      fc.asyncProperty(streams.chain((chunks) => fc.tuple(fc.constant(chunks), hostilePlan(chunks.length))), async ([chunks, plan]) => {
        const source = hostileSource(chunks, plan);
        await checkHostileRun(format === "chat" ? streamChatCompletions(source, ids()) : streamResponses(source, ids()));
        counts.add(`${format}: hostile positions tried`);
        counts.add(`${format}: hostile ${plan.kind} (${plan.value.label})`);
      }),
      80,
    );
  });
});

describe("the README's error table", () => {
  it("lists exactly the codes and categories the adapter uses", () => {
    expect(readmeErrorTable(new URL("../README.md", import.meta.url))).toEqual({ ...OPENAI_ERROR_CATEGORIES, ...OPENAI_ERROR_CLASS_CATEGORIES });
  });
});
