/**
 * Two request rules found by the provider-swap property (agent/test/replay/swap-property.test.ts):
 * - consecutive assistant messages share one Anthropic turn; a later response's leading thinking
 *   block cannot lead it once the turn holds another provider's text: it is dropped with a warning
 *   instead of being sent mid-turn;
 * - a server tool call the run was cut off in mid-input is dropped; one waiting for its result
 *   (the last message of a `pause_turn` response) goes back as it is.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const claude = (fields: Record<string, unknown> = {}) => ({ "agui-bridge": { provider: "anthropic", ...fields } });

function convert(messages: Message[]): { blocks: Array<Array<{ type: string }>>; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { model: "claude-sonnet-4-6", onWarning: (w) => warnings.push(w) });
  return { blocks: params.messages.map((m) => (Array.isArray(m.content) ? m.content : []) as Array<{ type: string }>), codes: warnings.map((w) => w.code) };
}

describe("a later response's thinking merged into one assistant turn", () => {
  it("is dropped with a warning rather than sent after another provider's text", () => {
    const { blocks, codes } = convert([
      { id: "u", role: "user", content: "Hi" },
      { id: "a1", role: "assistant", content: "From another provider.", metadata: { "agui-bridge": { provider: "openai" } } },
      { id: "r", role: "reasoning", content: "Thinking.", encryptedValue: "EvQBsignature", metadata: claude({ encryptedKind: "anthropic-signature", anthropicMessageId: "msg_1", blockIndex: 0 }) },
      { id: "msg_1", role: "assistant", content: "Claude's answer.", metadata: claude() },
    ]);
    expect(blocks[1]?.map((b) => b.type)).toEqual(["text", "text"]);
    expect(codes).toContain("request.thinking-not-leading");
  });

  it("still leads a turn of its own", () => {
    const { blocks, codes } = convert([
      { id: "u", role: "user", content: "Hi" },
      { id: "r", role: "reasoning", content: "Thinking.", encryptedValue: "EvQBsignature", metadata: claude({ encryptedKind: "anthropic-signature", anthropicMessageId: "msg_1", blockIndex: 0 }) },
      { id: "msg_1", role: "assistant", content: "Claude's answer.", metadata: claude() },
    ]);
    expect(blocks[1]?.map((b) => b.type)).toEqual(["thinking", "text"]);
    expect(codes).not.toContain("request.thinking-not-leading");
  });
});

describe("a server tool call whose result never came", () => {
  const search = (fields: Record<string, unknown> = {}): Message => ({
    id: "msg_1",
    role: "assistant",
    content: "Searching.",
    toolCalls: [{ id: "srvtoolu_1", type: "function", function: { name: "web_search", arguments: '{"query":"q"}' }, metadata: claude({ providerExecuted: true, providerToolType: "web_search", anthropicBlockType: "server_tool_use", ...fields }) }],
    metadata: claude(),
  });

  it("is dropped when it was cut off mid-input", () => {
    const { blocks } = convert([{ id: "u", role: "user", content: "Find q" }, search({ interrupted: true })]);
    expect(blocks[1]?.map((b) => b.type)).toEqual(["text"]);
  });

  it("goes back as it is as the last message (pause_turn)", () => {
    const { blocks, codes } = convert([{ id: "u", role: "user", content: "Find q" }, search()]);
    expect(blocks[1]?.map((b) => b.type)).toEqual(["text", "server_tool_use"]);
    expect(codes).not.toContain("request.unanswered-provider-tool");
  });
});
