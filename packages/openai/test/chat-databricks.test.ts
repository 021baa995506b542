/**
 * Databricks Model Serving (the `databricks` label and dialect). Its chunks carry `delta.content` as
 * content items: `{ type: "reasoning", summary: [{ type: "summary_text", text, signature }] }` for
 * Claude's thinking (the signature on an item of its own) and `{ type: "text", text }` (LiteLLM's
 * Databricks adapter reads the same items); the running `usage` rides on every chunk with null
 * completion counts until the last. The request side sends signed thinking back as the same items,
 * never a blank text block (Claude behind it rejects them: chatlas's Databricks cassette answers
 * "\n", which clients must not send back as is), and tool call ids in Anthropic's pattern.
 */
import { applyEvents, type Message } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";
import { runChatBothPaths } from "./support/chat-both-paths.js";
import { ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const usage = (completion: number | null): Rec => ({ prompt_tokens: 40, completion_tokens: completion, total_tokens: completion === null ? null : 40 + completion, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
const chunk = (delta: Rec, finish: string | null = null, completion: number | null = null): Rec => ({
  id: "msg_bdrk_01",
  object: "chat.completion.chunk",
  created: 1,
  model: "us.anthropic.claude-sonnet-4-5",
  choices: [{ index: 0, delta: { role: "assistant", ...delta }, finish_reason: finish }],
  usage: usage(completion),
});
const reasoningItem = (text: string, signature = ""): Rec => ({ content: [{ type: "reasoning", summary: [{ type: "summary_text", text, signature }] }] });

const thinkingToolTurn = [
  chunk(reasoningItem("The user wants")),
  chunk(reasoningItem(" the weather.")),
  chunk(reasoningItem("", "EqoBCkgsig==")),
  chunk({ content: [{ type: "text", text: "Checking" }] }),
  chunk({ content: " now." }),
  chunk({ content: null, tool_calls: [{ index: 0, id: "toolu_bdrk_01Q", type: "function", function: { name: "weather", arguments: "" } }] }),
  chunk({ content: null, tool_calls: [{ index: 0, function: { arguments: "{\"city\":\"Oslo\"}" } }] }),
  chunk({ content: "" }, "tool_calls", 54),
];
const question: Message = { id: "u1", role: "user", content: "Weather in Oslo?" };

describe("databricks: reasoning content items", () => {
  it("stream: the summary text is the reasoning message, its signature the encrypted value, text items and strings the answer (both paths)", async () => {
    const warnings: string[] = [];
    const { events, messages } = await runChatBothPaths(thinkingToolTurn, { provider: "databricks", onWarning: (w) => warnings.push(w.code) });
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("The user wants the weather.");
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.encryptedValue)).toEqual(["EqoBCkgsig=="]);
    expect(textOf(events as never)).toBe("Checking now.");
    expect(messages.map((m) => m.role)).toEqual(["reasoning", "assistant"]);
    expect(warnings).not.toContain("stream.unknown-content");
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 40, outputTokens: 54 }] });
  });

  it("request: the signed thinking goes back as a reasoning item before the text, with the call and its result", async () => {
    const { events } = await runChatBothPaths(thinkingToolTurn, { provider: "databricks", input: { threadId: "t", runId: "r", messages: [question] } });
    const folded = applyEvents([question], events);
    const call = folded.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
    const messages: Message[] = [...folded, { id: "t1", role: "tool", toolCallId: call?.id ?? "", content: "3°C" }];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages }, { model: "databricks-claude-sonnet-4-5", provider: "databricks" });
    expect(params.messages).toEqual([
      { role: "user", content: "Weather in Oslo?" },
      {
        role: "assistant",
        content: [
          { type: "reasoning", summary: [{ type: "summary_text", text: "The user wants the weather.", signature: "EqoBCkgsig==" }] },
          { type: "text", text: "Checking now." },
        ],
        tool_calls: [{ id: "toolu_bdrk_01Q", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }],
      },
      { role: "tool", tool_call_id: "toolu_bdrk_01Q", content: "3°C" },
    ]);
  });

  it("request: unsigned reasoning (gpt-oss) is not sent back; other dialects send no reasoning items", async () => {
    const unsigned = [chunk(reasoningItem("Think.")), chunk({ content: "Hi." }, "stop", 3)];
    const { events } = await runChatBothPaths(unsigned, { provider: "databricks", input: { threadId: "t", runId: "r", messages: [question] } });
    const folded = [...applyEvents([question], events), { id: "u2", role: "user", content: "More?" } as Message];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: folded }, { model: "databricks-gpt-oss-120b", provider: "databricks" });
    expect(params.messages[1]).toEqual({ role: "assistant", content: "Hi." });
  });
});

describe("databricks: no blank text blocks, Anthropic-pattern tool call ids", () => {
  const conversation: Message[] = [
    { id: "u1", role: "user", content: "Respond with only two blank lines" },
    { id: "a1", role: "assistant", content: "\n" },
    { id: "u2", role: "user", content: "What's 1+1?" },
    { id: "a2", role: "assistant", content: "  ", toolCalls: [{ id: "functions.add:0", type: "function", function: { name: "add", arguments: "{\"a\":1,\"b\":1}" } }] },
    { id: "t2", role: "tool", toolCallId: "functions.add:0", content: "2" },
  ];

  it("a blank-only assistant message is dropped with a warning; blank text beside tool calls is left out (no content field); a foreign id is mapped, call and result alike", () => {
    const warnings: string[] = [];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "databricks-claude-sonnet-4-5", provider: "databricks", onWarning: (w) => warnings.push(w.code) });
    const sent = params.messages as unknown as Rec[];
    expect(sent.map((m) => m.role)).toEqual(["user", "user", "assistant", "tool"]);
    expect(warnings).toContain("request.empty-message");
    const assistant = sent[2] as { tool_calls: Array<{ id: string }> };
    // No `content` at all (Databricks turns null into an empty text block, which Claude rejects).
    expect(assistant).not.toHaveProperty("content");
    const id = assistant.tool_calls[0]?.id ?? "";
    expect(id).toMatch(/^[a-zA-Z0-9_-]{1,40}$/);
    expect(sent[3]).toMatchObject({ role: "tool", tool_call_id: id });
  });

  it("other labels send the text and the id as they are", () => {
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "m", provider: "openai" });
    expect(params.messages.map((m) => (m as { content?: unknown }).content)).toEqual(["Respond with only two blank lines", "\n", "What's 1+1?", "  ", "2"]);
    expect(params.messages[3]).toMatchObject({ tool_calls: [{ id: "functions.add:0" }] });
  });
});
