/**
 * Kimi's builtin functions (Moonshot's web search guide: the built-in tool function
 * `builtin_function.$web_search`, whose "basic usage and process ... are the same as the usual
 * tool_calls"): the model calls `$web_search` (`type: "builtin_function"`), the client echoes the
 * call with its arguments as the tool result, and Kimi runs the search on the next request. The
 * call is the application's to answer; it goes back to Kimi's labels as it came (`$` name, its
 * type), where OpenAI's name rule would have sent `_web_search`.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { foldChatTurn } from "./support/fold-chat-turn.js";
import { toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const chunk = (delta: Rec, finish: string | null = null): Rec => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "kimi-k2.6", choices: [{ index: 0, delta, finish_reason: finish }] });
const args = '{"search_result":{"search_id":"s-1"},"usage":{"total_tokens":812}}';

async function conversation(provider: string): Promise<Message[]> {
  const user: Message = { id: "u1", role: "user", content: "Latest news on fusion?" };
  const messages = await foldChatTurn(
    [user],
    [
      chunk({ role: "assistant", content: "" }),
      chunk({ tool_calls: [{ index: 0, id: "web_search:0", type: "builtin_function", function: { name: "$web_search", arguments: args } }] }),
      chunk({}, "tool_calls"),
    ],
    provider,
    "r1",
  );
  // The application echoes the arguments, as Kimi's guide asks.
  return [...messages, { id: "t1", role: "tool", toolCallId: "web_search:0", content: args }];
}

function send(messages: Message[], provider: string): { calls: Rec[]; warnings: string[] } {
  const warnings: string[] = [];
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model: "kimi-k2.6", provider, onWarning: (w) => warnings.push(w.code) });
  const assistant = (params.messages as unknown as Rec[]).find((m) => m.role === "assistant");
  return { calls: (assistant?.tool_calls ?? []) as Rec[], warnings };
}

describe("Kimi builtin functions ($web_search)", () => {
  it("stream: an application call named $web_search, marked toolCallType builtin_function", async () => {
    const messages = await conversation("moonshot");
    const call = messages.find((m) => m.role === "assistant")?.toolCalls?.[0];
    expect(call?.function).toEqual({ name: "$web_search", arguments: args });
    expect(readBridgeMetadata(call?.metadata)).toMatchObject({ toolCallType: "builtin_function" });
  });

  it.each(["moonshot", "moonshotai", "kimi"])("back to %s: its $ name and its type, as it came, no warning", async (provider) => {
    const { calls, warnings } = send(await conversation(provider), provider);
    expect(calls).toEqual([{ id: "web_search:0", type: "builtin_function", function: { name: "$web_search", arguments: args } }]);
    expect(warnings).not.toContain("request.tool-name-mapped");
  });

  it("to another label: an ordinary function call with OpenAI's name rule", async () => {
    const { calls, warnings } = send(await conversation("moonshot"), "openai");
    expect(calls).toEqual([expect.objectContaining({ type: "function", function: { name: "_web_search", arguments: args } })]);
    expect(warnings).toContain("request.tool-name-mapped");
  });
});
