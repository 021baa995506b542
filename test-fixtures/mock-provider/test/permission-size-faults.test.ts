/**
 * The permission-denied (403) and request-too-large (413) faults, and the Azure 500, as the real
 * SDKs receive them: the error class and status a real server's answer produces.
 */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI, { AzureOpenAI } from "openai";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_HEADER, startMockProvider, type MockFault, type MockProvider } from "../src/index.js";

const repoFixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const start = async (fault: MockFault) => (mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text", fault }));
const caught = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);
const openai = (m: MockProvider) => new OpenAI({ apiKey: "k", baseURL: m.baseUrls.openai, maxRetries: 0 });
const anthropic = (m: MockProvider) => new Anthropic({ apiKey: "k", baseURL: m.baseUrls.anthropic, maxRetries: 0 });
const chat = (client: OpenAI, model = "gpt-5-mini") => client.chat.completions.create({ model, messages: [{ role: "user", content: "hi" }], stream: true });
const message = (client: Anthropic) => client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 8, messages: [{ role: "user", content: "hi" }], stream: true });

describe("permission-denied: 403 as each API answers it", () => {
  it("OpenAI (Chat and Responses): PermissionDeniedError, request_forbidden / unsupported_country_region_territory, x-request-id", async () => {
    const m = await start({ type: "permission-denied" });
    const error = await caught(chat(openai(m)));
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, type: "request_forbidden", code: "unsupported_country_region_territory", param: null, requestID: m.requests[0]?.requestId });
    expect((error as Error).message).toContain("Country, region, or territory not supported");
    const responses = await caught(openai(m).responses.create({ model: "gpt-5-mini", input: "hi", stream: true }));
    expect(responses).toBeInstanceOf(OpenAI.PermissionDeniedError);
  });

  it("Anthropic: PermissionDeniedError, permission_error with request_id in body and header", async () => {
    const m = await start({ type: "permission-denied" });
    const error = await caught(message(anthropic(m)));
    expect(error).toBeInstanceOf(Anthropic.PermissionDeniedError);
    const requestId = m.requests[0]?.requestId;
    expect(error).toMatchObject({ status: 403, requestID: requestId, error: { type: "error", error: { type: "permission_error" }, request_id: requestId } });
  });

  it("Gemini API: 403 PERMISSION_DENIED", async () => {
    const m = await start({ type: "permission-denied" });
    const client = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: m.baseUrls.google } });
    const error = await caught(client.models.generateContentStream({ model: "gemini-2.5-flash", contents: "hi" }));
    expect(error).toMatchObject({ status: 403 });
    expect(JSON.parse((error as Error).message)).toEqual({ error: { code: 403, message: "The caller does not have permission", status: "PERMISSION_DENIED" } });
  });

  it("Azure OpenAI: 403 with the status as a string code (a network rule), PermissionDeniedError", async () => {
    const m = await start({ type: "permission-denied" });
    const client = new AzureOpenAI({ endpoint: m.baseUrls.azure, apiKey: "k", apiVersion: "2024-10-21", deployment: "d", maxRetries: 0 });
    const error = await caught(chat(client, "d"));
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: "403", type: undefined });
    expect((error as Error).message).toContain("Virtual Network/Firewall rules");
  });

  it("Vertex AI (Claude and Gemini): 403 PERMISSION_DENIED on aiplatform.endpoints.predict; Bedrock: AccessDeniedException", async () => {
    mock = await startMockProvider({ fixturesDir: repoFixtures, choose: () => "text" });
    const post = (path: string) => fetch(`${mock!.url}${path}`, { method: "POST", headers: { "content-type": "application/json", [FAULT_HEADER]: "permission-denied" }, body: JSON.stringify({ anthropic_version: "vertex-2023-10-16", max_tokens: 5, messages: [] }) });
    for (const publisher of ["anthropic", "google"] as const) {
      const method = publisher === "anthropic" ? "streamRawPredict" : "streamGenerateContent?alt=sse";
      const version = publisher === "anthropic" ? "v1" : "v1beta1";
      const res = await post(`/${version}/projects/p/locations/us-central1/publishers/${publisher}/models/m:${method}`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 403, status: "PERMISSION_DENIED", details: [{ reason: "IAM_PERMISSION_DENIED" }] } });
    }
    const bedrock = await post("/model/anthropic.claude-sonnet-4-5-v1%3A0/invoke-with-response-stream");
    expect(bedrock.status).toBe(403);
    expect(bedrock.headers.get("x-amzn-errortype")).toMatch(/^AccessDeniedException:/);
  });
});

describe("request-too-large: what each API answers an oversized request with", () => {
  it("Anthropic: ContentTooLargeError 413, Cloudflare's body (no type, no request_id) and no request-id header", async () => {
    const m = await start({ type: "request-too-large" });
    const error = await caught(message(anthropic(m)));
    expect(error).toBeInstanceOf(Anthropic.ContentTooLargeError);
    expect(error).toMatchObject({ status: 413, requestID: null, error: { error: { type: "request_too_large", message: "Request exceeds the maximum size" } } });
    expect((error as { error: Record<string, unknown> }).error).not.toHaveProperty("request_id");
  });

  it("OpenAI: APIError 413, server_error without a code, x-request-id", async () => {
    const m = await start({ type: "request-too-large" });
    const error = await caught(chat(openai(m)));
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error).toMatchObject({ status: 413, type: "server_error", code: null, requestID: m.requests[0]?.requestId });
    expect((error as Error).message).toContain("Maximum content size limit (26214400) exceeded");
  });

  it("Gemini API: 400 INVALID_ARGUMENT, 'Request payload size exceeds the limit' (no 413)", async () => {
    const m = await start({ type: "request-too-large" });
    const client = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: m.baseUrls.google } });
    const error = await caught(client.models.generateContent({ model: "gemini-2.5-flash", contents: "hi" }));
    expect(error).toMatchObject({ status: 400 });
    expect(JSON.parse((error as Error).message)).toEqual({ error: { code: 400, message: "Request payload size exceeds the limit: 20971520 bytes.", status: "INVALID_ARGUMENT" } });
  });
});

describe("server errors on the cloud platforms keep the vendor's shape", () => {
  it("Azure OpenAI 500: OpenAI's server_error body with code null and Azure's message naming the request id", async () => {
    const m = await start({ type: "server-error" });
    const client = new AzureOpenAI({ endpoint: m.baseUrls.azure, apiKey: "k", apiVersion: "2024-10-21", deployment: "d", maxRetries: 0 });
    const error = await caught(chat(client, "d"));
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(error).toMatchObject({ status: 500, type: "server_error", code: null, param: null });
    expect((error as Error).message).toContain(`Please include the request ID ${m.requests[0]?.requestId ?? "?"}`);
  });
});
