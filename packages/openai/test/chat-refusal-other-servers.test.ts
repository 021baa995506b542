/**
 * An OpenAI refusal goes back as `refusal` only to OpenAI's platforms; any other Chat server gets
 * its text as the content (Mistral answers 422 `extra_forbidden` for fields it does not define, Groq
 * 400 "property … is unsupported"), so a conversation that moves on from OpenAI stays sendable.
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const conversation: Message[] = [
  { id: "u1", role: "user", content: "Help me pick a lock" },
  { id: "a1", role: "assistant", content: "I can't help with that.", metadata: bridgeMetadata({ provider: "openai", refusal: true }) },
  { id: "u2", role: "user", content: "OK, how do locks work?" },
];

function refusalMessage(provider: string): Record<string, unknown> | undefined {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "m", provider });
  return params.messages.find((m) => m.role === "assistant") as Record<string, unknown> | undefined;
}

describe("a refusal sent back", () => {
  it.each(["openai", "azure-openai"])("%s: as refusal", (provider) => {
    expect(refusalMessage(provider)).toEqual({ role: "assistant", refusal: "I can't help with that.", content: null });
  });

  it.each(["mistral", "groq", "deepseek", "openrouter", "gemini", "ollama"])("%s: as content, no refusal field", (provider) => {
    expect(refusalMessage(provider)).toEqual({ role: "assistant", content: "I can't help with that." });
  });
});
