import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";

let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** What the real SDKs read from the mock's responses, as they read it from the live APIs. */
describe("the mock provider through the real SDKs", () => {
  it("OpenAI: the stream's request id (x-request-id); the in-band error chunk throws an APIError", async () => {
    mock = await startMockProvider({ strict: true, choose: () => "text", fault: ({ index }) => (index === 1 ? { type: "error-mid-stream" } : undefined) });
    const client = new OpenAI({ apiKey: "mock-key", baseURL: mock.baseUrls.openai, maxRetries: 0 });
    const { data: stream, request_id } = await client.chat.completions.create({ model: "gpt-4.1-mini", messages: [{ role: "user", content: "Hi" }], stream: true }).withResponse();
    for await (const _ of stream) void _;
    expect(request_id).toBe(mock.requests[0]?.requestId);
    const failing = await client.chat.completions.create({ model: "gpt-4.1-mini", messages: [{ role: "user", content: "Hi" }], stream: true });
    const error = await (async () => {
      for await (const _ of failing) void _;
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).type).toBe("server_error");
  });

  it("Anthropic: a 429's requestID and retry-after; overloaded is a 529 the SDK retries", async () => {
    mock = await startMockProvider({ strict: true, choose: () => "text", fault: ({ index }) => (index === 0 ? { type: "rate-limit", retryAfterSeconds: 0 } : index === 1 ? { type: "overloaded" } : undefined) });
    const client = new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 0 });
    const request = { model: "claude-sonnet-4-6", max_tokens: 16, messages: [{ role: "user" as const, content: "Hi" }], stream: true as const };
    const limited = await client.messages.create(request).catch((caught: unknown) => caught);
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect((limited as InstanceType<typeof Anthropic.RateLimitError>).requestID).toBe(mock.requests[0]?.requestId);
    const retrying = new Anthropic({ apiKey: "mock-key", baseURL: mock.baseUrls.anthropic, maxRetries: 1 });
    const stream = await retrying.messages.create(request);
    for await (const _ of stream) void _;
    expect(mock.requests.map((r) => r.fault ?? null)).toEqual(["rate-limit", "overloaded", null]);
  });

  it("Gemini: the error frame after partial output throws from the SDK's stream", async () => {
    mock = await startMockProvider({ strict: true, choose: () => "text", fault: { type: "error-mid-stream", afterFrames: 1 } });
    const client = new GoogleGenAI({ apiKey: "mock-key", httpOptions: { baseUrl: mock.baseUrls.google } });
    const stream = await client.models.generateContentStream({ model: "gemini-2.5-flash", contents: "Hi" });
    const texts: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) texts.push(chunk.text ?? "");
    })().catch((caught: unknown) => caught);
    expect(texts.join("")).not.toBe("");
    expect(String(error)).toMatch(/overloaded|UNAVAILABLE|503/);
  });
});
