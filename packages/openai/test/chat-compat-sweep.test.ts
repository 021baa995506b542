/**
 * Chat Completions shapes found by running other projects' recorded streams of OpenAI-compatible
 * servers (Kimi / Moonshot, Qwen on DashScope) through the adapter, each reproduced here as a
 * small hand-written stream: through the real SDK and the raw-bytes path (the same output), the
 * conformance kit, then back through the request converter.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { defaultChatDialect, toChatCompletionsRequest } from "../src/index.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const chunk = (choice: Rec, extra: Rec = {}): Rec => chatChunk(choice, extra, { id: "chatcmpl-sweep", model: "kimi-k2.5" });
const run = runChatBothPaths;

function sent(messages: Message[], provider: string): Rec[] {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model: "m", provider });
  return params.messages as unknown as Rec[];
}

describe("tool call fragments without index, several in one delta (Kimi, vercel/ai moonshotai indexless fixture)", () => {
  const stream = [
    chunk({ delta: { role: "assistant", content: "" } }),
    chunk({ delta: { tool_calls: [
      { id: "weather_0", type: "function", function: { name: "weather", arguments: "" } },
      { id: "time_1", type: "function", function: { name: "time", arguments: "" } },
    ] } }),
    chunk({ delta: { tool_calls: [{ function: { arguments: "{\"city\":\"Oslo\"}" } }, { function: { arguments: "{\"zone\":\"CET\"}" } }] } }),
    chunk({ delta: {}, finish_reason: "tool_calls" }),
  ];

  it("each fragment goes to the call in the same place of the array", async () => {
    const { messages } = await run(stream);
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.role === "assistant" && assistant.toolCalls?.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ["weather_0", "weather", "{\"city\":\"Oslo\"}"],
      ["time_1", "time", "{\"zone\":\"CET\"}"],
    ]);
  });
});

describe("Kimi usage on the finishing choice (choices[0].usage, Kimi streaming guide)", () => {
  it("is recorded when the chunk has no top-level usage", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "OK" } }),
      chunk({ delta: {}, finish_reason: "stop", usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17, completion_tokens_details: { reasoning_tokens: 1 } } }),
    ]);
    expect(last(events)).toMatchObject({ usage: [{ model: "kimi-k2.5", inputTokens: 12, outputTokens: 5, reasoningTokens: 1 }] });
  });

  it("a later top-level usage of the same completion replaces it", async () => {
    const { events } = await run([
      chunk({ delta: { content: "OK" } }),
      chunk({ delta: {}, finish_reason: "stop", usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } }),
      { ...chunk({}), choices: [], usage: { prompt_tokens: 20, completion_tokens: 6, total_tokens: 26 } },
    ]);
    const usage = (last(events) as { usage?: unknown[] }).usage;
    expect(usage).toHaveLength(1);
    expect(usage?.[0]).toMatchObject({ inputTokens: 20, outputTokens: 6 });
  });

  it("Kimi's top-level cached_tokens is the cache read, inside prompt_tokens", async () => {
    const { events } = await run([
      chunk({ delta: { content: "Hi" } }),
      chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110, cached_tokens: 80 } }),
    ]);
    expect(last(events)).toMatchObject({ usage: [{ inputTokens: 100, cachedInputTokens: 80, outputTokens: 10, totalTokens: 110 }] });
  });
});

describe("Kimi thinking tool loop: the next request carries the turn's reasoning_content (Kimi thinking-model guide: 400 without it)", () => {
  const stream = [
    chunk({ delta: { role: "assistant", content: "", reasoning_content: "Need the weather." } }),
    chunk({ delta: { tool_calls: [{ index: 0, id: "functions.weather:0", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }] } }),
    chunk({ delta: {}, finish_reason: "tool_calls" }),
  ];

  for (const label of ["moonshot", "moonshotai", "kimi"]) {
    it(`label ${label}: the assistant tool-call message has reasoning_content`, async () => {
      expect(defaultChatDialect(label)).toBe("deepseek");
      const { messages } = await run(stream, { provider: label });
      const conversation: Message[] = [
        { id: "u1", role: "user", content: "Weather in Oslo?" },
        ...messages,
        { id: "t1", role: "tool", toolCallId: "functions.weather:0", content: "12°C" } as Message,
      ];
      const assistants = sent(conversation, label).filter((m) => m.role === "assistant");
      expect(assistants).toHaveLength(1);
      expect(assistants[0]).toMatchObject({ reasoning_content: "Need the weather.", tool_calls: [{ id: "functions.weather:0" }] });
    });
  }

  it("the openai label still sends no reasoning back", async () => {
    const { messages } = await run(stream);
    const conversation: Message[] = [{ id: "u1", role: "user", content: "Weather in Oslo?" }, ...messages];
    expect(sent(conversation, "openai").find((m) => m.role === "assistant")).not.toHaveProperty("reasoning_content");
  });
});

describe("a tool call streamed with no arguments goes back with \"{}\" (DashScope Qwen: 400 when function.arguments is not JSON)", () => {
  it("empty arguments become {} on the next request; other arguments pass unchanged", async () => {
    const { events, messages } = await run([
      chunk({ delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "now", arguments: "" } }] } }),
      chunk({ delta: { tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "weather", arguments: "{\"city\": \"Oslo\"}" } }] } }),
      chunk({ delta: {}, finish_reason: "tool_calls" }),
    ], { provider: "qwen" });
    expect(ofType(events, "TOOL_CALL_START")).toHaveLength(2);
    const assistant = sent([{ id: "u1", role: "user", content: "Hi" }, ...messages], "qwen").find((m) => m.role === "assistant");
    expect((assistant?.tool_calls as Array<{ function: { arguments: string } }>).map((c) => c.function.arguments)).toEqual(["{}", "{\"city\": \"Oslo\"}"]);
  });

  it("arguments cut off mid-stream go back as {} (with a warning) to other servers, unchanged to OpenAI", () => {
    const conversation: Message[] = [
      { id: "u1", role: "user", content: "Hi" },
      { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "call_cut", type: "function", function: { name: "weather", arguments: "{\"city\": \"Os" } }] },
      { id: "t1", role: "tool", toolCallId: "call_cut", content: "error" } as Message,
    ];
    const warnings: string[] = [];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: conversation }, { model: "qwen-plus", provider: "qwen", onWarning: (w) => warnings.push(w.code) });
    expect((params.messages as unknown as Rec[])[1]).toMatchObject({ tool_calls: [{ function: { arguments: "{}" } }] });
    expect(warnings).toContain("request.tool-arguments-replaced");
    expect(sent(conversation, "openai")[1]).toMatchObject({ tool_calls: [{ function: { arguments: "{\"city\": \"Os" } }] });
  });
});

describe("Mistral role order: no user message right after tool results (Mistral 400 invalid_request_message_order, 'Unexpected role 'user' after role 'tool'')", () => {
  const conversation: Message[] = [
    { id: "u1", role: "user", content: "Weather in Oslo?" },
    { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "abcDEF123", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }] },
    { id: "t1", role: "tool", toolCallId: "abcDEF123", content: "12°C" } as Message,
    { id: "u2", role: "user", content: "And in Bergen?" },
  ];

  it("mistral: an assistant message goes between the tool result and the user's next message, with a warning", () => {
    const warnings: string[] = [];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: conversation }, { model: "mistral-small-latest", provider: "mistral", onWarning: (w) => warnings.push(w.code) });
    const roles = (params.messages as unknown as Rec[]).map((m) => m.role);
    expect(roles).toEqual(["user", "assistant", "tool", "assistant", "user"]);
    const bridge = (params.messages as unknown as Rec[])[3];
    expect(typeof bridge?.content === "string" && bridge.content.length > 0).toBe(true);
    expect(warnings).toContain("request.assistant-bridge-inserted");
  });

  it("mistral: a conversation ending on tool results, or answered by the model, is left as it is", () => {
    const answered: Message[] = [...conversation.slice(0, 3), { id: "a2", role: "assistant", content: "12°C in Oslo." }, conversation[3] as Message];
    for (const messages of [conversation.slice(0, 3), answered]) {
      const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model: "m", provider: "mistral" });
      expect((params.messages as unknown as Rec[]).map((m) => m.role)).toEqual(messages.map((m) => m.role));
      expect(warnings.map((w) => w.code)).not.toContain("request.assistant-bridge-inserted");
    }
  });

  it("other dialects keep tool → user as it is (OpenAI accepts it)", () => {
    expect(sent(conversation, "openai").map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"]);
  });
});

describe("an error frame whose error is a bare string (local OpenAI-compatible servers: {\"error\":\"...\"})", () => {
  it("ends the run with RUN_ERROR carrying that string as the message, the text so far kept", async () => {
    const { events, messages } = await run([chunk({ delta: { role: "assistant", content: "Hel" } }), { error: "Model unloaded." }]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", message: "Model unloaded." });
    expect(messages.find((m) => m.role === "assistant")?.content).toBe("Hel");
  });
});

describe("Anthropic-style cache counters at the top of a Chat usage (LiteLLM proxy, Vercel AI Gateway: cache_creation_input_tokens / cache_read_input_tokens)", () => {
  it("cache writes and reads are read from them, inside prompt_tokens when total_tokens says so", async () => {
    const { events } = await run([
      chunk({ delta: { content: "Hi" } }),
      chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 1300, completion_tokens: 20, total_tokens: 1320, prompt_tokens_details: { cached_tokens: 1000 }, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 } }),
    ], { provider: "litellm" });
    expect(last(events)).toMatchObject({ usage: [{ inputTokens: 1300, cachedInputTokens: 1000, cacheWriteInputTokens: 200, outputTokens: 20 }] });
  });

  it("beside prompt_tokens (Anthropic's own counting) they are added in", async () => {
    const { events } = await run([
      chunk({ delta: { content: "Hi" } }),
      chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 1320, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 } }),
    ], { provider: "litellm" });
    expect(last(events)).toMatchObject({ usage: [{ inputTokens: 1300, cachedInputTokens: 1000, cacheWriteInputTokens: 200, outputTokens: 20, totalTokens: 1320 }] });
  });
});

describe("Gemini OpenAI compatibility: calls without index, a late signature-only fragment naming an earlier call (open-webui/computer#224, securo#889)", () => {
  const stream = [
    chunk({ delta: { role: "assistant", tool_calls: [{ id: "function-call-1", type: "function", function: { name: "a", arguments: "{}" } }] } }),
    chunk({ delta: { tool_calls: [{ id: "function-call-2", type: "function", function: { name: "b", arguments: "{\"x\":1}" } }] } }),
    chunk({ delta: { tool_calls: [{ id: "function-call-1", extra_content: { google: { thought_signature: "SIG_1" } } }] } }),
    chunk({ delta: {}, finish_reason: "stop" }),
  ];

  it("the signature goes on the call it names; no call without a name appears", async () => {
    const { events, messages } = await run(stream, { provider: "gemini" });
    expect(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName])).toEqual([["function-call-1", "a"], ["function-call-2", "b"]]);
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toMatchObject([{ subtype: "tool-call", entityId: "function-call-1", encryptedValue: "SIG_1" }]);
    expect(last(events)).toMatchObject({ outcome: { pendingToolCallIds: ["function-call-1", "function-call-2"] } });
    const conversation: Message[] = [
      { id: "u1", role: "user", content: "Hi" },
      ...messages,
      { id: "t1", role: "tool", toolCallId: "function-call-1", content: "1" } as Message,
      { id: "t2", role: "tool", toolCallId: "function-call-2", content: "2" } as Message,
    ];
    const assistant = sent(conversation, "gemini").find((m) => m.role === "assistant");
    expect(assistant?.tool_calls).toMatchObject([
      { id: "function-call-1", extra_content: { google: { thought_signature: "SIG_1" } } },
      { id: "function-call-2", function: { arguments: "{\"x\":1}" } },
    ]);
    expect((assistant?.tool_calls as Rec[])[1]).not.toHaveProperty("extra_content");
  });

  it("with an explicit index, a fragment keeps index semantics (two calls sharing an id stay two calls)", async () => {
    const { events } = await run([
      chunk({ delta: { tool_calls: [{ index: 0, id: "dup", type: "function", function: { name: "a", arguments: "{}" } }] } }),
      chunk({ delta: { tool_calls: [{ index: 1, id: "dup", type: "function", function: { name: "b", arguments: "{}" } }] } }),
      chunk({ delta: {}, finish_reason: "tool_calls" }),
    ]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallName)).toEqual(["a", "b"]);
  });
});

describe("LiteLLM proxy: Gemini 3 tool call ids carry the thought signature (`<id>__thought__<signature>`, BerriAI/litellm#16895)", () => {
  const longId = `call_a1b2c3__thought__${"Q2lnQUFR".repeat(12)}`;
  const conversation: Message[] = [
    { id: "u1", role: "user", content: "Weather?" },
    { id: "a1", role: "assistant", content: "", toolCalls: [{ id: longId, type: "function", function: { name: "weather", arguments: "{}" } }] },
    { id: "t1", role: "tool", toolCallId: longId, content: "12°C" } as Message,
  ];

  it("litellm: the id goes back as sent, on the call and its result (no 40-character mapping)", () => {
    const messages = sent(conversation, "litellm");
    expect(messages[1]).toMatchObject({ tool_calls: [{ id: longId }] });
    expect(messages[2]).toMatchObject({ tool_call_id: longId });
  });

  it("litellm: another provider's long id (no signature in it) is mapped to at most 40 characters, call and result alike", () => {
    const foreign = `fc_${"0123456789abcdef".repeat(4)}`;
    const messages = sent(JSON.parse(JSON.stringify(conversation).replaceAll(longId, foreign)) as Message[], "litellm");
    const id = (messages[1]?.tool_calls as Array<{ id: string }>)[0]?.id ?? "";
    expect(id).not.toBe(foreign);
    expect(id.length).toBeLessThanOrEqual(40);
    expect(messages[2]).toMatchObject({ tool_call_id: id });
  });

  it("openai: the same id is mapped to at most 40 characters, call and result alike", () => {
    const messages = sent(conversation, "openai");
    const id = (messages[1]?.tool_calls as Array<{ id: string }>)[0]?.id ?? "";
    expect(id.length).toBeLessThanOrEqual(40);
    expect(messages[2]).toMatchObject({ tool_call_id: id });
  });
});

describe("Perplexity role order (400 invalid_message: 'After the (optional) system message(s), user and assistant roles should be alternating.')", () => {
  const conversation: Message[] = [
    { id: "s1", role: "system", content: "Be brief." },
    { id: "u1", role: "user", content: "Hello!" },
    { id: "u2", role: "user", content: "How are you?" },
    { id: "a1", role: "assistant", content: "Fine." },
    { id: "d1", role: "developer", content: "Cite sources." },
    { id: "u3", role: "user", content: [{ type: "text", text: "What is new?" }] } as Message,
  ];

  it("perplexity: systems first, consecutive user messages joined in order, with one warning", () => {
    const warnings: string[] = [];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: conversation }, { model: "sonar", provider: "perplexity", onWarning: (w) => warnings.push(w.code) });
    const messages = params.messages as unknown as Rec[];
    expect(messages.map((m) => m.role)).toEqual(["system", "system", "user", "assistant", "user"]);
    expect(messages[0]?.content).toBe("Be brief.");
    expect(messages[1]?.content).toBe("Cite sources.");
    expect(messages[2]?.content).toBe("Hello!\n\nHow are you?");
    expect(JSON.stringify(messages[4]?.content)).toContain("What is new?");
    expect(warnings.filter((c) => c === "request.role-order-fitted")).toHaveLength(1);
  });

  it("an alternating conversation is left as it is; other labels keep consecutive user messages", () => {
    const alternating = [conversation[0], conversation[1], conversation[3], conversation[5]] as Message[];
    const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: alternating }, { model: "sonar", provider: "perplexity" });
    expect((params.messages as unknown as Rec[]).map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(warnings.map((w) => w.code)).not.toContain("request.role-order-fitted");
    expect(sent(conversation, "openai").map((m) => m.role)).toEqual(["system", "user", "user", "assistant", "developer", "user"]);
  });
});
