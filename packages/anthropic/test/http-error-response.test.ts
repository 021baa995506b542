/**
 * The raw path handed an HTTP error answer (a plain `fetch` to the Messages API): RUN_ERROR says
 * what Anthropic said, with its status and type, and whether a retry can help. Before, the error
 * body was read as SSE and reported as a truncated, retryable stream.
 */
import { assertConformant } from "@agui-bridge/conformance";
import type { Event } from "@agui-bridge/core";
import { describe, expect, it } from "vitest";
import { streamMessagesFromResponse } from "../src/index.js";

type RunError = { message: string; code?: string; metadata?: { "agui-bridge"?: Record<string, unknown> } };

async function runError(body: Response): Promise<RunError> {
  const events: Event[] = [];
  for await (const event of streamMessagesFromResponse(body)) events.push(event);
  await assertConformant(events);
  expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
  return events.at(-1) as unknown as RunError;
}

describe("an HTTP error response on the raw path", () => {
  it("a 400 invalid_request_error is that error, not retryable", async () => {
    const error = await runError(Response.json({ type: "error", error: { type: "invalid_request_error", message: "max_tokens: Field required" } }, { status: 400 }));
    expect(error).toMatchObject({ message: "max_tokens: Field required", code: "invalid_request_error" });
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ status: 400, retryable: false });
  });

  it("a 529 overloaded_error is retryable", async () => {
    const error = await runError(Response.json({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, { status: 529 }));
    expect(error.code).toBe("overloaded_error");
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ status: 529, retryable: true });
  });
});

/**
 * An error answered with HTTP 200 as a JSON body rather than as an `event: error` frame (a proxy or
 * gateway in front of the Messages API): read as the error frame it is, not as a truncated stream.
 */
describe("an error document answered with HTTP 200 on the raw path", () => {
  it("Anthropic's error body is that error, retryable as overloaded is", async () => {
    const body = new Response('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', { status: 200, headers: { "content-type": "application/json" } });
    const error = await runError(body);
    expect(error).toMatchObject({ message: "Overloaded", code: "overloaded_error" });
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ errorCategory: "overloaded", retryable: true });
  });

  it("a gateway's OpenAI-shaped error document keeps its message", async () => {
    const body = new Response('{"error":{"message":"Your credit balance is too low","type":"invalid_request_error"}}', { status: 200 });
    const error = await runError(body);
    expect(error).toMatchObject({ message: "Your credit balance is too low", code: "invalid_request_error" });
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ retryable: false });
  });

  it("a whole non-streamed message is not_event_stream", async () => {
    const message = { id: "msg_1", type: "message", role: "assistant", content: [{ type: "text", text: "Hi" }], stop_reason: "end_turn" };
    const error = await runError(new Response(JSON.stringify(message), { status: 200, headers: { "content-type": "application/json" } }));
    expect(error.code).toBe("not_event_stream");
    expect(error.metadata?.["agui-bridge"]).toMatchObject({ errorCategory: "invalid_response", retryable: false });
  });
});
