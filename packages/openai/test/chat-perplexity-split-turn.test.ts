/**
 * Perplexity's alternation rule on a turn another API held as two assistant messages (Gemini: text,
 * a code execution the provider ran, more text with the calls): the text-only message and the one
 * with the calls become one assistant message, the calls kept, so user and assistant still alternate.
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const google = bridgeMetadata({ provider: "google" });
const conversation: Message[] = [
  { id: "u1", role: "user", content: "Paris or Tokyo?" },
  { id: "a1", role: "assistant", content: "Let me compute.", metadata: google },
  { id: "a2", role: "assistant", content: "Checking both cities.", metadata: google, toolCalls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Paris\"}" }, metadata: google }] },
  { id: "t1", role: "tool", toolCallId: "c1", content: "18" },
];

describe("perplexity: a text-only assistant message before one with tool calls", () => {
  it("joined into one assistant message that keeps the calls", () => {
    const warnings: string[] = [];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "sonar-pro", provider: "perplexity", onWarning: (w) => warnings.push(w.code) });
    expect(params.messages).toEqual([
      { role: "user", content: "Paris or Tokyo?" },
      { role: "assistant", content: "Let me compute.\n\nChecking both cities.", tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Paris\"}" } }] },
      { role: "tool", tool_call_id: "c1", content: "18" },
    ]);
    expect(warnings).toContain("request.role-order-fitted");
  });

  it("other labels keep the two messages", () => {
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "m", provider: "openai" });
    expect(params.messages.map((m) => m.role)).toEqual(["user", "assistant", "assistant", "tool"]);
  });
});
