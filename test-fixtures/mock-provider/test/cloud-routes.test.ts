import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { crc32, encodeEventStreamMessage, matchCloudRoute, sseToBedrockEventStream, startMockProvider, type MockProvider } from "../src/index.js";

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const route = (path: string, body: unknown = {}) => matchCloudRoute(new URL(path, "http://mock"), body);

describe("matchCloudRoute", () => {
  it("knows Azure deployments and requires api-version", () => {
    expect(route("/openai/deployments/my-gpt/chat/completions?api-version=2024-10-21", { model: "gpt-4o" })).toMatchObject({
      format: "openai-chat",
      model: "gpt-4o",
      platform: "azure-openai",
      resource: { deployment: "my-gpt", apiVersion: "2024-10-21" },
    });
    expect(route("/openai/deployments/my-gpt/chat/completions?api-version=1")?.model).toBe("my-gpt");
    expect(route("/openai/responses?api-version=preview")).toMatchObject({ format: "openai-responses", platform: "azure-openai" });
    expect(route("/openai/deployments/my-gpt/chat/completions")).toBeUndefined();
  });

  it("knows Bedrock's stream endpoint (model from the path) and both Vertex publishers", () => {
    expect(route("/model/anthropic.claude-sonnet-4-20250514-v1%3A0/invoke-with-response-stream")).toMatchObject({
      format: "anthropic",
      model: "anthropic.claude-sonnet-4-20250514-v1:0",
      platform: "amazon-bedrock",
      framing: "aws-event-stream",
    });
    expect(route("/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:streamRawPredict")).toMatchObject({
      format: "anthropic",
      model: "claude-sonnet-4@20250514",
      platform: "google-vertex",
      resource: { project: "p1", location: "us-east5" },
    });
    expect(route("/v1beta1/projects/p1/locations/global/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse")).toMatchObject({
      format: "google",
      model: "gemini-2.5-flash",
    });
    expect(route("/v1beta1/projects/p1/locations/global/publishers/google/models/gemini-2.5-flash:streamGenerateContent")).toBeUndefined();
    expect(route("/v1/projects/p1/locations/l/publishers/google/models/x:streamRawPredict")).toBeUndefined();
  });
});

describe("AWS event-stream framing", () => {
  it("uses the IEEE CRC-32 and writes consistent lengths and checksums", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    const message = encodeEventStreamMessage({ ":event-type": "chunk" }, Buffer.from("{}"));
    expect(message.readUInt32BE(0)).toBe(message.length);
    expect(message.readUInt32BE(8)).toBe(crc32(message.subarray(0, 8)));
    expect(message.readUInt32BE(message.length - 4)).toBe(crc32(message.subarray(0, message.length - 4)));
  });

  it("wraps each SSE data frame as a base64 chunk, drops pings and turns bedrock-exception frames into exceptions", () => {
    const frames = sseToBedrockEventStream(
      'event: ping\ndata: {"type":"ping"}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\nevent: bedrock-exception\ndata: {"exceptionType":"throttlingException","message":"slow down"}\n\n',
    );
    expect(frames).toHaveLength(2);
    const chunk = frames[0]!.toString("latin1");
    expect(chunk).toContain(":event-type");
    const payload = JSON.parse(chunk.slice(chunk.indexOf('{"bytes"'), chunk.length - 4)) as { bytes: string };
    expect(Buffer.from(payload.bytes, "base64").toString()).toBe('{"type":"message_stop"}');
    expect(frames[1]!.toString("latin1")).toContain("throttlingException");
  });
});

describe("cloud routes on the running mock", () => {
  it("records platform, resource and auth scheme, never the credential; 404 without api-version", async () => {
    mock = await startMockProvider({ fixturesDir });
    const ok = await fetch(`${mock.baseUrls.vertexAnthropic}/projects/p/locations/l/publishers/anthropic/models/x:streamRawPredict`, {
      method: "POST",
      headers: { authorization: "Bearer secret-token-123", "x-mock-fixture": "ping" },
      body: "{}",
    });
    expect(await ok.text()).toContain("ping");
    const missing = await fetch(`${mock.baseUrls.azure}/openai/deployments/d/chat/completions`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(404);
    expect(mock.requests[0]).toMatchObject({ platform: "google-vertex", authScheme: "Bearer", resource: { project: "p", location: "l" } });
    expect(JSON.stringify(mock.requests)).not.toContain("secret-token-123");
  });
});
