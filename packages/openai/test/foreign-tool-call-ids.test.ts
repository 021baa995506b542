import type { Message, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";
import { foldChatTurn } from "./support/fold-chat-turn.js";

/** A finished tool call another provider made, with its result. */
function conversation(id: string, provider = "anthropic"): RunAgentInput {
  const messages: Message[] = [
    { id: "u", role: "user", content: "Weather in Paris?" },
    { id: "a", role: "assistant", content: "", toolCalls: [{ id, type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' }, metadata: { "agui-bridge": { provider } } }] },
    { id: "t", role: "tool", toolCallId: id, content: '{"tempC":18}' },
  ];
  return { threadId: "t", runId: "r", messages };
}

type ChatMessage = { role: string; tool_calls?: Array<{ id: string }>; tool_call_id?: string };

describe("tool call ids another provider minted, on OpenAI's APIs", () => {
  const long = `srvtoolu_${"x".repeat(50)}`;

  it("Chat: an id over 40 characters is sent mapped, the tool message with the same id", () => {
    const { params, warnings } = toChatCompletionsRequest(conversation(long), { model: "gpt-4.1" });
    const [, assistant, tool] = params.messages as ChatMessage[];
    const sent = assistant?.tool_calls?.[0]?.id ?? "";
    expect(sent.length).toBeLessThanOrEqual(40);
    expect(tool?.tool_call_id).toBe(sent);
    expect(warnings.map((w) => w.code)).toContain("request.tool-call-id-mapped");
    // An id within the limit goes as it is, whoever minted it.
    const kept = toChatCompletionsRequest(conversation("functions.get_weather:0", "openrouter"), { model: "gpt-4.1" }).params.messages as ChatMessage[];
    expect(kept[1]?.tool_calls?.[0]?.id).toBe("functions.get_weather:0");
  });

  it("Chat to DeepSeek: its own call_<n>_<uuid> ids (43 characters) go back as minted; other long ids are mapped", () => {
    // maruel/genai providers/deepseek/testdata (deepseek-reasoner GenStream-Tools-SquareRoot-1): the id DeepSeek streams.
    const own = "call_0_3cd54f88-73e2-464a-bcac-9078a1980053";
    const { params, warnings } = toChatCompletionsRequest(conversation(own, "deepseek"), { model: "deepseek-reasoner", provider: "deepseek" });
    const [, assistant, tool] = params.messages as ChatMessage[];
    expect(assistant?.tool_calls?.[0]?.id).toBe(own);
    expect(tool?.tool_call_id).toBe(own);
    expect(warnings.map((w) => w.code)).not.toContain("request.tool-call-id-mapped");
    const mapped = toChatCompletionsRequest(conversation(long), { model: "deepseek-chat", provider: "deepseek" }).params.messages as ChatMessage[];
    expect(mapped[1]?.tool_calls?.[0]?.id.length).toBeLessThanOrEqual(40);
    // Another server keeps OpenAI's limit for the same id, a gateway serving a DeepSeek model too
    // (it takes DeepSeek's reasoning rule, not its ids).
    const openai = toChatCompletionsRequest(conversation(own, "deepseek"), { model: "gpt-4.1" }).params.messages as ChatMessage[];
    expect(openai[1]?.tool_calls?.[0]?.id).not.toBe(own);
    const gateway = toChatCompletionsRequest(conversation(own, "hyper"), { model: "deepseek-v4-pro", provider: "hyper" }).params.messages as ChatMessage[];
    expect(gateway[1]?.tool_calls?.[0]?.id.length).toBeLessThanOrEqual(40);
  });

  it("Responses: a call_id over 64 characters is sent mapped, its function_call_output with the same call_id", () => {
    const id = `call_${"y".repeat(80)}`;
    const { params } = toResponsesRequest(conversation(id), { model: "gpt-5-mini" });
    const items = params.input as Array<{ type?: string; call_id?: string }>;
    const call = items.find((item) => item.type === "function_call");
    const output = items.find((item) => item.type === "function_call_output");
    expect(call?.call_id?.length).toBeLessThanOrEqual(64);
    expect(output?.call_id).toBe(call?.call_id);
    expect(call?.call_id).not.toBe(id);
  });
});

describe("OpenRouter's own long tool call ids and the reasoning_details that name them", () => {
  // OpenRouter mints Gemini call ids `tool_<name>_<20 characters>` (44 here: tmc/langchaingo
  // llms/openai/testdata, TestFunctionParallelCall-streaming-openrouter-gemini-2.5-flash) and pairs a
  // `reasoning.encrypted` entry with its call by `id`.
  const id = "tool_getCurrentWeather_3lhCz5SSaZG604yaibNB";
  const chunks = [
    { id: "gen-1", object: "chat.completion.chunk", created: 1, model: "google/gemini-3-pro-preview", choices: [{ index: 0, finish_reason: "tool_calls", delta: { role: "assistant", content: null, reasoning_details: [{ type: "reasoning.encrypted", data: "EjQKMg==", format: "google-gemini-v1", id, index: 0 }], tool_calls: [{ index: 0, id, type: "function", function: { name: "getCurrentWeather", arguments: '{"location":"Boston, MA"}' } }] } }] },
  ];

  it("Chat to OpenRouter: the call is mapped to 40 characters and the entry's id follows it, the tool message too", async () => {
    const streamed = await foldChatTurn([{ id: "u", role: "user", content: "Weather in Boston?" }], chunks, "openrouter", "r1");
    const messages: Message[] = [...streamed, { id: "t", role: "tool", toolCallId: id, content: "sunny" }];
    const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model: "google/gemini-3-pro-preview", provider: "openrouter" });
    const assistant = (params.messages as unknown as Array<Record<string, unknown>>).find((m) => m.role === "assistant");
    const sent = (assistant?.tool_calls as Array<{ id: string }>)[0]!.id;
    expect(sent.length).toBeLessThanOrEqual(40);
    expect(assistant?.reasoning_details).toEqual([{ type: "reasoning.encrypted", data: "EjQKMg==", format: "google-gemini-v1", id: sent, index: 0 }]);
    expect((params.messages as ChatMessage[]).find((m) => m.role === "tool")?.tool_call_id).toBe(sent);
    expect(warnings.map((w) => w.code)).toContain("request.tool-call-id-mapped");
  });
});
