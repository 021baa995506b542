import { AnthropicBedrock } from "@anthropic-ai/bedrock-sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { FIXTURE_HEADER, startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAnthropicProvider, toMessagesRequest } from "../src/index.js";

const MODEL = "anthropic.claude-sonnet-4-20250514-v1:0";
const FAKE_SECRET = "fakeSecretAccessKeyForTheMockOnly1234567";
const input: RunAgentInput = {
  threadId: "t-bedrock",
  runId: "r-bedrock",
  messages: [{ id: "u1", role: "user", content: "What's the weather in Paris?" }],
  tools: [{ name: "get_weather", description: "Weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
};

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ strict: true });
  // Credentials from the environment, as a user on AWS has them; SigV4 signing happens locally.
  vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIAFAKEMOCKKEY00000");
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", FAKE_SECRET);
  vi.stubEnv("AWS_BEARER_TOKEN_BEDROCK", "");
  vi.stubEnv("AWS_PROFILE", "");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await mock.close();
});

function bedrock(fixture: string): AnthropicBedrock {
  return new AnthropicBedrock({ awsRegion: "us-east-1", baseURL: mock.baseUrls.bedrock, maxRetries: 0, defaultHeaders: { [FIXTURE_HEADER]: fixture } });
}

async function run(fixture: string, runInput: RunAgentInput = input): Promise<Event[]> {
  const provider = createAnthropicProvider({
    client: bedrock(fixture),
    model: MODEL,
    maxTokens: 1024,
    provider: "amazon-bedrock",
    generateId: createSequentialIds("id"),
  });
  const events: Event[] = [];
  for await (const event of provider.stream(runInput)) events.push(event);
  return events;
}

const last = (events: Event[]) => events[events.length - 1] as Event & Record<string, unknown>;

describe("Anthropic on Amazon Bedrock (AnthropicBedrock against the mock's event-stream endpoint)", () => {
  it("streams a thinking + tool-use turn end to end, labelled amazon-bedrock", async () => {
    const events = await run("thinking-signature-tool-use");
    const messages = await assertConformant(events);
    const request = mock.requests.at(-1);
    expect(request).toMatchObject({ platform: "amazon-bedrock", path: `/model/${MODEL}/invoke-with-response-stream`, authScheme: "AWS4-HMAC-SHA256" });
    // Bedrock's body: no model, no stream flag, the API version in the body.
    expect(request?.body).toMatchObject({ anthropic_version: expect.any(String), max_tokens: 1024 });
    expect(request?.body).not.toHaveProperty("stream");
    expect(request?.body).not.toHaveProperty("model");
    expect(JSON.stringify(mock.requests)).not.toContain(FAKE_SECRET);

    const terminal = last(events);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", outcome: { pendingToolCallIds: ["toolu_01WeatherCall"] } });
    const usage = terminal.usage as Array<{ provider: string; model?: string; inputTokens?: number }>;
    expect(usage.map((entry) => entry.provider)).toEqual(["amazon-bedrock"]);
    expect(usage[0]?.model).toBe("claude-sonnet-4-5-20250929"); // the model the response names
    const reasoning = messages.find((message) => message.role === "reasoning");
    expect(readBridgeMetadata(reasoning?.metadata)?.provider).toBe("amazon-bedrock");
    const assistant = messages.find((message) => message.role === "assistant");
    expect(readBridgeMetadata(assistant?.metadata)?.provider).toBe("amazon-bedrock");
  });

  it("a throttlingException frame mid-stream ends the run with RUN_ERROR, the text so far and usage so far", async () => {
    const events = await run("throttling-mid-stream");
    await assertConformant(events);
    const terminal = last(events);
    expect(terminal).toMatchObject({ type: "RUN_ERROR", code: "throttlingException", message: "Too many tokens, please wait before trying again." });
    expect(events.filter((event) => event.type === "TEXT_MESSAGE_CONTENT").map((event) => (event as { delta: string }).delta).join("")).toBe("Partial answer");
    expect((terminal.usage as Array<{ provider: string; inputTokens: number }>)[0]).toMatchObject({ provider: "amazon-bedrock", inputTokens: 31 });
  });

  it("a modelStreamErrorException frame becomes RUN_ERROR with that code", async () => {
    const events = await run("model-stream-error");
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "modelStreamErrorException", message: "The model stream failed." });
  });

  it("an HTTP 429 ThrottlingException before the stream becomes RUN_ERROR with Bedrock's message, never the credentials", async () => {
    const events = await run("throttled");
    await assertConformant(events);
    const terminal = last(events);
    expect(terminal).toMatchObject({ type: "RUN_ERROR", message: "Too many requests, please wait before trying again." });
    expect(JSON.stringify(events)).not.toContain(FAKE_SECRET);
  });

  it("a thinking signature minted on Bedrock goes back to Bedrock, and (documented as cross-platform) to the first-party API", async () => {
    const first = await run("thinking-signature-tool-use");
    const messages = await assertConformant(first);
    const followUp: RunAgentInput = {
      ...input,
      messages: [...input.messages, ...messages, { id: "tr", role: "tool", toolCallId: "toolu_01WeatherCall", content: "18C" }],
    };
    for (const provider of ["amazon-bedrock", "anthropic", "google-vertex-anthropic"]) {
      const { params } = toMessagesRequest(followUp, { provider });
      expect(JSON.stringify(params.messages), provider).toContain("EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds");
    }
  });
});
