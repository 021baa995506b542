import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { createOpenAIChatProvider } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { readFixture } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

/** A real SDK client whose fetch answers each request with the next fixture, recording the bodies. */
function scriptedClient(fixtures: string[], bodies: Rec[]): OpenAI {
  return new OpenAI({
    apiKey: "sk-or-test-key-123456",
    baseURL: "http://gateway.invalid/api/v1",
    maxRetries: 0,
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)) as Rec);
      const name = fixtures[bodies.length - 1] ?? fixtures[fixtures.length - 1]!;
      return new Response(readFixture("openai-chat", name), { headers: { "content-type": "text/event-stream" } });
    },
  });
}

describe("createOpenAIChatProvider with a provider label", () => {
  it("OpenRouter: labelled entities and usage; the next turn through the same provider carries reasoning_details", async () => {
    const bodies: Rec[] = [];
    const provider = createOpenAIChatProvider({
      client: scriptedClient(["openrouter-gemini-signature-per-call"], bodies),
      model: "google/gemini-3-pro-preview",
      provider: "openrouter",
      generateId: createSequentialIds("a"),
    });
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [{ id: "u1", role: "user", content: "Weather in Paris and Tokyo?" }] };
    const first = await collect(provider.stream(input));
    const messages = (await assertConformant(first)) as Message[];
    expect(last(first)).toMatchObject({ usage: [{ provider: "openrouter" }] });
    expect(readBridgeMetadata(last(first).metadata)?.costs).toEqual([expect.objectContaining({ provider: "openrouter", cost: 0.00123 })]);
    const next: RunAgentInput = {
      threadId: "t",
      runId: "r2",
      messages: [
        ...messages,
        { id: "t1", role: "tool", toolCallId: "tool_get_weather_Paris01", content: "18C" },
        { id: "t2", role: "tool", toolCallId: "tool_get_weather_Tokyo02", content: "24C" },
      ] as Message[],
    };
    await collect(provider.stream(next));
    const sent = bodies[1]?.messages as Rec[];
    const assistant = sent.find((m) => m.role === "assistant");
    expect((assistant?.reasoning_details as Rec[]).map((d) => [d.type, d.id ?? null])).toEqual([
      ["reasoning.text", null],
      ["reasoning.encrypted", "tool_get_weather_Paris01"],
      ["reasoning.encrypted", "tool_get_weather_Tokyo02"],
    ]);
  });

  it("an explicit dialect wins over the label's default", async () => {
    const bodies: Rec[] = [];
    const provider = createOpenAIChatProvider({
      client: scriptedClient(["deepseek-thinking-tool-turn"], bodies),
      model: "deepseek-v4-flash",
      provider: "my-deepseek-proxy",
      dialect: "deepseek",
      generateId: createSequentialIds("b"),
    });
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [{ id: "u1", role: "user", content: "Date?" }] };
    const messages = (await assertConformant(await collect(provider.stream(input)))) as Message[];
    await collect(provider.stream({ ...input, runId: "r2", messages: [...messages, { id: "t1", role: "tool", toolCallId: "call_00_DeepSeekDate01", content: "2026-12-01" }] as Message[] }));
    const assistant = (bodies[1]?.messages as Rec[]).find((m) => m.role === "assistant");
    expect(assistant?.reasoning_content).toBe("Need today's date; call get_date.");
  });
});
