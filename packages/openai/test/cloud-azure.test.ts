import { join } from "node:path";
import { AzureOpenAI } from "openai";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { FIXTURE_HEADER, startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { sharedStreamsDir, sharedSuiteTitle } from "@agui-bridge/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIChatProvider, createOpenAIResponsesProvider } from "../src/index.js";

const API_KEY = "azure-fake-api-key-0123456789abcdef";
const API_VERSION = "2024-10-21";
const input: RunAgentInput = { threadId: "t-az", runId: "r-az", messages: [{ id: "u1", role: "user", content: "Tell me a story" }] };

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ strict: true });
});
afterAll(async () => mock.close());

function azure(endpoint: string, fixture: string, deployment?: string): AzureOpenAI {
  return new AzureOpenAI({
    endpoint,
    apiKey: API_KEY,
    apiVersion: API_VERSION,
    ...(deployment !== undefined && { deployment }),
    maxRetries: 0,
    defaultHeaders: { [FIXTURE_HEADER]: fixture },
  });
}

async function collect(stream: AsyncIterable<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const chat = (client: AzureOpenAI, model = "gpt-4o") =>
  collect(createOpenAIChatProvider({ client, model, provider: "azure-openai", generateId: createSequentialIds("id") }).stream(input));
const last = (events: Event[]) => events[events.length - 1] as Event & Record<string, unknown>;

describe("Azure OpenAI (AzureOpenAI against the mock's deployment URLs)", () => {
  it("chat goes to /openai/deployments/{deployment}/chat/completions?api-version with the api-key header, labelled azure-openai", async () => {
    const events = await chat(azure(mock.url, "text", "my-gpt-4o"));
    const messages = await assertConformant(events);
    expect(mock.requests.at(-1)).toMatchObject({
      platform: "azure-openai",
      path: "/openai/deployments/my-gpt-4o/chat/completions",
      resource: { deployment: "my-gpt-4o", apiVersion: API_VERSION },
      authScheme: "api-key",
    });
    expect(JSON.stringify(mock.requests)).not.toContain(API_KEY);
    const terminal = last(events);
    expect(terminal.type).toBe("RUN_FINISHED");
    for (const entry of terminal.usage as Array<{ provider: string }>) expect(entry.provider).toBe("azure-openai");
    const assistant = messages.find((m) => m.role === "assistant");
    expect(readBridgeMetadata(assistant?.metadata)?.provider).toBe("azure-openai");
  });

  it("a completion stopped by the content filter finishes content-filter, naming the filtered category", async () => {
    const events = await chat(azure(mock.url, "content-filtered", "my-gpt-4o"));
    await assertConformant(events);
    const terminal = last(events);
    const metadata = readBridgeMetadata(terminal.metadata);
    expect(terminal.type).toBe("RUN_FINISHED");
    expect(metadata).toMatchObject({ finishReason: "content-filter", rawFinishReason: "content_filter" });
    expect(metadata?.finishDetails).toMatchObject({ contentFilter: { filtered: ["violence"], results: { violence: { filtered: true, severity: "medium" } } } });
    // The prompt_filter_results preamble (empty choices, empty id and model) opens nothing.
    expect(events.filter((event) => event.type === "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(terminal.usage).toEqual([expect.objectContaining({ provider: "azure-openai", model: "gpt-4o-2024-08-06", inputTokens: 21, outputTokens: 5 })]);
  });

  it("a prompt rejected by the content filter (HTTP 400 content_filter) becomes RUN_ERROR code content_filter, never the key", async () => {
    const events = await chat(azure(mock.url, "prompt-filtered", "my-gpt-4o"));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "content_filter", message: expect.stringContaining("content management policy") });
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });

  it("Responses goes to /openai/responses?api-version, labelled azure-openai", async () => {
    const client = azure(mock.url, "reasoning-encrypted");
    const events = await collect(
      createOpenAIResponsesProvider({ client, model: "o4-mini", provider: "azure-openai", generateId: createSequentialIds("id") }).stream(input),
    );
    const messages = await assertConformant(events);
    expect(mock.requests.at(-1)).toMatchObject({ platform: "azure-openai", path: "/openai/responses", resource: { apiVersion: API_VERSION } });
    expect(last(events).type).toBe("RUN_FINISHED");
    for (const entry of last(events).usage as Array<{ provider: string }>) expect(entry.provider).toBe("azure-openai");
    const reasoning = messages.find((m) => m.role === "reasoning");
    expect(readBridgeMetadata(reasoning?.metadata)?.provider).toBe("azure-openai");
  });
});

describe(sharedSuiteTitle("openai-chat"), () => {
  it.skipIf(sharedStreamsDir() === undefined)("the recorded Azure stream (prompt_filter_results preamble, content_filter_results per chunk) runs through AzureOpenAI", async () => {
    const recorded = await startMockProvider({ strict: true, fixturesDir: join(sharedStreamsDir() ?? "", "raw") });
    try {
      const events = await chat(azure(recorded.url, "azure_gpt5mini_tool_then_filtered_text", "gpt-5-mini"), "gpt-5-mini");
      const messages = await assertConformant(events);
      const terminal = last(events);
      expect(terminal.type).toBe("RUN_FINISHED");
      expect(readBridgeMetadata(terminal.metadata)?.finishReason).toBe("stop");
      expect(terminal.usage).toEqual([expect.objectContaining({ provider: "azure-openai", model: "gpt-5-mini-2025-08-07", inputTokens: 176, outputTokens: 592, reasoningTokens: 512 })]);
      expect(messages.find((m) => m.role === "assistant")?.content).toMatch(/^Current temperature in/);
    } finally {
      await recorded.close();
    }
  });
});
