/**
 * Chat Completions shapes from the providers' own documentation and issue trackers, continued from
 * chat-audit.test.ts: audio output, Mistral tool call ids, DeepSeek thinking mode, image parts,
 * opt-in think tags, generated images and LiteLLM's thinking blocks. Each test names its source.
 */
import { assertConformant, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type Message } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createOpenAIChatProvider, streamChatCompletions, toChatCompletionsRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";
import { replayClient, sdkChatChunks } from "./support/sdk-replay.js";
import { type Rec, sse, chunk, run, request, user, toolResult } from "./support/chat-audit-helpers.js";

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

  it("a Mistral model behind another label (OpenRouter's mistralai/…, a vLLM server) gets Mistral's ids too; another model there keeps them", () => {
    const idsFor = (provider: string, model: string): string[] => {
      const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model, provider });
      return ((params.messages as unknown as Rec[])[1]?.tool_calls as Rec[]).map((c) => c.id as string);
    };
    for (const [provider, model] of [["openrouter", "mistralai/mistral-large-2411"], ["vllm", "mistralai/Magistral-Small-2509"]] as const) {
      const ids = idsFor(provider, model);
      expect(ids[0]).toMatch(/^[a-zA-Z0-9]{9}$/);
      expect(ids[1]).toBe("abcDEF123");
    }
    expect(idsFor("openrouter", "openai/gpt-5")[0]).toBe("call_PTLP8xhu3uwZk4l3nlnrrJha");
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

/** `content` streamed cut at `cuts` (one chunk a piece, then the finish), through the Chat adapter; the events, checked conformant. */
async function streamCutAt(content: string, cuts: readonly number[], options: Parameters<typeof streamChatCompletions>[1]): Promise<Event[]> {
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  const pieces = [0, ...points].map((start, i) => content.slice(start, points[i] ?? content.length));
  const events = await collect(
    streamChatCompletions(
      (async function* () {
        for (const piece of pieces) yield chunk({ delta: { content: piece } });
        yield chunk({ delta: {}, finish_reason: "stop" });
      })(),
      options,
    ),
  );
  await assertConformant(events);
  return events;
}

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
        const events = await streamCutAt(content, cuts, { thinkTags: true });
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

describe("thinkTags { startWithReasoning }: the chat template opened the tag, only </think> streams (Together's Qwen3-235B-A22B-Thinking-2507)", () => {
  // maruel/genai's Together cassette: the reasoning comes first in content, with no opening tag.
  const stream = [
    chunk({ delta: { role: "assistant", content: "Okay, the user" } }),
    chunk({ delta: { content: " asks 2+2.\n</th" } }),
    chunk({ delta: { content: "ink>\n\n4" } }),
    chunk({ delta: {}, finish_reason: "stop" }),
  ];

  it("what comes before the closing tag is the reasoning, the rest the text", async () => {
    const { events, messages } = await run(stream, { thinkTags: { startWithReasoning: true } });
    await assertConformant(events);
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("Okay, the user asks 2+2.\n");
    expect(textOf(events as never)).toBe("\n\n4");
    expect(messages.map((m) => m.role)).toEqual(["reasoning", "assistant"]);
  });

  it("an opening tag written anyway at the very start (split, after whitespace) is removed; a later one is reasoning text", async () => {
    const content = "\n<think>a <think> b</think>Answer";
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: content.length - 1 }), { maxLength: 10 }), async (cuts) => {
        const events = await streamCutAt(content, cuts, { thinkTags: { startWithReasoning: true } });
        expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("\na <think> b");
        expect(textOf(events as never)).toBe("Answer");
      }),
      { numRuns: 60 },
    );
  });

  it("a stream that never closes the tag is all reasoning; `tagName` names another tag", async () => {
    const open = await run([chunk({ delta: { content: "still thinking" } }), chunk({ delta: {}, finish_reason: "length" })], { thinkTags: { startWithReasoning: true } });
    expect(ofType(open.events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("still thinking");
    expect(textOf(open.events as never)).toBe("");
    const named = await run([chunk({ delta: { content: "<reasoning>r</reasoning>t <think>x</think>" } }), chunk({ delta: {}, finish_reason: "stop" })], { thinkTags: { tagName: "reasoning" } });
    expect(ofType(named.events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("r");
    expect(textOf(named.events as never)).toBe("t <think>x</think>");
  });

  it("the Chat provider factory takes the object form", async () => {
    const provider = createOpenAIChatProvider({ client: replayClient(sse(stream)), model: "Qwen/Qwen3-235B-A22B-Thinking-2507", provider: "together", thinkTags: { startWithReasoning: true }, generateId: createSequentialIds("p") });
    const events = await collect(provider.stream({ threadId: "t", runId: "r", messages: [user] }));
    await assertConformant(events);
    expect(textOf(events as never)).toBe("\n\n4");
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
