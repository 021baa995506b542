/**
 * Ollama's OpenAI-compatible endpoint answers 400 "invalid message content type: <nil>" for an
 * assistant message with `content: null` (a turn that only called tools; pydantic/pydantic-ai#5206):
 * under the `ollama` label such a message goes with `content: ""`; elsewhere `null`, as OpenAI documents.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const conversation: Message[] = [
  { id: "u1", role: "user", content: "Add 2 and 3, then multiply the result by 4" },
  { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "call_1", type: "function", function: { name: "add", arguments: "{\"a\":2,\"b\":3}" } }] },
  { id: "t1", role: "tool", toolCallId: "call_1", content: "5" },
  { id: "a2", role: "assistant", content: "", toolCalls: [{ id: "call_2", type: "function", function: { name: "multiply", arguments: "{\"a\":5,\"b\":4}" } }] },
  { id: "t2", role: "tool", toolCallId: "call_2", content: "20" },
];

function assistantContents(provider: string): unknown[] {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "qwen3", provider });
  return params.messages.filter((m) => m.role === "assistant").map((m) => m.content);
}

describe("tool-only assistant messages: content per server", () => {
  it("ollama: an empty string, on every such message", () => {
    expect(assistantContents("ollama")).toEqual(["", ""]);
  });

  it.each(["openai", "groq", "deepseek", "openrouter", "vllm"])("%s: null", (provider) => {
    expect(assistantContents(provider)).toEqual([null, null]);
  });
});
