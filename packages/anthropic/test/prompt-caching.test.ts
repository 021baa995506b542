/**
 * Opt-in prompt caching: breakpoints where Anthropic's prompt caching guide puts them (the cache
 * prefix runs tools → system → messages; at most 4 breakpoints a request): the last tool, the last
 * system block, the last block of the last two user turns. The bodies type-check against the SDK's
 * request types, like every converted request (request-schema.test.ts).
 */
import Anthropic from "@anthropic-ai/sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, EmptyRequestError, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { conversation, typeCheckBodies } from "@agui-bridge/test-support";
import fc from "fast-check";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { createAnthropicProvider, MAX_CACHE_BREAKPOINTS, streamMessages, toMessagesRequest, withCacheBreakpoints } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList, readFixture } from "./support/replay.js";

type Rec = Record<string, unknown>;
const dir = fileURLToPath(new URL(".", import.meta.url));
const weather = { name: "get_weather", description: "Weather", parameters: { type: "object", properties: { city: { type: "string" } } } };
const clock = { name: "get_time", description: "Time", parameters: { type: "object" } };

const toolLoop: Message[] = [
  { id: "s", role: "system", content: "Be brief." },
  { id: "u1", role: "user", content: "Weather in Paris?" },
  { id: "a1", role: "assistant", content: "Checking.", toolCalls: [{ id: "toolu_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
  { id: "t1", role: "tool", toolCallId: "toolu_1", content: "18C" },
  { id: "a2", role: "assistant", content: "18C in Paris." },
  { id: "u2", role: "user", content: "And the time?" },
];

/** Every place a breakpoint sits, as a path into the body. */
function breakpoints(body: unknown, path = ""): string[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => breakpoints(item, `${path}.${i}`));
  if (typeof body !== "object" || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) => (key === "cache_control" ? [path.slice(1)] : breakpoints(value, `${path}.${key}`)));
}

describe("prompt caching (promptCaching option)", () => {
  it("is off by default: no cache_control anywhere", () => {
    const { params } = toMessagesRequest({ messages: toolLoop, tools: [weather, clock] });
    expect(breakpoints(params)).toEqual([]);
  });

  it("marks the last tool, the last system block and the last block of the last two user turns", () => {
    const { params } = toMessagesRequest({ messages: toolLoop, tools: [weather, clock] }, { promptCaching: { ttl: "1h" } });
    expect(apiViolations(params)).toEqual([]);
    expect(breakpoints(params).sort()).toEqual(["messages.2.content.0", "messages.4.content.0", "system.0", "tools.1"]);
    expect((params.tools?.[1] as unknown as Rec).cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
    // The previous user turn is the tool result turn of the loop.
    expect((params.messages[2]?.content as unknown as Rec[])[0]).toMatchObject({ type: "tool_result", cache_control: { type: "ephemeral", ttl: "1h" } });
    expect(breakpoints(params)).toHaveLength(MAX_CACHE_BREAKPOINTS);
  });

  it("keeps breakpoints already set, never a second on one block, never more than 4 in all", () => {
    const control = { type: "ephemeral" as const };
    const params = {
      system: [{ type: "text" as const, text: "Rules.", cache_control: control }],
      tools: [{ name: "a", input_schema: { type: "object" as const } }],
      messages: [
        { role: "user" as const, content: [{ type: "text" as const, text: "one", cache_control: control }] },
        { role: "assistant" as const, content: "ok" },
        { role: "user" as const, content: [{ type: "text" as const, text: "two", cache_control: control }] },
        { role: "assistant" as const, content: "ok" },
        { role: "user" as const, content: "three" },
      ],
    };
    const marked = withCacheBreakpoints(params);
    expect(breakpoints(marked).sort()).toEqual(["messages.0.content.0", "messages.2.content.0", "system.0", "tools.0"]);
    // The input is not changed.
    expect(breakpoints(params)).toHaveLength(3);
    expect(params.messages[4]?.content).toBe("three");
  });

  it("the provider marks the request it sends: the last of params.tools and the run's tools", async () => {
    let body: Rec = {};
    const client = new Anthropic({
      apiKey: "sk-ant-test",
      baseURL: "http://replay.invalid",
      maxRetries: 0,
      fetch: async (_url: unknown, init?: { body?: unknown }) => {
        body = JSON.parse(String(init?.body)) as Rec;
        return new Response(readFixture("thinking-signature-tool-use.sse"), { headers: { "content-type": "text/event-stream" } });
      },
    });
    const input: RunAgentInput = { threadId: "t", runId: "r", state: {}, messages: toolLoop, tools: [weather], context: [], forwardedProps: {} };
    const provider = createAnthropicProvider({
      client,
      model: "claude-sonnet-4-6",
      maxTokens: 1024,
      params: { system: "Platform rules.", tools: [{ type: "web_search_20250305", name: "web_search" }] },
      promptCaching: true,
      generateId: createSequentialIds("id"),
    });
    await assertConformant(await collect(provider.stream(input)));
    expect(breakpoints(body).sort()).toEqual(["messages.2.content.0", "messages.4.content.0", "system.1", "tools.1"]);
    expect((body.tools as Rec[]).map((tool) => tool.name)).toEqual(["web_search", "get_weather"]);
  });

  it("bodies with breakpoints from random conversations and every recorded stream type-check", async () => {
    const bodies: unknown[] = [];
    const add = (messages: Message[], tools?: RunAgentInput["tools"]) => {
      const { params } = toMessagesRequest({ messages, ...(tools !== undefined && { tools }) }, { promptCaching: true });
      expect(breakpoints(params).length).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
      bodies.push({ ...params, model: "claude-sonnet-4-6", max_tokens: 1024, stream: true });
    };
    for (const conv of fc.sample(conversation, { numRuns: 25, seed: Number(process.env.FC_SEED ?? 21) })) {
      try {
        add(conv.input.messages, conv.input.tools);
      } catch (error) {
        expect(error).toBeInstanceOf(EmptyRequestError);
      }
    }
    for (const file of listSharedStreams("anthropic")) {
      const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
      if (chunks.some((chunk) => typeof chunk === "string")) continue;
      const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
      const messages = (await assertConformant(events)) as Message[];
      add([{ id: "s", role: "system", content: "Rules." }, { id: "u", role: "user", content: "hi" }, ...messages, { id: "u2", role: "user", content: "more" }], [weather]);
    }
    expect(bodies.length).toBeGreaterThan(10);
    const diagnostics = typeCheckBodies({
      dir,
      imports: 'import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/beta/messages/messages";',
      type: "MessageCreateParamsStreaming",
      bodies: [...bodies, { model: "claude-sonnet-4-6", max_tokens: 8, stream: true, messages: [{ role: "user", content: [{ type: "text", text: "x", cache_control: { type: "forever" } }] }] }],
    });
    // Exactly the deliberately wrong breakpoint is reported: the check is not vacuous.
    expect(diagnostics.slice(0, -1)).toEqual([]);
    expect(diagnostics).toHaveLength(1);
  }, 90_000);
});
