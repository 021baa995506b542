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
