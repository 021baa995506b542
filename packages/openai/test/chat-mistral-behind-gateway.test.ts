/**
 * A Mistral model behind another label (OpenRouter's `mistralai/…`, LiteLLM, Azure, vLLM) gets
 * Mistral's role order too: the gateway passes the messages through and Mistral's 400
 * `invalid_request_message_order` ("Unexpected role 'user' after role 'tool'") comes back through it.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const conversation: Message[] = [
  { id: "u1", role: "user", content: "Weather in Oslo?" },
  { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "call_1", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }] },
  { id: "t1", role: "tool", toolCallId: "call_1", content: "12°C" },
  { id: "u2", role: "user", content: "And in Bergen?" },
];

function roles(provider: string, model: string): { roles: string[]; warnings: string[] } {
  const warnings: string[] = [];
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model, provider, onWarning: (w) => warnings.push(w.code) });
  return { roles: params.messages.map((m) => m.role), warnings };
}

describe("Mistral role order for Mistral models behind other labels", () => {
  it.each([
    ["openrouter", "mistralai/mistral-medium-3.1"],
    ["openrouter", "mistralai/devstral-medium"],
    ["litellm", "mistral/magistral-medium-latest"],
    ["azure-openai", "Codestral-2501"],
    ["vllm", "mistralai/Ministral-8B-Instruct-2410"],
  ])("%s %s: an assistant message goes between the tool result and the next user message", (provider, model) => {
    const out = roles(provider, model);
    expect(out.roles).toEqual(["user", "assistant", "tool", "assistant", "user"]);
    expect(out.warnings).toContain("request.assistant-bridge-inserted");
  });

  it.each([
    ["openrouter", "openai/gpt-5-mini"],
    ["openrouter", "anthropic/claude-sonnet-4"],
    ["groq", "moonshotai/kimi-k2-instruct"],
    ["openai", "gpt-5"],
  ])("%s %s: tool → user stays as it is", (provider, model) => {
    const out = roles(provider, model);
    expect(out.roles).toEqual(["user", "assistant", "tool", "user"]);
    expect(out.warnings).not.toContain("request.assistant-bridge-inserted");
  });

  it.each([
    ["mistral", "mistral-large-latest"],
    ["openrouter", "mistralai/mistral-medium-3.1"],
  ])("%s %s: a conversation ending with the assistant's words sends them with prefix: true", (provider, model) => {
    const messages: Message[] = [
      { id: "u1", role: "user", content: "Write a haiku about rain." },
      { id: "a1", role: "assistant", content: "Soft rain on the roof" },
    ];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model, provider });
    expect(params.messages.at(-1)).toEqual({ role: "assistant", content: "Soft rain on the roof", prefix: true });
    expect(params.messages[0]).not.toHaveProperty("prefix");
  });

  it("an assistant message that is not last, or another provider's request, gets no prefix", async () => {
    const { params: mistral } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "mistral-large-latest", provider: "mistral" });
    expect(mistral.messages.some((m) => "prefix" in m)).toBe(false);
    const messages: Message[] = [
      { id: "u1", role: "user", content: "Hi" },
      { id: "a1", role: "assistant", content: "Hello" },
    ];
    const { params: openai } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5", provider: "openai" });
    expect(openai.messages.at(-1)).not.toHaveProperty("prefix");
    // Groq refuses unknown message fields (and continues a last assistant message by itself).
    const { params: groq } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "mistral-saba-24b", provider: "groq" });
    expect(groq.messages.at(-1)).toEqual({ role: "assistant", content: "Hello" });
  });
});
