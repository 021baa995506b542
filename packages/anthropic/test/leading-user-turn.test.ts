/**
 * A conversation that starts with an assistant message (a chat UI's greeting, history trimmed from
 * the front, a first user message with nothing Anthropic can take) is refused whole by the Messages
 * API: 400 "messages: first message must use the \"user\" role". A placeholder user turn goes first.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { LEADING_USER_TURN_TEXT, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";

function convert(messages: Message[]) {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { model: "claude-sonnet-4-6", onWarning: (w) => warnings.push(w) });
  return { messages: params.messages, codes: warnings.map((w) => w.code) };
}

describe("a conversation that starts with the assistant", () => {
  it("gets a placeholder user turn before the greeting, and keeps the greeting", () => {
    const { messages, codes } = convert([
      { id: "a0", role: "assistant", content: "Hi! I can check the weather for you." },
      { id: "u1", role: "user", content: "Paris, please" },
    ]);
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: LEADING_USER_TURN_TEXT }] },
      { role: "assistant", content: [{ type: "text", text: "Hi! I can check the weather for you." }] },
      { role: "user", content: [{ type: "text", text: "Paris, please" }] },
    ]);
    expect(codes).toEqual(["request.empty-user-turn"]);
    expect(apiViolations({ messages })).toEqual([]);
  });

  it("also when the first user message had nothing Anthropic can take", () => {
    const { messages, codes } = convert([
      { id: "u0", role: "user", content: [{ type: "audio", source: { type: "url", value: "https://example.com/a.mp3" } }] },
      { id: "a0", role: "assistant", content: "I cannot listen to audio." },
      { id: "u1", role: "user", content: "ok" },
    ]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[0]?.content).toEqual([{ type: "text", text: LEADING_USER_TURN_TEXT }]);
    expect(codes).toContain("request.empty-user-turn");
  });

  it("leaves a conversation that starts with the user as it is", () => {
    const { messages, codes } = convert([
      { id: "u1", role: "user", content: "hi" },
      { id: "a1", role: "assistant", content: "hello" },
      { id: "u2", role: "user", content: "bye" },
    ]);
    expect(messages).toHaveLength(3);
    expect(codes).toEqual([]);
  });
});
