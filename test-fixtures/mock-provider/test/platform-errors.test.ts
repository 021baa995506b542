/** Errors as each platform answers them, checked through the official SDKs where one is installed. */
import { GoogleGenAI } from "@google/genai";
import OpenAI, { AzureOpenAI } from "openai";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_HEADER, startMockProvider, type MockProvider } from "../src/index.js";

const repoFixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const post = (url: string, fault: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", [FAULT_HEADER]: fault }, body: JSON.stringify({ anthropic_version: "bedrock-2023-05-31", max_tokens: 5, messages: [] }) });

describe("a bad API key", () => {
  it("Gemini API: 400 INVALID_ARGUMENT with an API_KEY_INVALID ErrorInfo, as @google/genai receives it", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "unauthorized" } });
    const client = new GoogleGenAI({ apiKey: "bad", httpOptions: { baseUrl: mock.baseUrls.google } });
    const error = await client.models.generateContent({ model: "gemini-2.5-flash", contents: "hi" }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400 });
    const body = JSON.parse((error as Error).message) as unknown;
    expect(body).toMatchObject({
      error: { code: 400, status: "INVALID_ARGUMENT", message: "API key not valid. Please pass a valid API key.", details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }] },
    });
  });

  it("Vertex AI (Gemini): 401 UNAUTHENTICATED", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text" });
    const res = await post(`${mock.url}/v1beta1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent`, "unauthorized");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED" } });
  });

  it("Azure OpenAI: 401 with the status as a string code and no type", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "unauthorized" } });
    const client = new AzureOpenAI({ endpoint: mock.baseUrls.azure, apiKey: "bad", apiVersion: "2024-10-21", deployment: "d", maxRetries: 0 });
    const error = await client.chat.completions.create({ model: "d", messages: [{ role: "user", content: "hi" }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: "401", type: undefined });
  });
});

describe("rate limits on the cloud platforms", () => {
  it("Azure OpenAI: 429 { error: { code: \"429\", message } } with retry-after, retried by the SDK", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault: { type: "rate-limit", retryAfterSeconds: 0 } });
    const client = new AzureOpenAI({ endpoint: mock.baseUrls.azure, apiKey: "k", apiVersion: "2024-10-21", deployment: "d", maxRetries: 1 });
    const error = await client.chat.completions.create({ model: "d", messages: [{ role: "user", content: "hi" }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "429", type: undefined });
    expect(mock.requests).toHaveLength(2);
  });

  it("Amazon Bedrock: ThrottlingException named in x-amzn-errortype, { message } body, x-amzn-requestid", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text" });
    const url = `${mock.url}/model/anthropic.claude-sonnet-4-5-v1%3A0/invoke-with-response-stream`;
    const limited = await post(url, "rate-limit");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-amzn-errortype")).toMatch(/^ThrottlingException:/);
    expect(limited.headers.get("x-amzn-requestid")).toBe(mock.requests[0]?.requestId);
    expect(limited.headers.get("request-id")).toBeNull();
    expect(await limited.json()).toEqual({ message: "Too many requests, please wait before trying again." });
    const denied = await post(url, "unauthorized");
    expect(denied.status).toBe(403);
    expect(denied.headers.get("x-amzn-errortype")).toMatch(/^UnrecognizedClientException:/);
    const overloaded = await post(url, "overloaded");
    expect(overloaded.status).toBe(503);
    expect(overloaded.headers.get("x-amzn-errortype")).toMatch(/^ServiceUnavailableException:/);
  });
});
