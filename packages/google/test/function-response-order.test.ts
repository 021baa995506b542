/**
 * The `functionResponse` parts of a step follow its `functionCall` parts one for one, also when a
 * message with no Gemini form (another provider's reasoning) sits between two of the results: the
 * application filed one result late, after a turn on another provider that was cut off in its
 * reasoning (found by the provider-swap property, packages/agent/test/replay/swap-property.test.ts).
 */
import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

const gemini = bridgeMetadata({ provider: "google" });
const call = (id: string, name: string) => ({ id, type: "function" as const, function: { name, arguments: "{}" }, metadata: gemini });
const result = (id: string, content: string): Message => ({ id: `t-${id}`, role: "tool", toolCallId: id, content });

function responseNames(messages: Message[]): string[] {
  const { params } = toGenerateContentRequest({ messages }, { model: "gemini-2.5-flash" });
  const answer = params.contents[2];
  expect(answer?.role).toBe("user");
  return (answer?.parts ?? []).map((part) => part.functionResponse?.name ?? "other");
}

describe("function responses in the calls' order", () => {
  it("a result filed after another provider's reasoning joins the others in its call's place", () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "Look at the screen." },
      { id: "a", role: "assistant", content: "", metadata: gemini, toolCalls: [call("c1", "read_theme"), call("c2", "read_screen"), call("c3", "read_screen")] },
      result("c2", "screen 1"),
      result("c3", "screen 2"),
      { id: "r", role: "reasoning", content: "Thinking elsewhere.", metadata: bridgeMetadata({ provider: "mistral" }) },
      result("c1", "dark"),
    ];
    expect(responseNames(messages)).toEqual(["read_theme", "read_screen", "read_screen"]);
  });

  it("calls with ids are matched by id, and parts other than responses keep their places", () => {
    const withIds = [call("c1", "read_screen"), call("c2", "read_screen")].map((c, k) => ({ ...c, metadata: bridgeMetadata({ provider: "google", functionCallId: `fc-${k}` }) }));
    const messages: Message[] = [
      { id: "u", role: "user", content: "Two screens." },
      { id: "a", role: "assistant", content: "", metadata: gemini, toolCalls: withIds },
      result("c2", "second"),
      { id: "r", role: "reasoning", content: "Elsewhere.", metadata: bridgeMetadata({ provider: "mistral" }) },
      result("c1", "first"),
    ];
    const { params } = toGenerateContentRequest({ messages }, { model: "gemini-2.5-flash" });
    const responses = (params.contents[2]?.parts ?? []).map((part) => part.functionResponse);
    expect(responses.map((r) => r?.id)).toEqual(["fc-0", "fc-1"]);
    expect(responses.map((r) => JSON.stringify(r?.response))).toEqual([expect.stringContaining("first"), expect.stringContaining("second")]);
  });
});
