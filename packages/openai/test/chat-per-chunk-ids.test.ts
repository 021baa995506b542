/**
 * Servers that give every chunk of one completion an id of its own (Foundry Local, reported in
 * microsoft/foundry-local#144 and #221; llama.cpp's server before ggml-org/llama.cpp#5876; LiteLLM
 * before BerriAI/litellm#1571): until every choice has its `finish_reason` it is one completion, so
 * one turn. A new id after the finish is still a new turn (recordings of several completions).
 */
import { describe, expect, it } from "vitest";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const chunk = (n: number, choice: Rec): Rec => chatChunk(choice, {}, { id: `chat.id.${n}`, model: "qwen2.5-1.5b-instruct" });
const usageChunk = (id: string, prompt: number, completion: number): Rec => ({
  id,
  object: "chat.completion.chunk",
  created: 1,
  model: "qwen2.5-1.5b-instruct",
  choices: [],
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
});

describe("Chat: a completion whose chunks each carry their own id", () => {
  it("text and a tool call stay one turn: one text message, one call with all its arguments", async () => {
    const { events, messages } = await runChatBothPaths([
      chunk(1, { delta: { role: "assistant", content: "Let me " } }),
      chunk(2, { delta: { content: "check." } }),
      chunk(3, { delta: { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "get_weather", arguments: "" } }] } }),
      chunk(4, { delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] } }),
      chunk(5, { delta: { tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] } }),
      chunk(6, { delta: {}, finish_reason: "tool_calls" }),
      usageChunk("chat.id.7", 20, 9),
    ]);
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName])).toEqual([["call_1", "get_weather"]]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      role: "assistant",
      content: "Let me check.",
      toolCalls: [{ id: "call_1", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }],
    });
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success", pendingToolCallIds: ["call_1"] },
      usage: [{ inputTokens: 20, outputTokens: 9 }],
    });
  });

  it("two completions back to back (each finished before the next id) are still two turns", async () => {
    const { messages } = await runChatBothPaths([
      chunk(1, { delta: { content: "First." } }),
      chunk(1, { delta: {}, finish_reason: "stop" }),
      chunk(2, { delta: { content: "Second." } }),
      chunk(2, { delta: {}, finish_reason: "stop" }),
    ]);
    expect(messages.map((m) => m.role === "assistant" && m.content)).toEqual(["First.", "Second."]);
  });
});
