import Anthropic from "@anthropic-ai/sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../src/index.js";
import { collect, readFixture } from "./support/replay.js";

const input: RunAgentInput = {
  threadId: "thread-9",
  runId: "run-9",
  messages: [
    { id: "s", role: "system", content: "Be brief." },
    { id: "u", role: "user", content: "What's the weather in Paris?" },
  ],
  tools: [{ name: "get_weather", description: "Weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
};

interface Captured {
  body?: Record<string, unknown>;
  headers?: Headers;
  signal?: AbortSignal;
}

function client(respond: (captured: Captured) => Response | Promise<Response>, captured: Captured = {}): Anthropic {
  return new Anthropic({
    apiKey: "sk-ant-test-secret-key-123456",
    baseURL: "http://replay.invalid",
    maxRetries: 0,
    fetch: async (_url: unknown, init?: { body?: unknown; headers?: unknown; signal?: AbortSignal | null }) => {
      captured.body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      captured.headers = new Headers(init?.headers as HeadersInit);
      captured.signal = init?.signal ?? undefined;
      return respond(captured);
    },
  });
}

const sse = (name: string) => () => new Response(readFixture(name), { headers: { "content-type": "text/event-stream" } });

describe("createAnthropicProvider", () => {
  it("converts the input, streams with the given model and params, and maps the events", async () => {
    const captured: Captured = {};
    const provider = createAnthropicProvider({
      client: client(sse("thinking-signature-tool-use.sse"), captured),
      model: "claude-sonnet-4-6",
      maxTokens: 2048,
      params: { thinking: { type: "enabled", budget_tokens: 1024 }, system: "Platform rules.", tools: [{ type: "web_search_20250305", name: "web_search" }] },
      generateId: createSequentialIds("id"),
    });
    expect(provider.id).toBe("anthropic");
    const events = await collect(provider.stream(input));
    const messages = await assertConformant(events);
    expect(captured.body).toMatchObject({
      model: "claude-sonnet-4-6",
      max_tokens: 2048,
      stream: true,
      thinking: { type: "enabled", budget_tokens: 1024 },
      system: [
        { type: "text", text: "Platform rules." },
        { type: "text", text: "Be brief." },
      ],
      messages: [{ role: "user", content: [{ type: "text", text: "What's the weather in Paris?" }] }],
      tools: [
        { type: "web_search_20250305", name: "web_search" },
        { name: "get_weather", description: "Weather", input_schema: { type: "object", properties: { city: { type: "string" } } } },
      ],
    });
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "thread-9", runId: "run-9", input });
    expect(events[events.length - 1]).toMatchObject({ type: "RUN_FINISHED", outcome: { pendingToolCallIds: ["toolu_01WeatherCall"] } });
    expect(messages.some((message) => message.role === "reasoning")).toBe(true);
  });

  it("a failure opening the request becomes RUN_ERROR with the error type, never the key", async () => {
    const provider = createAnthropicProvider({
      retry: false,
      client: client(
        () =>
          new Response(JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }), {
            status: 529,
            headers: { "content-type": "application/json", "request-id": "req_123" },
          }),
      ),
      model: "claude-sonnet-4-6",
      maxTokens: 100,
    });
    const events = await collect(provider.stream(input));
    await assertConformant(events);
    expect(events.map((event) => event.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(events[1]).toMatchObject({ code: "overloaded_error", message: "Overloaded" });
    const text = JSON.stringify(events);
    expect(text).not.toContain("sk-ant-test-secret");
    expect(text).not.toContain("req_123");
  });

  it("a connection failure becomes RUN_ERROR", async () => {
    const provider = createAnthropicProvider({
      retry: false,
      client: client(() => {
        throw new TypeError("fetch failed");
      }),
      model: "claude-sonnet-4-6",
      maxTokens: 100,
    });
    const events = await collect(provider.stream(input));
    await assertConformant(events);
    expect(events[events.length - 1]).toMatchObject({ type: "RUN_ERROR" });
  });

  it("abort ends the run cancelled and aborts the HTTP request", async () => {
    const captured: Captured = {};
    const controller = new AbortController();
    const provider = createAnthropicProvider({
      client: client((seen) => {
        const body = new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(readFixture("abort-mid-thinking.sse"));
            seen.signal?.addEventListener("abort", () => stream.error(new DOMException("aborted", "AbortError")), { once: true });
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      }, captured),
      model: "claude-sonnet-4-6",
      maxTokens: 100,
    });
    const events = [];
    for await (const event of provider.stream(input, { signal: controller.signal })) {
      events.push(event);
      if (event.type === "REASONING_MESSAGE_CONTENT") controller.abort();
    }
    await assertConformant(events);
    expect(events[events.length - 1]).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(captured.signal?.aborted).toBe(true);
  });
});
