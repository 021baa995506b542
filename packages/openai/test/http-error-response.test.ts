/**
 * The raw path handed an HTTP error answer (a plain `fetch`, a gateway's error page): RUN_ERROR
 * says what the provider said, with its status, code and retryability, as the SDK path does for
 * the same answer. Before, the error body was read as SSE and reported as a truncated stream
 * (retryable), so a retry policy resent a request the provider had refused.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamChatCompletionsFromResponse, streamResponsesFromResponse } from "../src/index.js";
import { collect } from "./support/collect.js";

type RunError = { type: string; message: string; code?: string; metadata?: { "agui-bridge"?: Record<string, unknown> } };

async function runError(events: AsyncIterable<unknown>): Promise<RunError> {
  const all = await collect(events as never);
  await assertConformant(all);
  expect(all.map((e) => (e as { type: string }).type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
  return all.at(-1) as unknown as RunError;
}

describe("an HTTP error response on the raw path", () => {
  it("Chat: a 404 model_not_found is that error, not retryable", async () => {
    const body = Response.json({ error: { message: "The model `gpt-9` does not exist", type: "invalid_request_error", code: "model_not_found" } }, { status: 404 });
    const error = await runError(streamChatCompletionsFromResponse(body));
    expect(error).toMatchObject({ message: "The model `gpt-9` does not exist", code: "model_not_found" });
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ status: 404, retryable: false });
  });

  it("Chat: a 429 keeps its retry-after and is retryable", async () => {
    const body = Response.json({ error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } }, { status: 429, headers: { "retry-after": "3" } });
    const error = await runError(streamChatCompletionsFromResponse(body));
    expect(error.code).toBe("rate_limit_exceeded");
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ status: 429, retryable: true, retryAfterMs: 3000, errorCategory: "rate_limit" });
  });

  it("Responses: a gateway's HTML error page is a server error, not a truncated stream", async () => {
    const body = new Response("<html><body>502 Bad Gateway</body></html>", { status: 502, headers: { "content-type": "text/html" } });
    const error = await runError(streamResponsesFromResponse(body));
    expect(error.code).not.toBe("stream_truncated");
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ status: 502, retryable: true, errorCategory: "server" });
  });
});

/**
 * An error answered with HTTP 200 as a JSON body, not as SSE (OpenAI-compatible servers and
 * gateways; the SDK path sees no event in it and reports a truncated stream): the raw path reads it
 * as the error frame it is. A whole non-streamed answer says the request was not streamed.
 */
describe("a JSON document answered with HTTP 200 on the raw path", () => {
  const ok = (body: string, type = "application/json") => new Response(body, { status: 200, headers: { "content-type": type } });

  it("Chat: an error object is that error (message, code, category), not a truncated stream", async () => {
    const body = ok(JSON.stringify({ error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }, null, 2));
    const error = await runError(streamChatCompletionsFromResponse(body));
    expect(error).toMatchObject({ message: "Incorrect API key provided", code: "invalid_api_key" });
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ errorCategory: "auth", retryable: false });
  });

  it("Responses: the same, sent as text/event-stream", async () => {
    const body = ok('{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}', "text/event-stream");
    const error = await runError(streamResponsesFromResponse(body));
    expect(error).toMatchObject({ message: "Rate limit reached", code: "rate_limit_exceeded" });
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ errorCategory: "rate_limit", retryable: true });
  });

  it("a whole chat.completion (stream: true ignored) is not_event_stream, not retryable", async () => {
    const completion = { id: "c1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: "Hi" }, finish_reason: "stop" }] };
    const error = await runError(streamChatCompletionsFromResponse(ok(JSON.stringify(completion))));
    expect(error.code).toBe("not_event_stream");
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ errorCategory: "invalid_response", retryable: false });
  });
});
