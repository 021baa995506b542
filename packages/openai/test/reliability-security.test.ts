/**
 * The OpenAI-specific security checks of issue 8: RAW passthrough only when asked for; no URL
 * source is ever fetched (request converters and provider factories); RUN_ERROR never carries the
 * API key or request headers. Counts go to .reliability-counts.json (section "openai-security").
 */
import { EmptyRequestError, type ContentPart, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import http from "node:http";
import https from "node:https";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  createOpenAIChatProvider,
  createOpenAIResponsesProvider,
  streamChatCompletions,
  streamResponses,
  toChatCompletionsRequest,
  toResponsesRequest,
} from "../src/index.js";
import { chatStream } from "./arbitraries/chat-stream.js";
import { insertAt } from "./arbitraries/hostile.js";
import { responsesStream } from "./arbitraries/responses-stream.js";
import { anyText } from "./arbitraries/text.js";
import { assertWellFormed, drain, ids, terminalOf, toSSE, trackedSource } from "./support/reliability-harness.js";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { bytesClient } from "./support/sdk-bytes.js";

vi.setConfig({ testTimeout: 120_000 });

const counts = new ReliabilityCounts("openai-security");
afterAll(() => counts.write());
afterEach(() => vi.restoreAllMocks());

const withoutRaw = (events: readonly Event[]): Event[] => events.filter((e) => e.type !== "RAW");

describe("RAW passthrough is off unless emitRawEvents", () => {
  it("Chat: unmodelled chunks give no RAW by default; with emitRawEvents each becomes one RAW and nothing else changes", async () => {
    const unmodelled = fc.constantFrom<Record<string, unknown>>(
      { choices: [], id: "", model: "", prompt_filter_results: [{ prompt_index: 0 }] },
      { choices: [], note: "keep-alive" },
      { choices: [], usage: null, secret_looking: "sk-not-a-key-but-raw" },
    );
    await counts.check(
      "Chat: RAW only with emitRawEvents, exactly the unmodelled chunks",
      fc.asyncProperty(chatStream, fc.array(fc.record({ draw: fc.nat(), item: unmodelled }), { maxLength: 4 }), async (stream, extra) => {
        const chunks = insertAt(stream.chunks, extra);
        const quiet = await drain(streamChatCompletions(trackedSource(chunks), ids()));
        const off = await drain(streamChatCompletions(trackedSource(chunks), { ...ids(), emitRawEvents: false }));
        expect(quiet.filter((e) => e.type === "RAW")).toEqual([]);
        expect(off).toEqual(quiet);
        const loud = await drain(streamChatCompletions(trackedSource(chunks), { ...ids(), emitRawEvents: true }));
        await assertWellFormed(loud);
        const expectedRaw = chunks.filter((c) => Array.isArray(c.choices) && c.choices.length === 0 && (typeof c.usage !== "object" || c.usage === null));
        expect(loud.filter((e) => e.type === "RAW")).toEqual(expectedRaw.map((event) => ({ type: "RAW", event, source: "openai" })));
        expect(withoutRaw(loud)).toEqual(quiet);
      }),
      60,
    );
  });

  it("Responses: unknown and progress events give no RAW by default; with emitRawEvents each unknown one is a RAW and nothing else changes", async () => {
    const unknown = fc.constantFrom<Record<string, unknown>>(
      { type: "response.future_feature.delta", delta: "?" },
      { type: "response.audio.delta", delta: "AAAA" },
      { type: "response.code_interpreter_call.interpreting", item_id: "x", output_index: 0 },
    );
    await counts.check(
      "Responses: RAW only with emitRawEvents, every unknown event included",
      fc.asyncProperty(responsesStream, fc.array(fc.record({ draw: fc.nat(), item: unknown }), { maxLength: 4 }), async (stream, extra) => {
        // Inserted before the last event so the run is still live when they arrive.
        const events = [...insertAt(stream.events.slice(0, -1), extra), stream.events[stream.events.length - 1]!];
        const quiet = await drain(streamResponses(trackedSource(events), ids()));
        expect(quiet.filter((e) => e.type === "RAW")).toEqual([]);
        const loud = await drain(streamResponses(trackedSource(events), { ...ids(), emitRawEvents: true }));
        await assertWellFormed(loud);
        const raw = loud.filter((e) => e.type === "RAW") as Array<Event & { event: unknown; source?: string }>;
        for (const { item } of extra) expect(raw.filter((e) => e.event === item).length).toBeGreaterThanOrEqual(1);
        expect(raw.every((e) => e.source === "openai")).toBe(true);
        expect(withoutRaw(loud)).toEqual(quiet);
      }),
      60,
    );
  });
});

describe("no URL source is ever fetched", () => {
  const url = fc.webUrl({ withQueryParameters: true }).map((u) => `${u}#agui-probe`);
  const mediaPart: fc.Arbitrary<ContentPart> = fc.oneof(
    url.map((value) => ({ type: "image", source: { type: "url", value } }) as ContentPart),
    url.map((value) => ({ type: "image", source: { type: "url", value, mimeType: "image/png" } }) as ContentPart),
    url.map((value) => ({ type: "document", source: { type: "url", value, mimeType: "application/pdf" } }) as ContentPart),
    url.map((value) => ({ type: "audio", source: { type: "url", value, mimeType: "audio/wav" } }) as ContentPart),
    url.map((value) => ({ type: "video", source: { type: "url", value } }) as ContentPart),
    anyText.map((text) => ({ type: "text", text }) as ContentPart),
  );
  const conversation: fc.Arbitrary<Message[]> = fc
    .array(fc.tuple(fc.constantFrom("user", "assistant-tool"), fc.array(mediaPart, { minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 4 })
    .map((turns) =>
      turns.flatMap(([kind, parts], i): Message[] =>
        kind === "user"
          ? [{ id: `u${i}`, role: "user", content: parts }]
          : [
              { id: `a${i}`, role: "assistant", content: "", toolCalls: [{ id: `call_${i}`, type: "function", function: { name: "look", arguments: "{}" } }] },
              { id: `t${i}`, role: "tool", toolCallId: `call_${i}`, content: parts },
            ],
      ),
    );

  function spies() {
    return [vi.spyOn(globalThis, "fetch"), vi.spyOn(http, "request"), vi.spyOn(http, "get"), vi.spyOn(https, "request"), vi.spyOn(https, "get")];
  }

  it("the request converters (both APIs) never fetch: URLs are passed as URLs or dropped with a warning", async () => {
    await counts.check(
      "request converters with URL sources → no fetch/http(s) call",
      fc.asyncProperty(conversation, async (messages) => {
        const watched = spies();
        const input: RunAgentInput = { threadId: "t", runId: "r", messages };
        // Nothing left to send is a clear error (EmptyRequestError), not a request: nothing fetched either.
        let chat: ReturnType<typeof toChatCompletionsRequest> | undefined;
        try {
          chat = toChatCompletionsRequest(input, { model: "m" });
        } catch (error) {
          expect(error).toBeInstanceOf(EmptyRequestError);
        }
        const responses = toResponsesRequest(input, { model: "m" });
        await new Promise((resolve) => setTimeout(resolve, 0));
        for (const spy of watched) expect(spy).not.toHaveBeenCalled();
        // Every URL either travels as the same string or was dropped with a warning.
        const urls = messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).flatMap((p) => ("source" in p && p.source.type === "url" ? [p.source.value] : []));
        for (const request of chat === undefined ? [responses] : [chat, responses]) {
          const body = JSON.stringify(request.params);
          const dropped = request.warnings.length;
          for (const u of urls) if (!body.includes(JSON.stringify(u).slice(1, -1))) expect(dropped).toBeGreaterThan(0);
        }
        vi.restoreAllMocks();
        counts.add("no fetch: URL sources converted", urls.length * 2);
      }),
      100,
    );
  });

  it("the provider factories request only the API endpoint, never a source URL", async () => {
    await counts.check(
      "provider factories with URL sources → only the API endpoint is requested",
      fc.asyncProperty(conversation, fc.boolean(), async (messages, useResponses) => {
        const watched = spies();
        const requested: string[] = [];
        const input: RunAgentInput = { threadId: "t", runId: "r", messages };
        const body = useResponses
          ? toSSE([{ type: "response.created", response: { id: "r" } }, { type: "response.completed", response: { id: "r", status: "completed" } }], "responses")
          : toSSE([{ id: "c", model: "m", choices: [{ index: 0, delta: { content: "ok" }, finish_reason: "stop" }] }], "chat");
        const client = bytesClient(body, { onRequest: (u) => requested.push(u) });
        const provider = useResponses ? createOpenAIResponsesProvider({ client, model: "m", retry: false, ...ids() }) : createOpenAIChatProvider({ client, model: "m", retry: false, ...ids() });
        const events = await drain(provider.stream(input) as AsyncGenerator<Event, void, undefined>);
        await assertWellFormed(events);
        // Input with nothing Chat can take fails with empty_request before any request is made.
        const empty = events.some((e) => e.type === "RUN_ERROR" && (e as { code?: string }).code === "empty_request");
        expect(requested).toEqual(empty ? [] : [useResponses ? "http://replay.invalid/v1/responses" : "http://replay.invalid/v1/chat/completions"]);
        for (const spy of watched) expect(spy).not.toHaveBeenCalled();
        vi.restoreAllMocks();
      }),
      40,
    );
  });
});

describe("RUN_ERROR never carries the API key or request headers", () => {
  const apiKey = fc.tuple(fc.constantFrom("sk-", "sk-proj-", "sk-svcacct-"), fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".split("")), minLength: 24, maxLength: 48 })).map(([p, s]) => `${p}${s}`);
  const headerValue = fc.string({ unit: fc.constantFrom(..."abcdefXYZ0123456789".split("")), minLength: 16, maxLength: 24 }).map((s) => `hdr-${s}`);

  function assertNoSecret(events: readonly Event[], secrets: readonly string[]): void {
    const wire = JSON.stringify(events);
    for (const secret of secrets) expect(wire).not.toContain(secret);
    expect(wire).not.toMatch(/Bearer\s/);
  }

  it("HTTP errors opening the request (provider factories): status/code kept, key and headers never on the wire, even when the body echoes the key", async () => {
    await counts.check(
      "HTTP error with the key echoed → RUN_ERROR without key or request headers",
      fc.asyncProperty(apiKey, headerValue, fc.constantFrom(400, 401, 403, 404, 429, 500, 503), fc.boolean(), fc.boolean(), async (key, header, status, echo, useResponses) => {
        const message = echo ? `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.` : "Rate limit reached.";
        const errorBody = JSON.stringify({ error: { message, type: "invalid_request_error", param: null, code: echo ? "invalid_api_key" : "rate_limit_exceeded" } });
        const client = bytesClient(errorBody, { status, contentType: "application/json", apiKey: key, defaultHeaders: { "x-custom-secret": header }, responseHeaders: { "x-request-id": "req_abc" } });
        const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }] };
        const provider = useResponses ? createOpenAIResponsesProvider({ client, model: "m", retry: false, ...ids() }) : createOpenAIChatProvider({ client, model: "m", retry: false, ...ids() });
        const events = await drain(provider.stream(input) as AsyncGenerator<Event, void, undefined>);
        await assertWellFormed(events);
        const end = terminalOf(events);
        expect(end).toMatchObject({ type: "RUN_ERROR", code: echo ? "invalid_api_key" : "rate_limit_exceeded" });
        // RUN_STARTED echoes the input (the user's own messages); the secrets must appear nowhere.
        assertNoSecret(events, [key, header]);
        counts.add("secrets: HTTP error responses tried");
      }),
      60,
    );
  });

  it("error frames mid-stream through the SDK: key and headers never on the wire", async () => {
    await counts.check(
      "mid-stream error frame with the key echoed → RUN_ERROR without key or headers",
      fc.asyncProperty(apiKey, headerValue, fc.boolean(), fc.boolean(), async (key, header, echo, useResponses) => {
        const error = { message: echo ? `Key ${key} was revoked (authorization: Bearer ${key})` : "server error", type: "server_error", code: "internal_error", param: null };
        const body = useResponses
          ? toSSE([{ type: "response.created", response: { id: "r" } }], "responses") + `event: error\ndata: ${JSON.stringify({ ...error, type: "error" })}\n\n`
          : toSSE([{ id: "c", model: "m", choices: [{ index: 0, delta: { content: "partial" } }] }], "chat", { done: false }) + `data: ${JSON.stringify({ error })}\n\n`;
        const client = bytesClient(body, { apiKey: key, defaultHeaders: { "x-custom-secret": header } });
        const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "hi" }] };
        const provider = useResponses ? createOpenAIResponsesProvider({ client, model: "m", retry: false, ...ids() }) : createOpenAIChatProvider({ client, model: "m", retry: false, ...ids() });
        const events = await drain(provider.stream(input) as AsyncGenerator<Event, void, undefined>);
        await assertWellFormed(events);
        expect(terminalOf(events).type).toBe("RUN_ERROR");
        assertNoSecret(events, [key, header]);
        counts.add("secrets: error frames tried");
      }),
      60,
    );
  });

  // Regression (found by the reliability run, now fixed; describe-openai-error.ts / create-openai-providers.ts): redaction is pattern-based only
  // (redactSecrets: sk-…, Bearer …, api-key=… shapes). A key of another shape — an Azure OpenAI key
  // is 32 hex characters — echoed by the server in its error message reaches RUN_ERROR.message
  // verbatim, although the provider factory holds the client and so knows `client.apiKey` and could
  // redact it.
  it("a non-sk key (Azure-style, 32 hex) echoed in an HTTP error body is redacted from RUN_ERROR", async () => {
    const key = "0123456789abcdef0123456789abcdef";
    const errorBody = JSON.stringify({ error: { code: "401", message: `Access denied due to invalid subscription key ${key}.` } });
    const client = bytesClient(errorBody, { status: 401, contentType: "application/json", apiKey: key });
    const provider = createOpenAIChatProvider({ client, model: "m", retry: false, ...ids() });
    const events = await drain(provider.stream({ threadId: "t", runId: "r", messages: [] }) as AsyncGenerator<Event, void, undefined>);
    expect(terminalOf(events).type).toBe("RUN_ERROR");
    expect(JSON.stringify(events)).not.toContain(key);
  });
});
