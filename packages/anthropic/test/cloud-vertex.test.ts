import { AnthropicVertex } from "@anthropic-ai/vertex-sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { FIXTURE_HEADER, startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { OAuth2Client } from "google-auth-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropicProvider, toMessagesRequest } from "../src/index.js";

const FAKE_TOKEN = "ya29.fake-offline-access-token-for-the-mock";
const input: RunAgentInput = {
  threadId: "t-vertex",
  runId: "r-vertex",
  messages: [{ id: "u1", role: "user", content: "What's the weather in Paris?" }],
  tools: [{ name: "get_weather", description: "Weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
};

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ strict: true });
});
afterAll(async () => mock.close());

/**
 * An OAuth2 client holding an unexpired access token: google-auth-library hands it out as the
 * `Authorization: Bearer` header without any network call (no ADC, no metadata server).
 */
function offlineAuthClient(): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: FAKE_TOKEN, expiry_date: Date.now() + 3_600_000 });
  return client;
}

async function run(fixture: string, model = "claude-sonnet-4@20250514"): Promise<Event[]> {
  const client = new AnthropicVertex({
    region: "us-east5",
    projectId: "agui-test-project",
    baseURL: mock.baseUrls.vertexAnthropic,
    authClient: offlineAuthClient(),
    maxRetries: 0,
    defaultHeaders: { [FIXTURE_HEADER]: fixture },
  });
  const provider = createAnthropicProvider({ client, model, maxTokens: 512, provider: "google-vertex-anthropic", generateId: createSequentialIds("id") });
  const events: Event[] = [];
  for await (const event of provider.stream(input)) events.push(event);
  return events;
}

const last = (events: Event[]) => events[events.length - 1] as Event & Record<string, unknown>;

describe("Anthropic on Vertex AI (AnthropicVertex against the mock's streamRawPredict)", () => {
  it("streams a thinking + tool-use turn end to end under projects/…/locations/…, labelled google-vertex-anthropic", async () => {
    const events = await run("thinking-signature-tool-use");
    const messages = await assertConformant(events);
    const request = mock.requests.at(-1);
    expect(request).toMatchObject({
      platform: "google-vertex",
      path: "/v1/projects/agui-test-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:streamRawPredict",
      authScheme: "Bearer",
      resource: { project: "agui-test-project", location: "us-east5" },
    });
    expect(request?.body).toMatchObject({ anthropic_version: expect.any(String), stream: true });
    expect(request?.body).not.toHaveProperty("model");
    expect(JSON.stringify(mock.requests)).not.toContain(FAKE_TOKEN);

    const terminal = last(events);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", outcome: { pendingToolCallIds: ["toolu_01WeatherCall"] } });
    expect(terminal.usage).toEqual([expect.objectContaining({ provider: "google-vertex-anthropic", model: "claude-sonnet-4-5-20250929" })]);
    for (const message of messages.filter((m) => m.role !== "user")) {
      expect(readBridgeMetadata(message.metadata)?.provider, message.role).toBe("google-vertex-anthropic");
    }
  });

  it("Vertex's error shape (429 RESOURCE_EXHAUSTED) becomes RUN_ERROR with that status as code and the quota message", async () => {
    const events = await run("quota-exhausted");
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "RESOURCE_EXHAUSTED", message: expect.stringContaining("Quota exceeded") });
    expect(JSON.stringify(events)).not.toContain(FAKE_TOKEN);
  });

  it("an Anthropic error frame mid-stream on Vertex still ends in RUN_ERROR with the text so far", async () => {
    const events = await run("error-mid-stream");
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error" });
  });

  it("redacted thinking (no documented cross-platform rule) goes back only to the platform that minted it", async () => {
    const events = await run("redacted-thinking");
    const messages = await assertConformant(events);
    const redacted = messages.filter((m) => m.role === "reasoning" && readBridgeMetadata(m.metadata)?.encryptedKind === "anthropic-redacted-thinking");
    expect(redacted.length).toBeGreaterThan(0);
    const followUp: RunAgentInput = { ...input, messages: [...input.messages, ...messages, { id: "u2", role: "user", content: "And tomorrow?" }] };
    const same = toMessagesRequest(followUp, { provider: "google-vertex-anthropic" });
    expect(JSON.stringify(same.params.messages)).toContain("redacted_thinking");
    const firstParty = toMessagesRequest(followUp, { provider: "anthropic" });
    expect(JSON.stringify(firstParty.params.messages)).not.toContain("redacted_thinking");
    expect(firstParty.warnings.map((w) => w.code)).toContain("request.foreign-reasoning");
  });
});
