/**
 * A `Response` with an HTTP error status handed to the raw path (a client that fetched the
 * request itself) is read as `@google/genai` reads it: before, its JSON error body was taken for an
 * SSE stream cut inside a frame, RUN_ERROR `stream_truncated`, marked retryable, so the retry
 * policy would resend a request the API had refused as invalid. The bodies are hand-made in the
 * shape the Gemini API answers (a pretty-printed `google.rpc.Status` JSON).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { ApiError, GoogleGenAI } from "@google/genai";
import { createGoogleProvider, describeGoogleError, streamGenerateContentFromResponse } from "../src/index.js";
import { collect } from "./support/collect.js";

const ids = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r" });
const invalid = JSON.stringify(
  {
    error: {
      code: 400,
      message: "Invalid JSON payload received. Unknown name \"response_format\" at 'generation_config': Cannot find field.",
      status: "INVALID_ARGUMENT",
      details: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: "generation_config" }] }],
    },
  },
  null,
  2,
);

const terminal = (events: Event[]) => events.at(-1) as Event & { code?: string; message?: string; metadata?: unknown };

describe("the raw path reads an HTTP error response as the SDK does", () => {
  it("a 400 INVALID_ARGUMENT JSON body: RUN_ERROR code 400, the API's status and message, not retryable", async () => {
    const events = await collect(streamGenerateContentFromResponse(new Response(invalid, { status: 400, headers: { "content-type": "application/json; charset=UTF-8" } }), ids()));
    await assertConformant(events);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "400" });
    expect(end.message).toContain("INVALID_ARGUMENT: Invalid JSON payload received.");
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ status: 400, retryable: false });
  });

  it("a 400 saying the request payload exceeds the size limit (inline media too large) is request_too_large, not retryable", async () => {
    // The Gemini API answers an oversized body with HTTP 400 INVALID_ARGUMENT, not 413.
    const tooLarge = JSON.stringify({ error: { code: 400, message: "Request payload size exceeds the limit: 20971520 bytes.", status: "INVALID_ARGUMENT" } }, null, 2);
    const events = await collect(streamGenerateContentFromResponse(new Response(tooLarge, { status: 400, headers: { "content-type": "application/json; charset=UTF-8" } }), ids()));
    await assertConformant(events);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "400" });
    expect(end.message).toBe("INVALID_ARGUMENT: Request payload size exceeds the limit: 20971520 bytes.");
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "request_too_large", status: 400, retryable: false });
  });

  it("an error page that is not JSON keeps its status (503 stays retryable), opened through a function too", async () => {
    let attempts = 0;
    const open = async (): Promise<Response> => {
      attempts += 1;
      return new Response("<html>Service Unavailable</html>", { status: 503, statusText: "Service Unavailable", headers: { "content-type": "text/html" } });
    };
    const events = await collect(streamGenerateContentFromResponse(open, ids()));
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "503" });
    expect(readBridgeMetadata(terminal(events).metadata)).toMatchObject({ status: 503, retryable: true });
    expect(attempts).toBe(1);
  });

  it("a Response given as it is (not a function opening one) is read once: a retry policy does not read it again", async () => {
    const unavailable = JSON.stringify({ error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } });
    const response = new Response(unavailable, { status: 503, headers: { "content-type": "application/json" } });
    const events = await collect(streamGenerateContentFromResponse(response, { ...ids(), retry: { policy: { maxRetries: 2 }, describe: describeGoogleError, sleep: async () => undefined } }));
    await assertConformant(events);
    // Before, the retry read the spent body again: the API's message was lost.
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "503" });
    expect(terminal(events).message).toContain("UNAVAILABLE: The model is overloaded.");
  });

  it("an ok response is streamed as before", async () => {
    const body = 'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"finishReason":"STOP","index":0}],"responseId":"r1"}\r\n\r\n';
    const events = await collect(streamGenerateContentFromResponse(new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }), ids()));
    await assertConformant(events);
    expect(terminal(events).type).toBe("RUN_FINISHED");
  });
});

/**
 * A streaming request's error response comes as `text/event-stream` (seen in a recorded Gemini
 * API 400 on `streamGenerateContent?alt=sse`; js-genai#346), so the SDK does not parse it: it
 * embeds the body as text in `{ error: { message: "<body>", code, status: "<status text>" } }`.
 * Before, RUN_ERROR read that wrapper: the message was the status text and the JSON body, and the
 * reasons and retry delay inside the body were lost (an invalid key read as a bad request, a
 * quota error without its retry-after).
 */
describe("an error body sent as text/event-stream is read for the API's own error", () => {
  const sseError = (status: number, statusText: string, error: Record<string, unknown>) =>
    new Response(JSON.stringify({ error }, null, 2), { status, statusText, headers: { "content-type": "text/event-stream" } });

  it("a 429 RESOURCE_EXHAUSTED: the API's status and message, the RetryInfo delay as retry-after", async () => {
    const body = sseError(429, "Too Many Requests", {
      code: 429,
      message: "You exceeded your current quota.",
      status: "RESOURCE_EXHAUSTED",
      details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "7s" }],
    });
    const events = await collect(streamGenerateContentFromResponse(body, ids()));
    await assertConformant(events);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "429", message: "RESOURCE_EXHAUSTED: You exceeded your current quota." });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ status: 429, retryAfterMs: 7000, retryable: true });
  });

  it("a 400 whose reason is API_KEY_INVALID is an auth error, not a bad request", async () => {
    const body = sseError(400, "Bad Request", {
      code: 400,
      message: "API key not valid. Please pass a valid API key.",
      status: "INVALID_ARGUMENT",
      details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
    });
    const events = await collect(streamGenerateContentFromResponse(body, ids()));
    await assertConformant(events);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "400", message: "INVALID_ARGUMENT: API key not valid. Please pass a valid API key." });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "auth", retryable: false });
  });

  it("a text body that is not JSON keeps the wrapper's reading", async () => {
    const body = new Response("upstream connect error", { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/event-stream" } });
    const events = await collect(streamGenerateContentFromResponse(body, ids()));
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "502", message: "Bad Gateway: upstream connect error" });
  });

  it("the SDK path reads the ApiError the SDK builds for such a response the same way", () => {
    const body = JSON.stringify({ error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED", details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "1.5s" }] } }, null, 2);
    // What throwErrorIfNotOK throws for a response whose content type is not application/json.
    const error = new ApiError({ message: JSON.stringify({ error: { message: body, code: 429, status: "Too Many Requests" } }), status: 429 });
    expect(describeGoogleError(error)).toMatchObject({ code: "429", message: "RESOURCE_EXHAUSTED: Quota exceeded", category: "rate_limit", retryAfterMs: 1500, retryable: true });
  });
});

describe("an HTTP error response whose body stalls", () => {
  it("an abort ends the run cancelled and cancels the body (the error read does not hold it)", async () => {
    let cancelled = false;
    let waiting: () => void = () => undefined;
    const secondRead = new Promise<void>((resolve) => (waiting = resolve));
    let pulls = 0;
    const stalled = new ReadableStream<Uint8Array>({
      pull(controller) {
        // The first read gets part of the body; the next one waits for bytes that never come.
        if (++pulls === 1) controller.enqueue(new TextEncoder().encode('{"error": {"code": 500'));
        else {
          waiting();
          return new Promise<void>(() => undefined);
        }
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const response = new Response(stalled, { status: 500, headers: { "content-type": "application/json" } });
    const running = collect(streamGenerateContentFromResponse(response, { ...ids(), signal: controller.signal }));
    await secondRead;
    controller.abort();
    const events = await running;
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    await Promise.resolve();
    expect(cancelled).toBe(true);
  });
});

describe("createGoogleProvider({ fast: true }): an error answer the SDK reads", () => {
  it("is read bounded: a large error body gives RUN_ERROR with its status, and is cancelled", async () => {
    let cancelled = false;
    let pulls = 0;
    let calls = 0;
    const fetch = async (): Promise<Response> => {
      calls++;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          // 1 MiB, then the end (an endless body would hold a regression here forever).
          if (++pulls > 64) controller.close();
          else controller.enqueue(new Uint8Array(16 * 1024).fill(0x61));
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(endless, { status: 500, headers: { "content-type": "text/plain" } });
    };
    const client = new GoogleGenAI({ apiKey: "test", httpOptions: { fetch, retryOptions: { attempts: 1 } } });
    const provider = createGoogleProvider({ client, fetch, model: "gemini-2.5-flash", fast: true, generateId: createSequentialIds("id") });
    const events = await collect(provider.stream({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] }));
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "500" });
    expect(cancelled).toBe(true);
    // Each answer read to at most ERROR_BODY_LIMIT (64 KiB: four 16 KiB reads, and the one queued ahead).
    expect(calls).toBeGreaterThan(0);
    expect(pulls).toBeLessThanOrEqual(calls * 6);
  });
});

/**
 * A body answered with HTTP 200 that is a JSON document, not SSE: an error object (a proxy in front
 * of the API) is read as the in-band error it is; a JSON array of chunks is what
 * `streamGenerateContent` sends without `alt=sse`, and RUN_ERROR says so instead of "truncated".
 */
describe("a JSON document answered with HTTP 200 on the raw path", () => {
  const ok = (body: string) => new Response(body, { status: 200, headers: { "content-type": "application/json" } });

  it("an error object: the API's status and message, classified", async () => {
    const events = await collect(streamGenerateContentFromResponse(ok(JSON.stringify({ error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } }, null, 2)), ids()));
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "429" });
    expect(terminal(events).message).toContain("Quota exceeded");
    expect(readBridgeMetadata(terminal(events).metadata)).toMatchObject({ errorCategory: "rate_limit", retryable: true });
  });

  it("a JSON array of chunks (no alt=sse) is not_event_stream, naming alt=sse", async () => {
    const chunks = [{ candidates: [{ content: { role: "model", parts: [{ text: "Hi" }] }, finishReason: "STOP" }] }];
    const events = await collect(streamGenerateContentFromResponse(ok(JSON.stringify(chunks, null, 2)), ids()));
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "not_event_stream" });
    expect(terminal(events).message).toContain("alt=sse");
    expect(readBridgeMetadata(terminal(events).metadata)).toMatchObject({ errorCategory: "invalid_response", retryable: false });
  });
});
