/**
 * MiniMax's OpenAI-compatible Chat API (api.minimax.io/v1, api.minimaxi.com/v1):
 *
 * - failures come with HTTP 200, as a chunk whose `base_resp.status_code` is not 0 (rate limits,
 *   sensitive output, …), not as an `error` object (infiniflow/ragflow#17292: the stream "silently
 *   skipped" them and then reported a stream that ended early; ENTERPILOT/GoModel's MiniMax status
 *   table); a successful stream's last chunk carries `base_resp: { status_code: 0 }` (a recorded
 *   MiniMax-M2.7 stream, ENTERPILOT/GoModel testdata/prod_m27_stream.txt);
 * - with `reasoning_split: true` the thinking streams as `reasoning_details` entries
 *   (`reasoning.text`, format `MiniMax-response-v1`; incremental text, MiniMax-AI/MiniMax-M2#95),
 *   and "in multi-turn function call conversations … must also be preserved completely" (MiniMax
 *   OpenAI API guide): the `minimax` label sends them back;
 * - MiniMax-M3 ends such a stream with a whole `chat.completion` object (the complete message and
 *   the usage, ENTERPILOT/GoModel#1068), which must not repeat the answer.
 *
 * Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { last } from "./support/collect.js";

type Rec = Record<string, unknown>;

const envelope = { id: "06fb6b59859725e9e95103a455583ff8", object: "chat.completion.chunk", created: 1, model: "MiniMax-M2.7" };
const chunk = (choice: Rec, extra: Rec = {}): Rec => chatChunk(choice, extra, { id: envelope.id, model: envelope.model });
const statusChunk = (status_code: number, status_msg: string, extra: Rec = {}): Rec => ({ ...envelope, choices: [], base_resp: { status_code, status_msg }, ...extra });

describe("MiniMax base_resp status (HTTP 200 with the failure in the chunk)", () => {
  it("a non-zero status_code ends the run in RUN_ERROR with MiniMax's code and message, the text so far kept", async () => {
    const { events } = await runChatBothPaths([
      chunk({ delta: { role: "assistant", content: "The answer" } }),
      statusChunk(1027, "output new_sensitive"),
    ], { provider: "minimax" });
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "1027" });
    expect(String((end as { message?: unknown }).message)).toContain("output new_sensitive");
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "content_filter", retryable: false });
    expect(textOf(events as never)).toBe("The answer");
  });

  it("a rate limit (1002) is retryable, and the chunk's usage reaches RUN_ERROR", async () => {
    const { events } = await runChatBothPaths([
      statusChunk(1002, "rate limit exceeded(RPM)", { usage: { prompt_tokens: 9, completion_tokens: 0, total_tokens: 9 } }),
    ], { provider: "minimax" });
    const end = last(events) as { type: string; usage?: unknown[]; metadata?: unknown };
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "1002" });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "rate_limit", retryable: true });
    expect(end.usage).toEqual([expect.objectContaining({ inputTokens: 9, outputTokens: 0 })]);
  });

  it("status_code 0 on the trailing usage chunk is a success (the recorded MiniMax-M2.7 stream's shape)", async () => {
    const { events } = await runChatBothPaths([
      chunk({ delta: { content: "<think>\nThe", role: "assistant", name: "MiniMax AI", audio_content: "" } }, { usage: null, input_sensitive: false, output_sensitive: false }),
      chunk({ delta: { content: " user wants a proof.\n</think>\n\n**Proof.**", role: "assistant", name: "MiniMax AI", audio_content: "" } }),
      chunk({ delta: { content: " Done.", role: "assistant", name: "MiniMax AI", audio_content: "" }, finish_reason: "stop" }),
      statusChunk(0, "", { usage: { total_tokens: 939, total_characters: 0, prompt_tokens: 767, completion_tokens: 172, completion_tokens_details: { reasoning_tokens: 25 }, prompt_tokens_details: { cached_tokens: 443 } } }),
    ], { provider: "minimax", thinkTags: true });
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      usage: [expect.objectContaining({ inputTokens: 767, cachedInputTokens: 443, outputTokens: 172, reasoningTokens: 25, totalTokens: 939 })],
    });
    expect(textOf(events as never)).toBe("\n\n**Proof.** Done.");
  });
});

describe("MiniMax reasoning_split: reasoning_details streamed, sent back with the tool-call turn", () => {
  const detail = (text: string): Rec => ({ type: "reasoning.text", id: "reasoning-text-1", format: "MiniMax-response-v1", index: 0, text });
  const call = { id: "call_function_7k2m_1", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } };
  const stream = [
    chunk({ delta: { role: "assistant", content: "", reasoning_details: [detail("The user")] } }),
    chunk({ delta: { reasoning_details: [detail(" wants the weather.")] } }),
    chunk({ delta: { tool_calls: [{ index: 0, ...call }] } }),
    chunk({ delta: {}, finish_reason: "tool_calls" }),
    // MiniMax-M3's closing summary: the whole message again, and the usage.
    {
      ...envelope,
      object: "chat.completion",
      choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: "", reasoning_details: [detail("The user wants the weather.")], tool_calls: [call] } }],
      usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
      base_resp: { status_code: 0, status_msg: "" },
    },
  ];

  it("the summary adds nothing but its usage", async () => {
    const { events, messages } = await runChatBothPaths(stream, { provider: "minimax" });
    expect(events.filter((e) => e.type === "REASONING_MESSAGE_CONTENT").map((e) => (e as { delta?: string }).delta).join("")).toBe("The user wants the weather.");
    expect(events.filter((e) => e.type === "TOOL_CALL_START")).toHaveLength(1);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", usage: [expect.objectContaining({ inputTokens: 120, outputTokens: 30 })] });
    expect(messages.filter((m) => m.role === "reasoning")).toHaveLength(1);
  });

  it("the next request carries the turn's reasoning_details, exactly as streamed (label minimax)", async () => {
    const { messages } = await runChatBothPaths(stream, { provider: "minimax" });
    const input: Message[] = [
      { id: "u1", role: "user", content: "Weather in Oslo?" },
      ...messages,
      { id: "t1", role: "tool", toolCallId: call.id, content: "sunny" } as Message,
    ];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: input }, { model: "MiniMax-M2.7", provider: "minimax" });
    const assistant = (params.messages as unknown as Rec[]).find((m) => m.role === "assistant");
    expect(assistant?.reasoning_details).toEqual([detail("The user wants the weather.")]);
    expect(assistant?.tool_calls).toEqual([call]);
  });
});
