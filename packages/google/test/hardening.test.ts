/**
 * Issue 16, Google side: a `partialArgs` index far past the end of its array is malformed input
 * (RUN_ERROR, never one `null` per skipped index), the client's key and auth headers never reach
 * RUN_ERROR, every RUN_ERROR carries its category (with Google's RetryInfo delay), the retry
 * policy, `check()` / creation, and hostile steps or undescribable throws never escape. Counts go
 * to .reliability-counts.json (section "hardening.test.ts").
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import type { BaseEvent } from "@ag-ui/core";
import { createSequentialIds, ProviderConfigError, readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { checkHostileRun, createCounter, hostilePlan, hostileSource, readmeErrorTable } from "@agui-bridge/test-support";
import { GoogleGenAI } from "@google/genai";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  createGoogleProvider,
  describeGoogleError,
  GOOGLE_ERROR_CATEGORIES,
  MAX_ARRAY_GAP,
  PartialArgsError,
  PartialArgsWriter,
  streamGenerateContent,
} from "../src/index.js";
import { geminiStream } from "./arbitraries/gemini-stream.js";

vi.setConfig({ testTimeout: 120_000 });
const counter = createCounter("hardening.test.ts");
afterAll(() => counter.flush());

const KEY = "AIzaSyTestKey0123456789abcdefghij";
const HEADER_TOKEN = "proxy-token-abcdefghijkl";
const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }], tools: [], context: [], state: {}, forwardedProps: {} };

const parts = (list: unknown[], extra: Record<string, unknown> = {}): unknown => ({
  candidates: [{ content: { role: "model", parts: list }, index: 0, ...extra }],
  modelVersion: "gemini-test",
  responseId: "r1",
});
const stop = (list: unknown[] = []): unknown => parts(list, { finishReason: "STOP" });

async function collect(stream: AsyncIterable<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
async function* from(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  yield* chunks;
}
const last = (events: Event[]): Event & { code?: string } => events[events.length - 1] as Event & { code?: string };
const bridge = (event: Event) => readBridgeMetadata(event.metadata);

interface Reply {
  status?: number;
  body: string;
}

/** A real GoogleGenAI client whose requests get `replies` in order (the last one repeats). */
function scripted(replies: readonly Reply[]) {
  let calls = 0;
  const fetch = async (): Promise<Response> => {
    const reply = replies[Math.min(calls++, replies.length - 1)]!;
    return new Response(reply.body, { status: reply.status ?? 200, headers: { "content-type": reply.body.startsWith("{") ? "application/json" : "text/event-stream" } });
  };
  const client = new GoogleGenAI({ apiKey: KEY, httpOptions: { fetch, headers: { Authorization: `Bearer ${HEADER_TOKEN}` } } });
  return { client, calls: () => calls };
}

const okBody = `data: ${JSON.stringify(stop([{ text: "hi" }]))}\n\n`;
const apiError = (status: number, statusName: string, message: string, details: unknown[] = []): string =>
  JSON.stringify({ error: { code: status, message, status: statusName, details } });

describe("partialArgs index gaps are bounded (item 5)", () => {
  it("the writer refuses a huge index at once, and accepts a gap up to MAX_ARRAY_GAP", () => {
    const huge = new PartialArgsWriter();
    expect(() => huge.push({ jsonPath: "$.a[1099511627776]", value: { kind: "number", value: 1 }, willContinue: false })).toThrow(PartialArgsError);
    const small = new PartialArgsWriter();
    const text = small.push({ jsonPath: `$.a[${MAX_ARRAY_GAP}]`, value: { kind: "number", value: 1 }, willContinue: false }) + small.end();
    expect(JSON.parse(text)).toEqual({ a: [...Array<null>(MAX_ARRAY_GAP).fill(null), 1] });
    const over = new PartialArgsWriter();
    expect(() => over.push({ jsonPath: `$.a[${MAX_ARRAY_GAP + 1}]`, value: { kind: "number", value: 1 }, willContinue: false })).toThrow(PartialArgsError);
  });

  it("through the stream: RUN_ERROR invalid_tool_arguments, category invalid_response, the call closed", async () => {
    const events = await collect(
      streamGenerateContent(
        from([
          parts([{ functionCall: { name: "f", willContinue: true } }]),
          parts([{ functionCall: { partialArgs: [{ jsonPath: "$.a[1099511627776]", numberValue: 1 }], willContinue: true } }]),
          stop(),
        ]),
      ),
    );
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "invalid_tool_arguments" });
    expect(bridge(last(events))?.errorCategory).toBe("invalid_response");
  });

  it("property: any array index (up to 2^53) in a streamed call → bounded output, finished or invalid_tool_arguments", async () => {
    const index = fc.oneof(fc.nat({ max: 4 }), fc.integer({ min: MAX_ARRAY_GAP - 2, max: MAX_ARRAY_GAP + 2 }), fc.maxSafeNat(), fc.constant(1099511627776));
    await fc.assert(
      fc.asyncProperty(fc.array(index, { minLength: 1, maxLength: 4 }), async (indices) => {
        const partialArgs = indices.map((i, n) => ({ jsonPath: `$.a${n}[${i}]`, numberValue: n }));
        const events = await collect(
          streamGenerateContent(from([parts([{ functionCall: { name: "f", willContinue: true } }]), parts([{ functionCall: { partialArgs, willContinue: true } }]), stop()]), {
            generateId: createSequentialIds("id"),
          }),
        );
        await assertConformant(events);
        const end = last(events);
        const args = [...collectDeltas(events as BaseEvent[]).toolArgs.values()].join("");
        expect(args.length).toBeLessThan(indices.length * (MAX_ARRAY_GAP + 2) * 6 + 64);
        if (indices.some((i) => i > MAX_ARRAY_GAP)) expect(end).toMatchObject({ type: "RUN_ERROR", code: "invalid_tool_arguments" });
        else expect(end.type).toBe("RUN_FINISHED");
        counter.add("partialArgs indices tried", indices.length);
      }),
      { numRuns: 150 },
    );
    counter.add("property runs: huge partialArgs indices", 150);
  });
});

describe("no credential in any RUN_ERROR string, every RUN_ERROR categorized (items 1, 10)", () => {
  it("an error body echoing the API key and the auth header token never reaches the wire", async () => {
    const { client } = scripted([{ status: 400, body: apiError(400, "INVALID_ARGUMENT", `API key ${KEY} not valid; token ${HEADER_TOKEN}`, [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }]) }]);
    const events = await collect(createGoogleProvider({ client, model: "gemini", retry: false }).stream(input));
    await assertConformant(events);
    expect(JSON.stringify(events)).not.toContain(KEY);
    expect(JSON.stringify(events)).not.toContain(HEADER_TOKEN);
    expect(bridge(last(events))).toEqual({ errorCategory: "auth", retryable: false, status: 400 });
  });

  it("each documented status maps to its category; RetryInfo gives retryAfterMs; a long input is context_length", () => {
    for (const [status, category] of Object.entries(GOOGLE_ERROR_CATEGORIES)) {
      const described = describeGoogleError({ name: "ApiError", status: 400, message: apiError(400, status, "m", [{ reason: status }]) });
      expect(described.category, status).toBe(category);
    }
    const limited = describeGoogleError({ name: "ApiError", status: 429, message: apiError(429, "RESOURCE_EXHAUSTED", "quota", [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "30s" }]) });
    expect(limited).toMatchObject({ category: "rate_limit", retryAfterMs: 30_000, retryable: true, status: 429 });
    const long = describeGoogleError({ name: "ApiError", status: 400, message: apiError(400, "INVALID_ARGUMENT", "The input token count (2000000) exceeds the maximum number of tokens allowed (1048576).") });
    expect(long.category).toBe("context_length");
  });
});

describe("the retry policy (item 11)", () => {
  it("an overloaded answer, then success: two requests, one successful run (the Google SDK does not retry by itself)", async () => {
    const { client, calls } = scripted([{ status: 503, body: apiError(503, "UNAVAILABLE", "overloaded") }, { body: okBody }]);
    const events = await collect(createGoogleProvider({ client, model: "gemini", retry: { initialDelayMs: 1, jitter: false } }).stream(input));
    await assertConformant(events);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(calls()).toBe(2);
    const once = scripted([{ status: 503, body: apiError(503, "UNAVAILABLE", "overloaded") }]);
    await collect(createGoogleProvider({ client: once.client, model: "gemini", retry: false }).stream(input));
    expect(once.calls()).toBe(1);
  });
});

describe("configuration problems (item 12)", () => {
  it("an empty model throws at creation; a Gemini API client without a key is reported by check() and warned about; Vertex AI is not", () => {
    const { client } = scripted([{ body: okBody }]);
    expect(() => createGoogleProvider({ client, model: "" })).toThrow(ProviderConfigError);
    expect(createGoogleProvider({ client, model: "gemini" }).check?.().ok).toBe(true);
    const quiet = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const saved = { g: process.env.GEMINI_API_KEY, k: process.env.GOOGLE_API_KEY };
    delete process.env.GEMINI_API_KEY;
    delete process.env.GOOGLE_API_KEY;
    try {
      const warnings: string[] = [];
      const keyless = createGoogleProvider({ client: new GoogleGenAI({}), model: "gemini", onWarning: (w) => warnings.push(w.code) });
      expect(keyless.check?.().problems.map((p) => p.code)).toEqual(["missing_credentials"]);
      expect(warnings).toEqual(["provider.missing-credentials"]);
      const vertex = createGoogleProvider({ client: new GoogleGenAI({ vertexai: true, project: "p", location: "us-central1" }), model: "gemini" });
      expect(vertex.check?.().ok).toBe(true);
    } finally {
      if (saved.g !== undefined) process.env.GEMINI_API_KEY = saved.g;
      if (saved.k !== undefined) process.env.GOOGLE_API_KEY = saved.k;
      quiet.mockRestore();
    }
  });
});

describe("property: hostile steps and undescribable throws over generated streams (items 7, 8)", () => {
  it("one terminal event, conformant, never an exception", async () => {
    await fc.assert(
      fc.asyncProperty(geminiStream.chain((stream) => fc.tuple(fc.constant(stream.chunks as unknown[]), hostilePlan(stream.chunks.length))), async ([chunks, plan]) => {
        await checkHostileRun(streamGenerateContent(hostileSource(chunks, plan), { generateId: createSequentialIds("id") }));
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
    expect(readmeErrorTable(new URL("../README.md", import.meta.url))).toEqual({ ...GOOGLE_ERROR_CATEGORIES });
  });
});
