/**
 * A Mistral model behind a label that hands its request to Mistral's serving stack (OpenRouter's
 * `mistralai/…`, the Vercel AI Gateway's `mistral/…`, LiteLLM, Azure AI Foundry, vLLM with
 * Mistral's tokenizer) gets Mistral's role order too: Mistral's 400
 * `invalid_request_message_order` ("Unexpected role 'user' after role 'tool'") comes back through
 * them. A Mistral model name under a label whose server runs the model itself, or serves none
 * (OpenAI's platform, Groq, Ollama, an unknown label), changes nothing.
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
    ["vercel", "mistral/mistral-large-4"],
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
    // A Mistral model name is not enough: these servers do not pass the request to Mistral.
    ["openai", "mistral-large-latest"],
    ["openai", "mistralai/Mistral-Small-3.2-24B-Instruct-2506"],
    ["groq", "mistral-saba-24b"],
    ["ollama", "mistral-small3.2"],
    ["lmstudio", "mistralai/devstral-small-2507"],
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

  it("the mistral label keeps Mistral's role order whatever the dialect option says", () => {
    const warnings: string[] = [];
    const { params } = toChatCompletionsRequest(
      { threadId: "t", runId: "r", messages: conversation },
      { model: "mistral-large-latest", provider: "mistral", dialect: "openai", onWarning: (w) => warnings.push(w.code) },
    );
    expect(params.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "user"]);
    expect(warnings).toContain("request.assistant-bridge-inserted");
  });

  it("a Mistral model under the openai label gets no prefix on a last assistant message", () => {
    const messages: Message[] = [
      { id: "u1", role: "user", content: "Hi" },
      { id: "a1", role: "assistant", content: "Hello" },
    ];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "mistral-large-latest", provider: "openai" });
    expect(params.messages.at(-1)).toEqual({ role: "assistant", content: "Hello" });
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
