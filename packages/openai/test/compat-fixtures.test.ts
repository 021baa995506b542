import { assertConformant, reasoningOf, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, toChatCompletionsRequest, type ChatStreamOptions } from "../src/index.js";
import { collect, last, ofType, toJsonl } from "./support/collect.js";
import { expectedPath, readFixture, sdkChatChunks } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;
const FORMAT = "openai-chat";

/** Our fixture for one dialect rule, through the real SDK, snapshotted beside the assertions. */
async function run(name: string, options: ChatStreamOptions, prefix = "id", snapshot = true): Promise<{ events: Event[]; messages: Message[] }> {
  const events = await collect(
    streamChatCompletions(sdkChatChunks(readFixture(FORMAT, name)), { generateId: createSequentialIds(prefix), threadId: "thread-1", runId: "run-1", ...options }),
  );
  if (snapshot) await expect(toJsonl(events)).toMatchFileSnapshot(expectedPath(FORMAT, name));
  return { events, messages: (await assertConformant(events)) as Message[] };
}

function request(messages: Message[], options: Parameters<typeof toChatCompletionsRequest>[1]) {
  const warnings: string[] = [];
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { ...options, onWarning: (w) => warnings.push(w.code) });
  return { sent: params.messages as unknown as Rec[], warnings };
}

const toolResult = (id: string, toolCallId: string, content: string): Message => ({ id, role: "tool", toolCallId, content }) as Message;

describe("OpenRouter reasoning_details (our fixtures, after OpenRouter's reasoning-tokens guide)", () => {
  it("Claude through OpenRouter: reasoning.text fragments → one reasoning message, the signature its encrypted value, rebuilt exactly", async () => {
    const { events, messages } = await run("openrouter-anthropic-thinking-signature", { provider: "openrouter" });
    // The duplicate `reasoning` string beside each entry is not written twice.
    expect(reasoningOf(events as never)).toBe("The user wants the weather in Paris; I’ll call get_weather.");
    expect(textOf(events as never)).toBe("Checking.");
    const reasoning = messages.find((m) => m.role === "reasoning");
    expect(reasoning).toMatchObject({ encryptedValue: "EqQBCkgIBxABGAIiQL2Z+sig/part1==part2" });
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([
      expect.objectContaining({ subtype: "message", entityId: reasoning?.id, encryptedValue: "EqQBCkgIBxABGAIiQL2Z+sig/part1==part2" }),
    ]);
    expect(readBridgeMetadata(last(events).metadata)?.costs).toEqual([
      { callId: "gen-1780000000-AnthropicThinkTool01", provider: "openrouter", model: "anthropic/claude-sonnet-4.5", upstreamProvider: "Anthropic", cost: 0.002181, isByok: false },
    ]);
    const { sent, warnings } = request([...messages, toolResult("t1", "toolu_01ParisWeather", "18C")], { model: "anthropic/claude-sonnet-4.5", provider: "openrouter" });
    expect(warnings).toEqual([]);
    expect(sent).toEqual([
      {
        role: "assistant",
        content: "Checking.",
        reasoning_details: [
          {
            type: "reasoning.text",
            format: "anthropic-claude-v1",
            index: 0,
            text: "The user wants the weather in Paris; I’ll call get_weather.",
            signature: "EqQBCkgIBxABGAIiQL2Z+sig/part1==part2",
          },
        ],
        tool_calls: [{ id: "toolu_01ParisWeather", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }],
      },
      { role: "tool", tool_call_id: "toolu_01ParisWeather", content: "18C" },
    ]);
  });

  it("Gemini through OpenRouter: each thought signature on the call its id names, even when it arrives before that call; order kept", async () => {
    const { events, messages } = await run("openrouter-gemini-signature-per-call", { provider: "openrouter" });
    const encrypted = ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => [e.subtype, e.entityId, e.encryptedValue]);
    expect(encrypted).toEqual([
      ["tool-call", "tool_get_weather_Paris01", "CiQBsigA/sigForParis"],
      ["tool-call", "tool_get_weather_Tokyo02", "CiQBsigB/sigForTokyo"],
    ]);
    // Each value follows its call's TOOL_CALL_START (a consumer can store it there).
    const types = events.map((e) => ("toolCallId" in e ? `${e.type}:${String(e.toolCallId)}` : "entityId" in e ? `${e.type}:${String(e.entityId)}` : e.type));
    expect(types.indexOf("REASONING_ENCRYPTED_VALUE:tool_get_weather_Tokyo02")).toBe(types.indexOf("TOOL_CALL_START:tool_get_weather_Tokyo02") + 1);
    const assistant = messages.find((m) => m.role === "assistant") as { toolCalls?: Array<{ id: string; encryptedValue?: string }> };
    expect(assistant.toolCalls?.map((c) => [c.id, c.encryptedValue])).toEqual([
      ["tool_get_weather_Paris01", "CiQBsigA/sigForParis"],
      ["tool_get_weather_Tokyo02", "CiQBsigB/sigForTokyo"],
    ]);
    const { sent } = request(
      [...messages, toolResult("t1", "tool_get_weather_Paris01", "18C"), toolResult("t2", "tool_get_weather_Tokyo02", "24C")],
      { model: "google/gemini-3-pro-preview", provider: "openrouter" },
    );
    expect(sent[0]?.reasoning_details).toEqual([
      { type: "reasoning.text", format: "google-gemini-v1", index: 0, text: "**Planning** two lookups." },
      { type: "reasoning.encrypted", id: "tool_get_weather_Paris01", format: "google-gemini-v1", index: 1, data: "CiQBsigA/sigForParis" },
      { type: "reasoning.encrypted", id: "tool_get_weather_Tokyo02", format: "google-gemini-v1", index: 2, data: "CiQBsigB/sigForTokyo" },
    ]);
    expect(sent.map((m) => m.role)).toEqual(["assistant", "tool", "tool"]);
  });

  it("values go back only under the label that minted them; the openai dialect sends none", async () => {
    const { messages } = await run("openrouter-gemini-signature-per-call", { provider: "openrouter" });
    const foreign = request(messages, { model: "m", provider: "vercel" });
    expect(JSON.stringify(foreign.sent)).not.toMatch(/sigFor|reasoning_details/);
    expect(foreign.warnings).toContain("request.encrypted-value-dropped");
    const plain = request(messages, { model: "m", provider: "openrouter", dialect: "openai" });
    expect(JSON.stringify(plain.sent)).not.toMatch(/sigFor|reasoning_details/);
  });
});

describe("Mistral content arrays (our fixtures, after Mistral's reasoning docs)", () => {
  it("thinking chunks → reasoning; a chunk ending the thinking and starting the answer loses nothing (CRLF framing)", async () => {
    const { events, messages } = await run("mistral-thinking-then-answer-mixed-chunk", { provider: "mistral" });
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["reasoning", "12 × 12 = 144. Done."],
      ["assistant", "144 it is."],
    ]);
    const types: string[] = events.map((e) => e.type);
    expect(types.indexOf("REASONING_END")).toBeLessThan(types.indexOf("TEXT_MESSAGE_START"));
    // The mistral dialect sends the thinking back as Mistral's own chunks, before the text (and,
    // the conversation ending with it, as the prefix Mistral requires of a last assistant message).
    const { sent } = request(messages, { model: "magistral-medium-latest", provider: "mistral" });
    expect(sent).toEqual([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: [{ type: "text", text: "12 × 12 = 144. Done." }], closed: true },
          { type: "text", text: "144 it is." },
        ],
        prefix: true,
      },
    ]);
    // Minted under another label, or to another dialect: only the text goes.
    expect(request(messages, { model: "m", provider: "openai" }).sent).toEqual([{ role: "assistant", content: "144 it is." }]);
  });

  it("whole tool calls without index, two in one chunk: two calls, arguments intact", async () => {
    const { events } = await run("mistral-tool-calls-without-index", { provider: "mistral" });
    expect(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName])).toEqual([
      ["D681PevKs", "add"],
      ["A42xQp9Lm", "multiply"],
    ]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"a": 2, "b": 3}', '{"a": 2, "b": 3}']);
    expect(last(events)).toMatchObject({ outcome: { pendingToolCallIds: ["D681PevKs", "A42xQp9Lm"] } });
  });
});

describe("DeepSeek thinking mode (our fixtures, after DeepSeek's thinking-mode guide)", () => {
  it("reasoning_content goes back on every assistant message of a user turn that made tool calls, and nowhere else", async () => {
    const first = await run("deepseek-thinking-tool-turn", { provider: "deepseek" }, "a");
    const second = await run("deepseek-thinking-answer-turn", { provider: "deepseek" }, "b");
    expect(last(first.events)).toMatchObject({ usage: [{ provider: "deepseek", inputTokens: 100, cachedInputTokens: 64, outputTokens: 20, reasoningTokens: 9 }] });
    // No cached_tokens detail: DeepSeek's prompt_cache_hit_tokens is the cache read.
    expect(last(second.events)).toMatchObject({ usage: [{ inputTokens: 140, cachedInputTokens: 128, outputTokens: 18 }] });
    const user = (id: string, content: string): Message => ({ id, role: "user", content }) as Message;
    const conversation = [user("u1", "What's the date?"), ...first.messages, toolResult("t1", "call_00_DeepSeekDate01", "2026-12-01"), ...second.messages];
    const { sent, warnings } = request(conversation, { model: "deepseek-v4-flash", provider: "deepseek" });
    expect(warnings).toEqual([]);
    expect(sent).toEqual([
      { role: "user", content: "What's the date?" },
      {
        role: "assistant",
        content: null,
        reasoning_content: "Need today's date; call get_date.",
        tool_calls: [{ id: "call_00_DeepSeekDate01", type: "function", function: { name: "get_date", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "call_00_DeepSeekDate01", content: "2026-12-01" },
      // The answer after the tool result belongs to the same user turn: its reasoning goes back too.
      { role: "assistant", content: "Today is 2026-12-01.", reasoning_content: "The tool said 2026-12-01." },
    ]);
    // A later user turn without tool calls: its reasoning stays out (DeepSeek ignores it there).
    const later = await run("deepseek-thinking-answer-turn", { provider: "deepseek" }, "c", false);
    const next = request([...conversation, user("u2", "Thanks"), ...later.messages], { model: "deepseek-v4-flash", provider: "deepseek" });
    expect(next.sent.map((m) => "reasoning_content" in m)).toEqual([false, true, false, true, false, false]);
    // The same conversation to OpenAI carries no reasoning at all.
    expect(JSON.stringify(request(conversation, { model: "gpt-5" }).sent)).not.toContain("reasoning");
  });
});

describe("usage dialects (our fixtures): parts beside their totals are added in", () => {
  it("xAI: total_tokens = prompt + completion + reasoning → reasoning added to the output; xAI's cost ticks on the terminal event", async () => {
    const { events } = await run("xai-reasoning-beside-completion", { provider: "xai" });
    expect(last(events)).toMatchObject({
      usage: [{ provider: "xai", model: "grok-4", inputTokens: 50, cachedInputTokens: 10, outputTokens: 102, reasoningTokens: 100, totalTokens: 152 }],
    });
    expect(readBridgeMetadata(last(events).metadata)?.costs).toEqual([{ callId: "xai-usage-1", provider: "xai", model: "grok-4", costInUsdTicks: 123450000 }]);
  });

  it("a cache count larger than the prompt count can only be beside it: added to the input", async () => {
    const { events } = await run("gateway-cached-beside-prompt", { provider: "openrouter" });
    expect(last(events)).toMatchObject({ usage: [{ inputTokens: 1020, cachedInputTokens: 1000, outputTokens: 5, totalTokens: 1025 }] });
  });
});
