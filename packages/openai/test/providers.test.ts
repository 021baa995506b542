import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { readFixture } from "./support/sdk-replay.js";

interface Captured {
  url?: string;
  body?: Record<string, unknown>;
  headers?: Headers;
  signal?: AbortSignal | null;
}

function fakeClient(answer: () => Response, captured: Captured): OpenAI {
  return new OpenAI({
    apiKey: "sk-test-secret-key-123456",
    baseURL: "http://replay.invalid/v1",
    maxRetries: 0,
    fetch: async (url, init) => {
      captured.url = String(url);
      captured.body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      captured.signal = init?.signal ?? null;
      return answer();
    },
  });
}

const sse = (format: "openai-chat" | "openai-responses", name: string) => () =>
  new Response(readFixture(format, name), { headers: { "content-type": "text/event-stream" } });

const input: RunAgentInput = {
  threadId: "thread-9",
  runId: "run-9",
  messages: [{ id: "u", role: "user", content: "Hi" }],
  tools: [{ name: "get_weather", description: "Weather", parameters: { type: "object", properties: {} } }],
};

describe("createOpenAIChatProvider", () => {
  it("calls chat.completions.create with stream + include_usage and maps the stream", async () => {
    const captured: Captured = {};
    const provider = createOpenAIChatProvider({
      client: fakeClient(sse("openai-chat", "parallel-tool-calls"), captured),
      model: "gpt-4.1-mini",
      params: { temperature: 0 },
      generateId: createSequentialIds("id"),
    });
    expect(provider.id).toBe("openai-chat");
    const events = await collect(provider.stream(input));
    await assertConformant(events);
    expect(captured.url).toContain("/chat/completions");
    expect(captured.body).toMatchObject({
      model: "gpt-4.1-mini",
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "thread-9", runId: "run-9", input });
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { pendingToolCallIds: ["call_weather_1", "call_time_2"] } });
  });

  it("a failure opening the request becomes RUN_ERROR with the provider's code, no key or header", async () => {
    const captured: Captured = {};
    const provider = createOpenAIChatProvider({
      retry: false,
      client: fakeClient(
        () =>
          new Response(
            JSON.stringify({ error: { message: "Incorrect API key provided: sk-test-secret-key-123456.", type: "invalid_request_error", code: "invalid_api_key" } }),
            { status: 401, headers: { "content-type": "application/json", "x-request-id": "req_secret_id" } },
          ),
        captured,
      ),
      model: "gpt-4.1-mini",
    });
    const events = await collect(provider.stream(input));
    await assertConformant(events);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "invalid_api_key" });
    const text = JSON.stringify(end);
    expect(text).not.toContain("sk-test-secret-key-123456");
    expect(text).not.toContain("req_secret_id");
    expect(text).toContain("Incorrect API key provided");
  });

  it("the run's abort signal reaches the request and the run is cancelled", async () => {
    const captured: Captured = {};
    let cancelled = false;
    const provider = createOpenAIChatProvider({
      client: fakeClient(() => {
        const body = readFixture("openai-chat", "abort-mid-tool-call");
        const stream = new ReadableStream<Uint8Array>({
          start: (c) => c.enqueue(body),
          cancel: () => {
            cancelled = true;
          },
        });
        return new Response(stream, { headers: { "content-type": "text/event-stream" } });
      }, captured),
      model: "gpt-4.1-mini",
    });
    const controller = new AbortController();
    const events: Event[] = [];
    for await (const event of provider.stream(input, { signal: controller.signal })) {
      events.push(event);
      if (event.type === "TOOL_CALL_ARGS") controller.abort();
    }
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(captured.signal?.aborted).toBe(true);
    expect(cancelled).toBe(true);
  });
});

describe("createOpenAIResponsesProvider", () => {
  it("calls responses.create with stream + encrypted reasoning include and maps the stream", async () => {
    const captured: Captured = {};
    const provider = createOpenAIResponsesProvider({
      client: fakeClient(sse("openai-responses", "reasoning-encrypted"), captured),
      model: "o4-mini",
      params: { store: false, reasoning: { effort: "low", summary: "auto" } },
    });
    expect(provider.id).toBe("openai-responses");
    const events = await collect(provider.stream(input));
    const messages = await assertConformant(events);
    expect(captured.url).toContain("/responses");
    expect(captured.body).toMatchObject({
      model: "o4-mini",
      stream: true,
      store: false,
      include: ["reasoning.encrypted_content"],
      input: [{ role: "user", content: "Hi" }],
      tools: [{ type: "function", name: "get_weather" }],
    });
    expect(messages.find((m) => m.role === "reasoning")).toMatchObject({ encryptedValue: "gAAAAB-full-encrypted-reasoning==" });
  });

  it("a failure opening the request becomes RUN_ERROR", async () => {
    const provider = createOpenAIResponsesProvider({
      retry: false,
      client: fakeClient(
        () => new Response(JSON.stringify({ error: { message: "Server overloaded", type: "server_error", code: null } }), { status: 503 }),
        {},
      ),
      model: "o4-mini",
    });
    const events = await collect(provider.stream(input));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "server_error", message: "Server overloaded" });
  });
});
