/**
 * AG-UI's `name` on system, developer, user and assistant messages ("an optional display name for
 * the author", spec `BaseMessage`) goes to Chat Completions' `name` ("An optional name for the
 * participant") on the servers whose API documents it: OpenAI / Azure OpenAI, GroqCloud, DeepSeek.
 * OpenAI rejects a name outside `^[a-zA-Z0-9_-]+$` with a 400: a display name is sent mapped.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const named: Message[] = [
  { id: "s1", role: "system", content: "Be brief.", name: "house_rules" },
  { id: "d1", role: "developer", content: "Answer in English.", name: "dev-1" },
  { id: "u1", role: "user", content: "Hi, I am Ada.", name: "ada" },
  { id: "a1", role: "assistant", content: "Hello Ada.", name: "helper" },
  { id: "u2", role: "user", content: [{ type: "text", text: "And Bob?" }], name: "bob" },
];

function convert(messages: Message[], provider: string) {
  return toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "m", provider });
}
const names = (messages: readonly unknown[]) => messages.map((m) => (m as Rec).name);

describe("Chat: a message's name", () => {
  it.each(["openai", "azure-openai", "groq", "deepseek"])("%s: sent on system, developer, user and assistant messages", (provider) => {
    const { params, warnings } = convert(named, provider);
    expect(names(params.messages)).toEqual(["house_rules", "dev-1", "ada", "helper", "bob"]);
    expect(warnings).toEqual([]);
  });

  it.each(["mistral", "openrouter", "ollama", "perplexity", "vllm", "gemini"])("%s (its API does not document the field): not sent", (provider) => {
    const { params } = convert(named, provider);
    expect(params.messages.some((m) => "name" in m)).toBe(false);
  });

  it("a display name OpenAI's pattern rejects is sent mapped (spaces and other characters → `_`, at most 64), with a warning", () => {
    const long = "x".repeat(70);
    const { params, warnings } = convert(
      [
        { id: "u1", role: "user", content: "Hi", name: "Ada Lovelace" },
        { id: "u2", role: "user", content: "Hey", name: long },
      ],
      "openai",
    );
    expect(names(params.messages)).toEqual(["Ada_Lovelace", "x".repeat(64)]);
    expect(warnings.filter((w) => w.code === "request.message-name-mapped").map((w) => w.details)).toEqual([
      { messageId: "u1", name: "Ada Lovelace", sentAs: "Ada_Lovelace" },
      { messageId: "u2", name: long, sentAs: "x".repeat(64) },
    ]);
  });

  it("an empty name is not sent; tool messages never carry one", () => {
    const { params } = convert(
      [
        { id: "u1", role: "user", content: "Weather?", name: "" },
        { id: "a1", role: "assistant", toolCalls: [{ id: "call_1", type: "function", function: { name: "weather", arguments: "{}" } }] },
        { id: "t1", role: "tool", toolCallId: "call_1", content: "Sunny" },
      ],
      "openai",
    );
    expect(params.messages.some((m) => "name" in m)).toBe(false);
  });

  it("one response split in two assistant messages (calls first, text after): the calls join the text's message, no empty named message is left", () => {
    const { params } = convert(
      [
        { id: "u1", role: "user", content: "Weather?" },
        { id: "a1", role: "assistant", name: "helper", toolCalls: [{ id: "call_1", type: "function", function: { name: "weather", arguments: "{}" } }] },
        { id: "a2", role: "assistant", name: "helper", content: "Checking." },
        { id: "t1", role: "tool", toolCallId: "call_1", content: "Sunny" },
      ],
      "openai",
    );
    expect(params.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(params.messages[1]).toMatchObject({ name: "helper", content: "Checking.", tool_calls: [{ id: "call_1" }] });
  });
});
