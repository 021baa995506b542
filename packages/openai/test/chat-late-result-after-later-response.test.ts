/**
 * A tool result the application filed after a later, separate model response (one result came
 * back, the model was run again, then the other result arrived) goes back to before that response:
 * a Chat `tool_calls` message must be followed directly by a tool message for each call. A response
 * held as two consecutive assistant messages (calls, then text) still goes as one message with its
 * results after it (fit-chat-tool-calls). Found by the provider-swap property
 * (packages/agent/test/replay/swap-property.test.ts).
 */
import { bridgeMetadata, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const claude = bridgeMetadata({ provider: "anthropic" });
const call = (id: string) => ({ id, type: "function" as const, function: { name: "lookup", arguments: "{}" }, metadata: claude });

function sent(messages: Message[]): { roles: string[]; body: Rec[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const body = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5-mini", onWarning: (w) => warnings.push(w) }).params.messages as unknown as Rec[];
  return { roles: body.map((m) => (m.role === "tool" ? `tool:${String(m.tool_call_id)}` : String(m.role))), body, codes: warnings.map((w) => w.code) };
}

describe("Chat: a result filed after a later model response", () => {
  it("goes back to just after its call's other results, before the later response", () => {
    const { roles, codes } = sent([
      { id: "u", role: "user", content: "Look up A and B." },
      { id: "a1", role: "assistant", content: "Looking.", metadata: claude, toolCalls: [call("call_a"), call("call_b")] },
      { id: "t-b", role: "tool", toolCallId: "call_b", content: "B" },
      { id: "a2", role: "assistant", content: "B is done; A is still running.", metadata: bridgeMetadata({ provider: "openai" }) },
      { id: "t-a", role: "tool", toolCallId: "call_a", content: "A" },
    ]);
    expect(roles).toEqual(["user", "assistant", "tool:call_b", "tool:call_a", "assistant"]);
    expect(codes).toContain("request.late-tool-result");
  });

  it("a response split over two consecutive assistant messages keeps its results after the last", () => {
    const { roles, body } = sent([
      { id: "u", role: "user", content: "Look up A." },
      { id: "a1", role: "assistant", content: "", metadata: claude, toolCalls: [call("call_a")] },
      { id: "a2", role: "assistant", content: "Checking.", metadata: claude },
      { id: "t-a", role: "tool", toolCallId: "call_a", content: "A" },
    ]);
    expect(roles).toEqual(["user", "assistant", "tool:call_a"]);
    expect(body[1]).toMatchObject({ content: "Checking.", tool_calls: [{ id: "call_a" }] });
  });
});
