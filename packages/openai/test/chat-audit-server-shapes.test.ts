/**
 * Documented stream shapes of OpenAI-compatible servers the earlier audits did not cover, as small
 * literal streams (through the real SDK and the raw-bytes path, then the conformance kit). Each
 * test names its source.
 */
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { assertConformant, textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, streamChatCompletionsFromResponse } from "../src/index.js";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";
import { sdkChatChunks } from "./support/sdk-replay.js";

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const usageChunk = (usage: Record<string, unknown>): Record<string, unknown> => ({ id: "chatcmpl-audit", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage });

describe('Mistral finish_reason "model_length" (Mistral API FinishReason: stop, length, model_length, error, tool_calls)', () => {
  it("is length: the model's context window ended the answer, the raw value kept", async () => {
    const { events } = await run([chunk({ delta: { content: "Partial answer" } }), chunk({ delta: {}, finish_reason: "model_length" })], { provider: "mistral" });
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "length", rawFinishReason: "model_length" });
  });
});

describe("Qwen on DashScope (Alibaba Cloud Model Studio, Context cache: explicit cache usage)", () => {
  it("prompt_tokens_details.cache_creation_input_tokens is the cache write, a part of prompt_tokens", async () => {
    const { events } = await run([
      chunk({ delta: { content: "Hi" } }),
      chunk({ delta: {}, finish_reason: "stop" }),
      usageChunk({
        prompt_tokens: 18628,
        completion_tokens: 344,
        total_tokens: 18972,
        prompt_tokens_details: { text_tokens: 18628, cache_creation: { ephemeral_5m_input_tokens: 18613 }, cache_creation_input_tokens: 18613, cache_type: "ephemeral", cached_tokens: 0 },
      }),
    ], { provider: "dashscope" });
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      usage: [{ provider: "dashscope", inputTokens: 18628, outputTokens: 344, totalTokens: 18972, cachedInputTokens: 0, cacheWriteInputTokens: 18613 }],
    });
  });
});

describe("Perplexity Sonar Deep Research: usage.reasoning_tokens at the top level (Perplexity pricing: reasoning tokens billed beside output)", () => {
  it("is the reasoning count, added to completion_tokens it is not part of", async () => {
    const { events } = await run([
      chunk({ delta: { content: "Report" } }),
      chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 19, completion_tokens: 9829, total_tokens: 9848, citation_tokens: 17013, num_search_queries: 40, reasoning_tokens: 179398 } }),
    ], { provider: "perplexity" });
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      usage: [{ provider: "perplexity", inputTokens: 19, outputTokens: 9829 + 179398, reasoningTokens: 179398, totalTokens: 19 + 9829 + 179398 }],
    });
  });

  it("completion_tokens_details.reasoning_tokens larger than completion_tokens, with a total that counts no more (MiniMax M2 through OpenRouter): the total decides, the part is dropped with a warning", async () => {
    const warnings: string[] = [];
    const { events } = await run([
      chunk({ delta: { content: "x" } }),
      chunk({ delta: {}, finish_reason: "length" }, { usage: { prompt_tokens: 43, completion_tokens: 10, total_tokens: 53, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 11, image_tokens: 0 } } }),
    ], { provider: "openrouter", onWarning: (w) => warnings.push(w.code) });
    const usage = (last(events) as { usage?: Array<Record<string, unknown>> }).usage?.[0];
    expect(usage).toMatchObject({ inputTokens: 43, outputTokens: 10, totalTokens: 53 });
    expect(usage).not.toHaveProperty("reasoningTokens");
    expect(warnings).toContain("usage.part-exceeds-total");
  });

  it("completion_tokens_details.reasoning_tokens still wins when both are present", async () => {
    const { events } = await run([
      chunk({ delta: { content: "x" } }),
      chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 10, completion_tokens: 50, total_tokens: 60, reasoning_tokens: 999, completion_tokens_details: { reasoning_tokens: 20 } } }),
    ]);
    expect(last(events)).toMatchObject({ usage: [{ inputTokens: 10, outputTokens: 50, reasoningTokens: 20 }] });
  });
});

describe("llama.cpp server errors (ggml-org/llama.cpp#15780: type exceed_context_size_error)", () => {
  it("an error frame of type exceed_context_size_error is context_length, not retried, also with code 500", async () => {
    for (const code of [400, 500]) {
      const { events } = await run([
        chunk({ delta: { content: "x" } }),
        { error: { code, message: "the request exceeds the available context size. try increasing the context size or enable context shift", type: "exceed_context_size_error", n_prompt_tokens: 1407, n_ctx: 256 } },
      ], { provider: "llama.cpp" });
      const end = last(events);
      expect(end).toMatchObject({ type: "RUN_ERROR", message: expect.stringContaining("exceeds the available context size") });
      expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "context_length", retryable: false });
    }
  });
});

describe("llama.cpp server before #16109: a mid-stream error as an `error:` SSE line, then data: [DONE] (ggml-org/llama.cpp#16104)", () => {
  const body = (): Uint8Array<ArrayBuffer> =>
    new TextEncoder().encode(
      `data: ${JSON.stringify(chunk({ delta: { role: "assistant", content: "Par" } }))}\n\n` +
        'error: {"code":400,"message":"the request exceeds the available context size. try increasing the context size or enable context shift","type":"invalid_request_error"}\n\n' +
        "data: [DONE]\n\n",
    );
  const opts = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", provider: "llama.cpp" });

  it("raw path: RUN_ERROR with the server's message and code, the text before it kept (was RUN_FINISHED: [DONE] read as a complete stream)", async () => {
    const events = await collect(streamChatCompletionsFromResponse(new Response(body()), opts()));
    await assertConformant(events);
    expect(textOf(events as never)).toBe("Par");
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "invalid_request_error", message: expect.stringContaining("exceeds the available context size") });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "invalid_request", retryable: false });
  });

  it("SDK path: the SDK drops the line; the stream without a finish_reason still ends in RUN_ERROR (stream_truncated)", async () => {
    const events = await collect(streamChatCompletions(sdkChatChunks(body()), opts()));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });
});

describe("Together AI repeats a choice's finish, then closes with a `stop` chunk carrying the usage (maruel/genai's Qwen3-235B tool-call cassette)", () => {
  it("the first finish stands: tool-calls with its raw tool_calls; the usage of the last chunk is read", async () => {
    const call = { index: 0, id: "call_t1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } };
    const { events } = await run([
      chunk({ delta: { role: "assistant", tool_calls: [call] }, finish_reason: "tool_calls" }),
      chunk({ delta: {}, finish_reason: "tool_calls" }),
      { ...chunk({ delta: {}, finish_reason: "stop" }), usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } },
    ]);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "tool-calls", rawFinishReason: "tool_calls" });
    expect(last(events)).toMatchObject({ usage: [{ inputTokens: 12, outputTokens: 7, totalTokens: 19 }] });
    expect(events.filter((event) => event.type === "TOOL_CALL_START")).toHaveLength(1);
  });
});

describe("n > 1: each choice's entities say which choice and completion they came from", () => {
  it("START metadata completionId on every entity, choiceIndex on a choice other than the first", async () => {
    const call = { index: 0, id: "call_c1", type: "function", function: { name: "get_time", arguments: "{}" } };
    const { events, messages } = await run([
      chunk({ index: 0, delta: { role: "assistant", content: "A" } }),
      chunk({ index: 1, delta: { role: "assistant", reasoning_content: "thinking" } }),
      chunk({ index: 1, delta: { content: "B", tool_calls: [call] } }),
      chunk({ index: 0, delta: {}, finish_reason: "stop" }),
      chunk({ index: 1, delta: {}, finish_reason: "tool_calls" }),
    ]);
    const starts = events.filter((e) => e.type === "TEXT_MESSAGE_START" || e.type === "REASONING_MESSAGE_START" || e.type === "TOOL_CALL_START");
    const origin = starts.map((e) => {
      const metadata = readBridgeMetadata((e as { metadata?: Record<string, unknown> }).metadata) ?? {};
      return [e.type, metadata.completionId, metadata.choiceIndex];
    });
    expect(origin).toEqual([
      ["TEXT_MESSAGE_START", "chatcmpl-audit", undefined],
      ["REASONING_MESSAGE_START", "chatcmpl-audit", 1],
      ["TEXT_MESSAGE_START", "chatcmpl-audit", 1],
      ["TOOL_CALL_START", "chatcmpl-audit", 1],
    ]);
    expect(messages.filter((m) => m.role === "assistant")).toHaveLength(2);
  });
});
