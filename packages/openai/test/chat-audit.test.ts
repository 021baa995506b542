/**
 * Chat Completions shapes from the providers' own documentation and issue trackers (each test
 * names its source), as small literal streams: through the real SDK and the raw-bytes path (the
 * same output), then the conformance kit, then back through the request converter. Continued in
 * chat-audit-servers.test.ts (audio, Mistral ids, DeepSeek, images, think tags, LiteLLM).
 */
import { textOf } from "@agui-bridge/conformance";
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";
import { last, ofType } from "./support/collect.js";
import { type Rec, chunk, run, request, user, toolResult } from "./support/chat-audit-helpers.js";

describe("OpenAI custom tool calls (ChatCompletionChunk delta.tool_calls[].custom, openai SDK types)", () => {
  const stream = [
    chunk({ delta: { role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_custom1", type: "custom", custom: { name: "code_exec", input: "" } }] } }),
    chunk({ delta: { tool_calls: [{ index: 0, custom: { input: "print(" } }] } }),
    chunk({ delta: { tool_calls: [{ index: 0, custom: { input: "1)" } }] } }),
    chunk({ delta: {}, finish_reason: "tool_calls" }),
  ];

  it("streams the name and the input, marked itemType custom_tool_call", async () => {
    const { events } = await run(stream);
    expect(ofType(events, "TOOL_CALL_START")).toEqual([expect.objectContaining({ toolCallId: "call_custom1", toolCallName: "code_exec" })]);
    expect(readBridgeMetadata(ofType(events, "TOOL_CALL_START")[0]?.metadata)?.itemType).toBe("custom_tool_call");
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe("print(1)");
  });

  it("goes back as a custom tool call, its result as a tool message", async () => {
    const { messages } = await run(stream);
    const { sent, warnings } = request([user, ...messages, toolResult("call_custom1")]);
    expect(warnings).toEqual([]);
    expect(sent.slice(1)).toEqual([
      { role: "assistant", content: null, tool_calls: [{ id: "call_custom1", type: "custom", custom: { name: "code_exec", input: "print(1)" } }] },
      { role: "tool", tool_call_id: "call_custom1", content: "ok" },
    ]);
  });
});

describe("Gemini OpenAI compatibility: tool_calls[].extra_content.google.thought_signature (Gemini thought-signatures guide)", () => {
  const stream = [
    chunk({
      delta: {
        role: "assistant",
        tool_calls: [
          {
            id: "function-call-1",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Paris"}' },
            extra_content: { google: { thought_signature: "CrICAdHtim827fQ==" } },
          },
        ],
      },
    }),
    chunk({ delta: {}, finish_reason: "tool_calls" }),
  ];

  it("the signature is the call's encrypted value, kind google-thought-signature", async () => {
    const { events, messages } = await run(stream, { provider: "gemini" });
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([
      expect.objectContaining({ subtype: "tool-call", entityId: "function-call-1", encryptedValue: "CrICAdHtim827fQ==" }),
    ]);
    const call = messages.find((m) => m.role === "assistant")?.toolCalls?.[0];
    expect(call).toMatchObject({ id: "function-call-1", encryptedValue: "CrICAdHtim827fQ==" });
    expect(readBridgeMetadata(call?.metadata)?.encryptedKind).toBe("google-thought-signature");
  });

  it("goes back on the call to the same label only; elsewhere it is dropped with a warning", async () => {
    const { messages } = await run(stream, { provider: "gemini" });
    const back = request([user, ...messages, toolResult("function-call-1")], "gemini");
    expect(back.warnings).toEqual([]);
    expect((back.sent[1]?.tool_calls as Rec[])[0]).toEqual({
      id: "function-call-1",
      type: "function",
      function: { name: "get_weather", arguments: '{"city":"Paris"}' },
      extra_content: { google: { thought_signature: "CrICAdHtim827fQ==" } },
    });
    const elsewhere = request([user, ...messages, toolResult("function-call-1")], "openai");
    expect((elsewhere.sent[1]?.tool_calls as Rec[])[0]).not.toHaveProperty("extra_content");
    expect(elsewhere.warnings).toContain("request.encrypted-value-dropped");
  });
});

describe("url_citation annotations (openai-java#297: gpt-4o-search-preview's last delta; OpenRouter web plugin)", () => {
  const citation = { type: "url_citation", url_citation: { url: "https://example.com/a", title: "A", start_index: 0, end_index: 5 } };

  it("annotation-only deltas land on the text's TEXT_MESSAGE_END, exact repeats once", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "" } }),
      chunk({ delta: { content: "Paris" } }),
      chunk({ delta: { annotations: [citation] } }),
      // OpenRouter through some gateways: the same citation again, beside the delta.
      chunk({ delta: {}, annotations: [citation] }),
      chunk({ delta: {}, finish_reason: "stop" }),
    ]);
    expect(textOf(events as never)).toBe("Paris");
    const end = ofType(events, "TEXT_MESSAGE_END")[0];
    expect(readBridgeMetadata(end?.metadata)?.annotations).toEqual([citation]);
  });
});

describe("finish reasons of compatible servers", () => {
  it.each([
    ["eos", "stop"], // Together (openai-dotnet#267)
    ["eos_token", "stop"], // TGI, watsonx (text-generation-inference#2344)
  ])("%s → %s", async (raw, reason) => {
    const { events } = await run([chunk({ delta: { content: "x" } }), chunk({ delta: {}, finish_reason: raw })]);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: reason, rawFinishReason: raw });
  });

  it('finish_reason "error" (OpenRouter: the model finished with an error) ends in RUN_ERROR, the choice\'s error read', async () => {
    const { events } = await run([
      chunk({ delta: { content: "Partial" } }),
      chunk({ delta: { content: "" }, finish_reason: "error", error: { code: 502, message: "Upstream model went away" } }),
    ]);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", message: "Upstream model went away" });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ finishReason: "error", rawFinishReason: "error" });
    expect(textOf(events as never)).toBe("Partial");
  });

  it('finish_reason "error" without an error object is a RUN_ERROR too', async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }), chunk({ delta: {}, finish_reason: "error" })]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "provider_error" });
  });
});

describe("OpenRouter mid-stream error chunk (OpenRouter errors guide: error.code is a number)", () => {
  it("the numeric code is the RUN_ERROR code and its category", async () => {
    const { events } = await run([
      chunk({ delta: { content: "Partial" } }),
      { id: "gen-1", object: "chat.completion.chunk", created: 1, model: "m", provider: "OpenAI", error: { code: 502, message: "Provider returned error" }, choices: [{ index: 0, delta: { content: "" }, finish_reason: "error" }] },
    ]);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", message: "Provider returned error", code: "502" });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "server", retryable: true });
  });
});

describe("tool call arguments sent as a JSON object (llama.cpp#20198, text-generation-inference#2136)", () => {
  it("pass as the object's JSON text", async () => {
    const { events, messages } = await run([
      chunk({ delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_obj", type: "function", function: { name: "get_weather", arguments: { city: "Paris" } } }] } }),
      chunk({ delta: {}, finish_reason: "tool_calls" }),
    ]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"city":"Paris"}']);
    expect(messages.find((m) => m.role === "assistant")?.toolCalls?.[0]?.function.arguments).toBe('{"city":"Paris"}');
  });
});

describe("Groq: usage only under x_groq (Groq API reference, x_groq.usage on the last chunk)", () => {
  it("is recorded when the chunk carries no usage", async () => {
    const { events } = await run([
      chunk({ delta: { content: "hi" } }),
      chunk({ delta: {}, finish_reason: "stop" }, { x_groq: { id: "req_1", usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25, queue_time: 0.1 } } }),
    ], { provider: "groq" });
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", usage: [{ provider: "groq", inputTokens: 20, outputTokens: 5, totalTokens: 25 }] });
  });
});

describe("the deprecated functions API (delta.function_call, finish_reason function_call; openai SDK types)", () => {
  it("streams as one tool call", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: null, function_call: { name: "get_weather", arguments: "" } } }),
      chunk({ delta: { function_call: { arguments: '{"city":' } } }),
      chunk({ delta: { function_call: { arguments: '"Paris"}' } } }),
      chunk({ delta: {}, finish_reason: "function_call" }),
    ]);
    expect(ofType(events, "TOOL_CALL_START")).toEqual([expect.objectContaining({ toolCallName: "get_weather" })]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"city":"Paris"}');
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "tool-calls" });
  });
});

describe("request rules of compatible servers", () => {
  const input = {
    threadId: "t",
    runId: "r",
    messages: [
      { id: "d1", role: "developer", content: "Be brief." },
      { id: "u1", role: "user", content: "Hi" },
    ],
  } as const;

  it("developer messages go as system messages to servers other than OpenAI's platforms (DeepSeek: unknown variant `developer`, pi#1048; DeepInfra 422, pi#1578)", () => {
    for (const provider of ["deepseek", "mistral", "groq", "openrouter", "ollama"]) {
      const { params } = toChatCompletionsRequest(structuredClone(input) as never, { model: "m", provider });
      expect((params.messages[0] as unknown as Rec).role, provider).toBe("system");
      expect(params.messages[0]).toMatchObject({ content: "Be brief." });
    }
    for (const provider of [undefined, "azure-openai"]) {
      const { params } = toChatCompletionsRequest(structuredClone(input) as never, { model: "m", ...(provider !== undefined && { provider }) });
      expect((params.messages[0] as unknown as Rec).role).toBe("developer");
    }
  });

  it("Mistral gets no stream_options (422 extra_forbidden; it sends usage on its last chunk unasked: openai-agents-python#442)", () => {
    const { params } = toChatCompletionsRequest(structuredClone(input) as never, { model: "mistral-large-latest", provider: "mistral" });
    expect(params).not.toHaveProperty("stream_options");
    expect(params.stream).toBe(true);
    // Stream options the caller sets are passed as given.
    const own = toChatCompletionsRequest(structuredClone(input) as never, { model: "m", provider: "mistral", params: { stream_options: { include_usage: true } } });
    expect(own.params.stream_options).toEqual({ include_usage: true });
    const openai = toChatCompletionsRequest(structuredClone(input) as never, { model: "m" });
    expect(openai.params.stream_options).toEqual({ include_usage: true });
  });
});

describe('finish_reason "stop" on a turn that made tool calls (Gemini\'s OpenAI compatibility: litellm#10485, OpenRouterTeam/ai-sdk-provider#288)', () => {
  it("is tool-calls, the raw value kept", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", tool_calls: [{ id: "call_g1", type: "function", function: { name: "get_weather", arguments: "{}" } }] } }),
      chunk({ delta: {}, finish_reason: "stop" }),
    ], { provider: "gemini" });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "tool-calls", rawFinishReason: "stop" });
  });

  it("a text-only turn stays stop", async () => {
    const { events } = await run([chunk({ delta: { content: "hi" } }), chunk({ delta: {}, finish_reason: "stop" })]);
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "stop", rawFinishReason: "stop" });
  });
});
