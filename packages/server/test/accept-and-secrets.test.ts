import { EventType, type Event, type Provider } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgUiHandler, PROTOBUF_MEDIA_TYPE } from "../src/index.js";
import { parseSSE, runInput, textProvider } from "./support.js";

function post(accept: string | undefined, body: unknown = runInput()): Request {
  return new Request("http://localhost/agent", {
    method: "POST",
    headers: { "content-type": "application/json", ...(accept !== undefined && { accept }) },
    body: JSON.stringify(body),
  });
}

describe("Accept negotiation", () => {
  it("answers 406 with a JSON error, running nothing, when Accept allows neither SSE nor protobuf", async () => {
    const agent = textProvider();
    const handler = createAgUiHandler({ agent });
    for (const accept of ["application/json", "text/html, application/xhtml+xml", "text/event-stream;q=0", `${PROTOBUF_MEDIA_TYPE};q=0`]) {
      const res = await handler(post(accept));
      expect(res.status, accept).toBe(406);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_acceptable");
    }
    expect(createAgUiHandler({ agent, protobuf: false })).toBeTypeOf("function");
    expect((await createAgUiHandler({ agent, protobuf: false })(post(PROTOBUF_MEDIA_TYPE))).status).toBe(406);
    expect(agent.probe.runs).toBe(0);
  });

  it("streams SSE for an absent, wildcard or unparseable Accept, and protobuf for application/* alone", async () => {
    const agent = textProvider();
    const handler = createAgUiHandler({ agent });
    for (const accept of [undefined, "", "*/*", "text/*", "text/event-stream", "text/html, */*;q=0.1", "garbage"]) {
      const res = await handler(post(accept));
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      await res.body?.cancel();
    }
    const binary = await handler(post("application/*"));
    expect(binary.headers.get("content-type")).toBe(PROTOBUF_MEDIA_TYPE);
    await binary.body?.cancel();
  });
});

describe("secrets never reach the wire", () => {
  it("a provider's RUN_ERROR naming its API key or Authorization header is redacted before it is sent", async () => {
    const key = "sk-proj-AbCdEf0123456789AbCdEf0123456789";
    const bearer = "Bearer eyJhbGciOiJIUzI1NiJ9.secret-token-value";
    const leaky: Provider = {
      id: "leaky",
      async *stream(input) {
        yield { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as Event;
        yield {
          type: EventType.RUN_ERROR,
          message: `Incorrect API key provided: ${key}`,
          code: "invalid_api_key",
          rawEvent: { request: { headers: { authorization: bearer, "x-api-key": key } } },
        } as Event;
      },
    };
    const res = await createAgUiHandler({ agent: leaky })(post("text/event-stream"));
    const text = await res.text();
    expect(text).not.toContain(key);
    expect(text).not.toContain("secret-token-value");
    const last = parseSSE(text).at(-1);
    expect(last).toMatchObject({ type: "RUN_ERROR", code: "invalid_api_key", message: expect.stringContaining("[redacted]") });
  });
});
