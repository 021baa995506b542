/**
 * Issue 16, Anthropic side: in-band `error` events are described and redacted like thrown errors,
 * an `authToken` (Bearer) and custom auth headers are secrets, every RUN_ERROR carries its
 * category, the retry policy replaces the SDK's, `check()` / creation report configuration
 * problems, and hostile steps or undescribable throws never escape. Counts go to
 * .reliability-counts.json (section "hardening.test.ts").
 */
import Anthropic from "@anthropic-ai/sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, ProviderConfigError, readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { checkHostileRun, createCounter, hostilePlan, hostileSource, readmeErrorTable } from "@agui-bridge/test-support";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ANTHROPIC_ERROR_CATEGORIES, ANTHROPIC_ERROR_CLASS_CATEGORIES, createAnthropicProvider, describeAnthropicError, streamMessages } from "../src/index.js";
import { messageStream } from "./arbitraries/message-stream.js";

vi.setConfig({ testTimeout: 120_000 });
const counter = createCounter("hardening.test.ts");
afterAll(() => counter.flush());

const AUTH_TOKEN = "oauth-bearer-token-0123456789";
const HEADER_KEY = "proxy-key-abcdefghijkl";
const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }], tools: [], context: [], state: {}, forwardedProps: {} };

interface Reply {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}

/** A real Anthropic client (auth token, custom auth header) whose requests get `replies` in order. */
function scripted(replies: readonly Reply[], options: Partial<ConstructorParameters<typeof Anthropic>[0]> = {}) {
  let calls = 0;
  const client = new Anthropic({
    apiKey: null,
    authToken: AUTH_TOKEN,
    baseURL: "http://replay.invalid",
    defaultHeaders: { "x-api-key": HEADER_KEY },
    logLevel: "off",
    ...options,
    fetch: async () => {
      const reply = replies[Math.min(calls++, replies.length - 1)]!;
      return new Response(reply.body, {
        status: reply.status ?? 200,
        headers: { "content-type": reply.body.startsWith("{") ? "application/json" : "text/event-stream", ...reply.headers },
      });
    },
  });
  return { client, calls: () => calls };
}

async function collect(stream: AsyncIterable<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const last = (events: Event[]): Event & { code?: string; message?: string } => events[events.length - 1] as Event & { code?: string };
const bridge = (event: Event) => readBridgeMetadata(event.metadata);
const leaks = (events: Event[]): boolean => JSON.stringify(events).includes(AUTH_TOKEN) || JSON.stringify(events).includes(HEADER_KEY);

const ok = [
  'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":0}}}\n\n',
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}\n\n',
  'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}\n\n',
  'event: message_stop\ndata: {"type":"message_stop"}\n\n',
].join("");

describe("no credential in any RUN_ERROR string (items 3, 4)", () => {
  it("an in-band `error` event the mapper reads is redacted (patterns and the client's credentials) and categorized", async () => {
    const events = await collect(
      streamMessages(
        (async function* () {
          yield { type: "error", error: { type: "overloaded_error", message: `sk-ant-api03-abcdefghijklmnop and ${AUTH_TOKEN}` } };
        })(),
        { secrets: [AUTH_TOKEN] },
      ),
    );
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error" });
    expect(JSON.stringify(events)).not.toMatch(/sk-ant-api03|oauth-bearer/);
    expect(bridge(last(events)!)).toEqual({ errorCategory: "overloaded", retryable: true });
  });

  it("an authToken and a custom auth header echoed in an HTTP error body and in an SSE error frame never reach the wire", async () => {
    const body = JSON.stringify({ type: "error", error: { type: AUTH_TOKEN, message: `token ${AUTH_TOKEN}, key ${HEADER_KEY}` } });
    const frame = `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "api_error", message: `echo ${AUTH_TOKEN} ${HEADER_KEY}` } })}\n\n`;
    for (const reply of [{ status: 401, body }, { body: frame }]) {
      const { client } = scripted([reply]);
      const events = await collect(createAnthropicProvider({ client, model: "claude", maxTokens: 16, retry: false }).stream(input));
      await assertConformant(events);
      expect(last(events).type).toBe("RUN_ERROR");
      expect(leaks(events)).toBe(false);
    }
  });
});

describe("every RUN_ERROR has a category (item 10)", () => {
  it("each documented error type maps to its category; a long prompt is context_length; spend limits are quota", () => {
    for (const [type, category] of Object.entries(ANTHROPIC_ERROR_CATEGORIES)) {
      const described = describeAnthropicError({ type: "error", error: { type, message: "m" } });
      if (!type.endsWith("_reached") && !type.startsWith("linked_organization_")) expect(described.category, type).toBe(category);
    }
    expect(describeAnthropicError({ status: 400, type: "invalid_request_error", apiMessage: "prompt is too long: 210000 tokens > 200000 maximum" }).category).toBe("context_length");
    expect(describeAnthropicError({ status: 429, type: "rate_limit_error", error: { error: { type: "rate_limit_error", details: { error_code: "enforced_spend_limit_reached" } } } }).category).toBe("quota");
    // The other spend limits of @anthropic-ai/sdk 1.17.0's ErrorDetails (ContractSpendLimitReachedError is a 429,
    // the linked organization's a 402): not retryable, whatever the status says.
    for (const [status, type, code] of [
      [429, "rate_limit_error", "contract_spend_limit_reached"],
      [402, "billing_error", "linked_organization_spend_limit_reached"],
      [402, "billing_error", "linked_organization_billing_unavailable"],
    ] as const) {
      expect(describeAnthropicError({ status, type, errorCode: code, error: { error: { type, details: { error_code: code } } } }), code).toMatchObject({ category: "quota", retryable: false });
    }
    // A ramp limit is a rate limit: retry after the time in retry-after.
    expect(describeAnthropicError({ status: 429, type: "rate_limit_error", errorCode: "ramp_limit_exceeded" })).toMatchObject({ category: "rate_limit", retryable: true });
    // Claude on Vertex AI, Google's error shape: the status name is the code.
    expect(describeAnthropicError({ status: 429, error: { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } } })).toMatchObject({ code: "RESOURCE_EXHAUSTED", category: "rate_limit", status: 429 });
  });

  it("through the real SDK: a 529 with retry-after, a refused connection", async () => {
    const { client } = scripted([{ status: 529, body: JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }), headers: { "retry-after": "2" } }]);
    const events = await collect(createAnthropicProvider({ client, model: "claude", maxTokens: 16, retry: false }).stream(input));
    expect(bridge(last(events))).toEqual({ errorCategory: "overloaded", retryable: true, status: 529, retryAfterMs: 2000 });
    const refused = new Anthropic({ apiKey: "sk-ant-test-1234567890", baseURL: "http://replay.invalid", maxRetries: 0, logLevel: "off", fetch: async () => { throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }); } });
    const net = await collect(createAnthropicProvider({ client: refused, model: "claude", maxTokens: 16, retry: false }).stream(input));
    expect(bridge(last(net))?.errorCategory).toBe("network");
  });
});

describe("the retry policy (item 11)", () => {
  it("an overloaded answer, then success: two requests, one successful run; the SDK's own retries off", async () => {
    const { client, calls } = scripted([{ status: 529, body: JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }), headers: { "retry-after-ms": "1" } }, { body: ok }]);
    const events = await collect(createAnthropicProvider({ client, model: "claude", maxTokens: 16 }).stream(input));
    await assertConformant(events);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(calls()).toBe(2);
    const off = scripted([{ status: 500, body: JSON.stringify({ type: "error", error: { type: "api_error", message: "boom" } }) }], { maxRetries: 4 });
    await collect(createAnthropicProvider({ client: off.client, model: "claude", maxTokens: 16, retry: false }).stream(input));
    expect(off.calls()).toBe(1);
  });
});

describe("configuration problems (item 12)", () => {
  it("an empty model throws at creation; a client without apiKey, authToken or auth header is reported by check() and warned about", () => {
    const { client } = scripted([{ body: ok }]);
    expect(() => createAnthropicProvider({ client, model: "", maxTokens: 16 })).toThrow(ProviderConfigError);
    expect(createAnthropicProvider({ client, model: "claude", maxTokens: 16 }).check?.().ok).toBe(true);
    const warnings: string[] = [];
    const bare = new Anthropic({ apiKey: null, authToken: null, baseURL: "http://replay.invalid", logLevel: "off" });
    const provider = createAnthropicProvider({ client: bare, model: "claude", maxTokens: 16, onWarning: (w) => warnings.push(w.code) });
    expect(provider.check?.().problems.map((p) => p.code)).toEqual(["missing_credentials"]);
    expect(warnings).toEqual(["provider.missing-credentials"]);
  });
});

describe("property: hostile steps and undescribable throws over generated streams (items 7, 8)", () => {
  it("one terminal event, conformant, never an exception", async () => {
    await fc.assert(
      fc.asyncProperty(messageStream.chain((stream) => fc.tuple(fc.constant(stream.chunks), hostilePlan(stream.chunks.length))), async ([chunks, plan]) => {
        await checkHostileRun(streamMessages(hostileSource(chunks, plan), { generateId: createSequentialIds("id") }));
        counter.add("hostile step / undescribable throw positions tried");
        counter.add(`hostile ${plan.kind} (${plan.value.label})`);
      }),
      { numRuns: 80 },
    );
    counter.add("property runs: hostile steps and throws", 80);
  });
});

describe("the README's error table", () => {
  it("lists exactly the codes and categories the adapter uses", () => {
    expect(readmeErrorTable(new URL("../README.md", import.meta.url))).toEqual({ ...ANTHROPIC_ERROR_CATEGORIES, ...ANTHROPIC_ERROR_CLASS_CATEGORIES });
  });
});
