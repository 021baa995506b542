/**
 * Chat Completions shapes from the providers' own documentation and issue trackers (each test
 * names its source), as small literal streams: through the real SDK and the raw-bytes path (the
 * same output), then the conformance kit, then back through the request converter.
 */
import { assertConformant, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createOpenAIChatProvider,
  streamChatCompletions,
  toChatCompletionsRequest,
} from "../src/index.js";
import { chatChunk, chatSse, runChatBothPaths } from "./support/chat-both-paths.js";
import { collect, last, ofType } from "./support/collect.js";
import { replayClient, sdkChatChunks } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

const sse = chatSse;
const chunk = (choice: Rec, extra: Rec = {}): Rec => chatChunk(choice, extra, { id: "chatcmpl-audit", model: "m" });
const run = runChatBothPaths;

function request(messages: Message[], provider?: string): { sent: Rec[]; warnings: string[] } {
  const warnings: string[] = [];
  const { params } = toChatCompletionsRequest(
    { threadId: "t", runId: "r2", messages },
    { model: "m", ...(provider !== undefined && { provider }), onWarning: (w) => warnings.push(w.code) },
  );
  return { sent: params.messages as unknown as Rec[], warnings };
}

const user: Message = { id: "u1", role: "user", content: "Hi" };
const toolResult = (toolCallId: string): Message => ({ id: `t-${toolCallId}`, role: "tool", toolCallId, content: "ok" }) as Message;

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

describe("audio output (delta.audio: id, base64 data, transcript; the final update only expires_at; openai SDK types)", () => {
  it("the transcript is the assistant text; the audio bytes are reported once and not written as text", async () => {
    const stream = [
      chunk({ delta: { role: "assistant", content: null, audio: { id: "audio_1", transcript: "Hel" } } }),
      chunk({ delta: { audio: { data: "UklGRg==", transcript: "lo" } } }),
      chunk({ delta: { audio: { data: "AAAA" } } }),
      chunk({ delta: {}, finish_reason: "stop" }),
      chunk({ delta: { audio: { expires_at: 1700000000 } } }),
    ];
    const { events, messages } = await run(stream);
    expect(textOf(events as never)).toBe("Hello");
    expect(messages).toEqual([expect.objectContaining({ role: "assistant", content: "Hello" })]);
    const warnings: string[] = [];
    const again = await collect(streamChatCompletions(sdkChatChunks(sse(stream)), { onWarning: (w) => warnings.push(w.code) }));
    expect(last(again).type).toBe("RUN_FINISHED");
    expect(warnings).toEqual(["stream.audio-dropped"]);
  });
});

describe("Mistral tool call ids ('Tool call id was call_… but must be a-z, A-Z, 0-9, with a length of 9': langchain#24668, opencode#1680)", () => {
  const messages: Message[] = [
    user,
    {
      id: "a1",
      role: "assistant",
      content: "",
      toolCalls: [
        { id: "call_PTLP8xhu3uwZk4l3nlnrrJha", type: "function", function: { name: "get_weather", arguments: "{}" } },
        { id: "abcDEF123", type: "function", function: { name: "get_time", arguments: "{}" } },
      ],
    } as Message,
    toolResult("call_PTLP8xhu3uwZk4l3nlnrrJha"),
    toolResult("abcDEF123"),
  ];

  it("ids from elsewhere become 9 alphanumerics, the same on the call and its result; valid ones are kept", () => {
    const { sent } = request(messages, "mistral");
    const ids = (sent[1]?.tool_calls as Rec[]).map((c) => c.id as string);
    expect(ids[0]).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(ids[1]).toBe("abcDEF123");
    expect(sent.slice(2).map((m) => m.tool_call_id)).toEqual(ids);
    // Deterministic: the same conversation maps the same way on the next request.
    expect((request(messages, "mistral").sent[1]?.tool_calls as Rec[])[0]?.id).toBe(ids[0]);
    // Other dialects keep the ids as they are.
    expect((request(messages, "openai").sent[1]?.tool_calls as Rec[])[0]?.id).toBe("call_PTLP8xhu3uwZk4l3nlnrrJha");
  });
});

describe("DeepSeek thinking mode: a tool-call turn always carries reasoning_content (deepseek-harness#739: empty reasoning omitted → 400)", () => {
  it("an assistant message of a tool span without recorded reasoning gets reasoning_content: \"\"", () => {
    const messages: Message[] = [
      user,
      { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "call_00_x", type: "function", function: { name: "get_date", arguments: "{}" } }] } as Message,
      toolResult("call_00_x"),
      { id: "a2", role: "assistant", content: "It is Monday." } as Message,
      { id: "u2", role: "user", content: "Thanks" },
      { id: "a3", role: "assistant", content: "You're welcome." } as Message,
    ];
    const { sent } = request(messages, "deepseek");
    const assistants = sent.filter((m) => m.role === "assistant");
    expect(assistants.map((m) => m.reasoning_content)).toEqual(["", "", undefined]);
  });
});

describe("user image parts (ChatCompletionContentPartImage.image_url.detail, openai SDK types)", () => {
  it("carry the detail the part asked for; none when it asked none", () => {
    const messages = [
      {
        id: "u1",
        role: "user",
        content: [
          { type: "image", source: { type: "url", value: "https://example.com/a.png" }, metadata: { detail: "high" } },
          { type: "image", source: { type: "url", value: "https://example.com/b.png" } },
        ],
      },
    ] as unknown as Message[];
    const { sent } = request(messages);
    expect(sent[0]?.content).toEqual([
      { type: "image_url", image_url: { url: "https://example.com/a.png", detail: "high" } },
      { type: "image_url", image_url: { url: "https://example.com/b.png" } },
    ]);
  });
});

describe("opt-in thinkTags: <think>…</think> in content (Groq reasoning_format raw, Together's R1, vLLM/llama.cpp without a reasoning parser)", () => {
  const stream = [
    chunk({ delta: { role: "assistant", content: "<thi" } }),
    chunk({ delta: { content: "nk>The user" } }),
    chunk({ delta: { content: " greets.</th" } }),
    chunk({ delta: { content: "ink>\n\nHello <b> there" } }),
    chunk({ delta: { content: " <" } }),
    chunk({ delta: {}, finish_reason: "stop" }),
  ];

  it("splits reasoning from text across chunk boundaries, the tags removed, everything else byte for byte", async () => {
    const { events, messages } = await run(stream, { thinkTags: true });
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("The user greets.");
    expect(textOf(events as never)).toBe("\n\nHello <b> there <");
    expect(messages.map((m) => m.role)).toEqual(["reasoning", "assistant"]);
  });

  it("any chunking of the same content gives the same reasoning and text", async () => {
    const content = "<think>a < b, so </thin k> stays</think>Answer: <think";
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: content.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const pieces = [0, ...points].map((start, i) => content.slice(start, points[i] ?? content.length));
        const events = await collect(
          streamChatCompletions(
            (async function* () {
              for (const piece of pieces) yield chunk({ delta: { content: piece } });
              yield chunk({ delta: {}, finish_reason: "stop" });
            })(),
            { thinkTags: true },
          ),
        );
        await assertConformant(events);
        expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("a < b, so </thin k> stays");
        // An unclosed tag start at the end is text.
        expect(textOf(events as never)).toBe("Answer: <think");
      }),
      { numRuns: 60 },
    );
  });

  it("the Chat provider factory takes it too", async () => {
    const provider = createOpenAIChatProvider({ client: replayClient(sse(stream)), model: "qwen3", provider: "groq", thinkTags: true, generateId: createSequentialIds("p") });
    const events = await collect(provider.stream({ threadId: "t", runId: "r", messages: [user] }));
    await assertConformant(events);
    expect(textOf(events as never)).toBe("\n\nHello <b> there <");
  });

  it("is off by default: the content passes as it came", async () => {
    const { events } = await run(stream);
    expect(textOf(events as never)).toBe("<think>The user greets.</think>\n\nHello <b> there <");
  });
});

describe("generated images (OpenRouter / Vercel AI Gateway image generation: delta.images[] image_url data URLs)", () => {
  it("each image is a provider-executed image_generation call whose result is the image part", async () => {
    const image = { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" }, index: 0 };
    const { events, messages } = await run(
      [
        chunk({ delta: { role: "assistant", content: "Here it is." } }),
        chunk({ delta: { images: [image] } }),
        chunk({ delta: {}, finish_reason: "stop" }),
      ],
      { provider: "openrouter" },
    );
    expect(textOf(events as never)).toBe("Here it is.");
    const start = ofType(events, "TOOL_CALL_START")[0];
    expect(start).toMatchObject({ toolCallName: "image_generation" });
    expect(readBridgeMetadata(start?.metadata)).toMatchObject({ providerExecuted: true, providerToolType: "image_generation" });
    expect(ofType(events, "TOOL_CALL_RESULT")[0]?.content).toEqual([{ type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" } }]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "stop" });
    expect(messages.some((m) => m.role === "tool")).toBe(true);
  });
});

describe("LiteLLM proxy: delta.thinking_blocks (Anthropic thinking: text mirrored in reasoning_content, then its signature; redacted_thinking data)", () => {
  const stream = [
    chunk({ delta: { role: "assistant", reasoning_content: "Need the", thinking_blocks: [{ type: "thinking", thinking: "Need the" }] } }),
    chunk({ delta: { reasoning_content: " weather.", thinking_blocks: [{ type: "thinking", thinking: " weather." }] } }),
    chunk({ delta: { thinking_blocks: [{ type: "thinking", thinking: "", signature: "EqoBCkgIARABGAIiQL2UoU0b==" }] } }),
    chunk({ delta: { thinking_blocks: [{ type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4a" }] } }),
    chunk({ delta: { tool_calls: [{ index: 0, id: "toolu_01A", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] } }),
    chunk({ delta: {}, finish_reason: "tool_calls" }),
  ];

  it("the reasoning is written once, the signature and the redacted block are encrypted values", async () => {
    const { events, messages } = await run(stream, { provider: "litellm" });
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("Need the weather.");
    const reasoning = messages.filter((m) => m.role === "reasoning");
    expect(reasoning.map((m) => [m.content, (m as { encryptedValue?: string }).encryptedValue])).toEqual([
      ["Need the weather.", "EqoBCkgIARABGAIiQL2UoU0b=="],
      ["", "EmwKAhgBEgy3va3pzix/LafPsn4a"],
    ]);
  });

  it("goes back to the same label as the assistant message's thinking_blocks, in order", async () => {
    const { messages } = await run(stream, { provider: "litellm" });
    const { sent, warnings } = request([user, ...messages, toolResult("toolu_01A")], "litellm");
    expect(warnings).toEqual([]);
    expect(sent[1]).toMatchObject({
      role: "assistant",
      thinking_blocks: [
        { type: "thinking", thinking: "Need the weather.", signature: "EqoBCkgIARABGAIiQL2UoU0b==" },
        { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4a" },
      ],
    });
    // Elsewhere (OpenAI) nothing of it is sent.
    expect(request([user, ...messages, toolResult("toolu_01A")], "openai").sent[1]).not.toHaveProperty("thinking_blocks");
  });
});
