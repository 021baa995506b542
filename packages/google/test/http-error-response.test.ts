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
import { streamGenerateContentFromResponse } from "../src/index.js";
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

  it("an ok response is streamed as before", async () => {
    const body = 'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"finishReason":"STOP","index":0}],"responseId":"r1"}\r\n\r\n';
    const events = await collect(streamGenerateContentFromResponse(new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }), ids()));
    await assertConformant(events);
    expect(terminal(events).type).toBe("RUN_FINISHED");
  });
});
