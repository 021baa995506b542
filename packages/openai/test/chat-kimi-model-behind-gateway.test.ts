/**
 * A Kimi thinking model served under a label whose default dialect is `openai` (Azure AI Foundry's
 * `Kimi-K2.5`, a self-hosted server): Moonshot's thinking-model guide wants the `reasoning_content`
 * of tool-call turns back, and Azure accepts it. With no `dialect` option, the request carries every
 * recorded turn's `reasoning_content` (as under the Kimi labels) but, unlike them, no empty
 * placeholder where none was recorded (a server other than Moonshot's may not know the field).
 * The stream shape: reasoning, a Kimi-style call id (`functions.weather:0`) whose later fragments
 * carry `id: null`, whitespace content after the call, then `tool_calls`.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { foldChatTurn } from "./support/fold-chat-turn.js";
import { toChatCompletionsRequest, type ChatDialect } from "../src/index.js";

type Rec = Record<string, unknown>;
const chunk = (delta: Rec | null, finish: string | null = null, usage: Rec | null = null): Rec => ({
  id: "c",
  object: "chat.completion.chunk",
  created: 1,
  model: "Kimi-K2.5",
  choices: delta === null ? [] : [{ index: 0, delta, finish_reason: finish, content_filter_results: {} }],
  usage,
});

const fold = foldChatTurn;

const toolTurn = [
  chunk({ role: "assistant", content: "", reasoning_content: null }),
  chunk({ content: null, reasoning_content: "Call the weather tool." }),
  chunk({ content: null, tool_calls: [{ index: 0, id: "functions.weather:0", type: "function", function: { name: "weather", arguments: "" } }] }),
  chunk({ content: null, tool_calls: [{ index: 0, id: null, type: "function", function: { name: null, arguments: "{\"city\":\"Berlin\"}" } }] }),
  chunk({ content: "  " }),
  chunk({ content: null }, "tool_calls"),
  chunk(null, null, { prompt_tokens: 112, completion_tokens: 106, total_tokens: 218, reasoning_tokens: 0 }),
];

async function conversation(provider: string): Promise<Message[]> {
  let messages: Message[] = [{ id: "u1", role: "user", content: "Weather in Berlin?" }];
  messages = await fold(messages, toolTurn, provider, "r1");
  const call = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
  messages.push({ id: "t1", role: "tool", toolCallId: call?.id ?? "", content: "15°C" });
  messages = await fold(messages, [chunk({ role: "assistant", reasoning_content: "Report it." }), chunk({ content: "It is 15°C." }), chunk({}, "stop")], provider, "r2");
  messages.push({ id: "u2", role: "user", content: "And tomorrow?" });
  // A tool-call turn another client wrote, with no reasoning recorded.
  messages.push({ id: "a3", role: "assistant", content: "", toolCalls: [{ id: "call_x", type: "function", function: { name: "weather", arguments: "{}" } }] });
  messages.push({ id: "t3", role: "tool", toolCallId: "call_x", content: "17°C" });
  return messages;
}

function assistants(messages: Message[], provider: string, model: string, dialect?: ChatDialect): Rec[] {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r3", messages }, { model, provider, ...(dialect !== undefined && { dialect }) });
  return params.messages.filter((m) => m.role === "assistant") as unknown as Rec[];
}

describe("a Kimi model behind an openai-default label gets its reasoning_content back", () => {
  it("azure-openai + Kimi-K2.5: every recorded turn's reasoning_content, the tool call and its whitespace text kept, no empty placeholder", async () => {
    const sent = assistants(await conversation("azure-openai"), "azure-openai", "Kimi-K2.5");
    expect(sent[0]).toEqual({
      role: "assistant",
      content: "  ",
      reasoning_content: "Call the weather tool.",
      tool_calls: [{ id: "functions.weather:0", type: "function", function: { name: "weather", arguments: "{\"city\":\"Berlin\"}" } }],
    });
    expect(sent[1]).toEqual({ role: "assistant", content: "It is 15°C.", reasoning_content: "Report it." });
    expect(sent[2]).not.toHaveProperty("reasoning_content");
  });

  it("the same conversation to another model, or with dialect: \"openai\" set, carries no reasoning", async () => {
    const messages = await conversation("azure-openai");
    for (const sent of [assistants(messages, "azure-openai", "gpt-4.1"), assistants(messages, "azure-openai", "Kimi-K2.5", "openai")]) {
      for (const message of sent) expect(message).not.toHaveProperty("reasoning_content");
    }
  });

  it("the Kimi labels keep their rule: an empty placeholder on a tool-call turn with none recorded", async () => {
    const sent = assistants(await conversation("moonshot"), "moonshot", "kimi-k2.5");
    expect(sent.map((m) => m.reasoning_content)).toEqual(["Call the weather tool.", "Report it.", ""]);
  });

  it("groq + a Kimi model: no reasoning_content (Groq answers 400 for a message field it does not know)", async () => {
    const sent = assistants(await conversation("groq"), "groq", "moonshotai/kimi-k2-instruct-0905");
    expect(sent).toHaveLength(3);
    for (const message of sent) expect(message).not.toHaveProperty("reasoning_content");
  });
});
