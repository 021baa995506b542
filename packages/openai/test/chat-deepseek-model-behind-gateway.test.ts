/**
 * A DeepSeek thinking model served under a label whose default dialect is `openai` (a gateway such
 * as Charm's Hyper, Azure AI Foundry, an OpenAI client pointed at DeepSeek with no label): DeepSeek's
 * thinking-mode guide wants the `reasoning_content` of every assistant message between two user
 * messages where the model made a tool call on all later requests (HTTP 400 "The reasoning_content
 * in the thinking mode must be passed back to the API" otherwise; thinking is on by default for
 * DeepSeek V4). With no `dialect` option the request follows that rule for the recorded reasoning,
 * with no empty placeholder where none was recorded (a server other than DeepSeek's may not know
 * the field), as for a Kimi model behind such a label.
 *
 * The stream shape is charmbracelet/crush internal/agent/testdata/TestCoderAgent/deepseek-v4/
 * parallel_tool_calls.yaml (deepseek-v4-pro through hyper.charm.land): `reasoning_content` deltas,
 * content `"\n\n"`, two parallel calls, `tool_calls`; its accepted next request carries the tool
 * turn's `reasoning_content`.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { foldChatTurn } from "./support/fold-chat-turn.js";
import { toChatCompletionsRequest, type ChatDialect } from "../src/index.js";

type Rec = Record<string, unknown>;
const chunk = (delta: Rec | null, finish: string | null = null, usage: Rec | null = null): Rec => ({
  id: "chatcmpl-3fcf921492b95785246060c8",
  object: "chat.completion.chunk",
  created: 1787170405,
  model: "deepseek-v4-pro-0813",
  choices: delta === null ? [] : [{ index: 0, delta, finish_reason: finish }],
  ...(usage !== null && { usage }),
});

const toolTurn = [
  chunk({ role: "assistant" }),
  chunk({ reasoning_content: "The user wants me to run glob" }),
  chunk({ reasoning_content: " and ls in parallel." }),
  chunk({ content: "\n\n" }),
  chunk({ tool_calls: [{ id: "call_67389dea0febe22c", type: "function", index: 0, function: { name: "glob", arguments: "" } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: "{\"pattern\":\"**/*.go\"}" } }] }),
  chunk({ tool_calls: [{ id: "call_9b9d9dc30e777faf", type: "function", index: 1, function: { name: "ls", arguments: "" } }] }),
  chunk({ tool_calls: [{ index: 1, function: { arguments: "{\"path\":\"/tmp\"}" } }] }),
  chunk({}, "tool_calls"),
  chunk(null, null, { prompt_tokens: 9005, completion_tokens: 115, total_tokens: 9120 }),
];

async function conversation(provider: string): Promise<Message[]> {
  let messages: Message[] = [{ id: "u1", role: "user", content: "Run glob and ls in parallel." }];
  messages = await foldChatTurn(messages, toolTurn, provider, "r1");
  const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
  messages.push({ id: "t1", role: "tool", toolCallId: calls[0]?.id ?? "", content: "/tmp/main.go" });
  messages.push({ id: "t2", role: "tool", toolCallId: calls[1]?.id ?? "", content: "- /tmp/\n  - main.go\n" });
  messages = await foldChatTurn(messages, [chunk({ role: "assistant", reasoning_content: "Report both." }), chunk({ content: "main.go" }), chunk({}, "stop")], provider, "r2");
  messages.push({ id: "u2", role: "user", content: "Thanks. What is 2+2?" });
  messages = await foldChatTurn(messages, [chunk({ role: "assistant", reasoning_content: "Simple sum." }), chunk({ content: "4" }), chunk({}, "stop")], provider, "r3");
  messages.push({ id: "u3", role: "user", content: "List again." });
  // A tool-call turn another client wrote, with no reasoning recorded.
  messages.push({ id: "a4", role: "assistant", content: "", toolCalls: [{ id: "call_x", type: "function", function: { name: "ls", arguments: "{}" } }] });
  messages.push({ id: "t4", role: "tool", toolCallId: "call_x", content: "main.go" });
  return messages;
}

function assistants(messages: Message[], provider: string, model: string, dialect?: ChatDialect): Rec[] {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r4", messages }, { model, provider, ...(dialect !== undefined && { dialect }) });
  return params.messages.filter((m) => m.role === "assistant") as unknown as Rec[];
}

describe("a DeepSeek model behind an openai-default label gets its tool turns' reasoning_content back", () => {
  it("hyper + deepseek-v4-pro: the tool span's recorded reasoning_content, none on a plain turn, no empty placeholder", async () => {
    const sent = assistants(await conversation("hyper"), "hyper", "deepseek-v4-pro-0813");
    expect(sent[0]).toEqual({
      role: "assistant",
      content: "\n\n",
      reasoning_content: "The user wants me to run glob and ls in parallel.",
      tool_calls: [
        { id: "call_67389dea0febe22c", type: "function", function: { name: "glob", arguments: "{\"pattern\":\"**/*.go\"}" } },
        { id: "call_9b9d9dc30e777faf", type: "function", function: { name: "ls", arguments: "{\"path\":\"/tmp\"}" } },
      ],
    });
    expect(sent[1]).toEqual({ role: "assistant", content: "main.go", reasoning_content: "Report both." });
    expect(sent[2]).toEqual({ role: "assistant", content: "4" });
    expect(sent[3]).not.toHaveProperty("reasoning_content");
  });

  it("the label an application gets by default (openai) and Azure AI Foundry's model names take the rule too", async () => {
    for (const [provider, model] of [["openai", "deepseek-v4-flash"], ["azure-openai", "DeepSeek-V3.2"]] as const) {
      const sent = assistants(await conversation(provider), provider, model);
      expect(sent.map((m) => m.reasoning_content)).toEqual(["The user wants me to run glob and ls in parallel.", "Report both.", undefined, undefined]);
    }
  });

  it("the same conversation to another model, or with dialect: \"openai\" set, carries no reasoning", async () => {
    const messages = await conversation("hyper");
    for (const sent of [assistants(messages, "hyper", "gpt-4.1"), assistants(messages, "hyper", "deepseek-v4-pro", "openai")]) {
      for (const message of sent) expect(message).not.toHaveProperty("reasoning_content");
    }
  });

  it("the deepseek label keeps its rule: an empty placeholder on a tool-call turn with none recorded", async () => {
    const sent = assistants(await conversation("deepseek"), "deepseek", "deepseek-v4-pro");
    expect(sent.map((m) => m.reasoning_content)).toEqual(["The user wants me to run glob and ls in parallel.", "Report both.", undefined, ""]);
  });

  it("groq + a DeepSeek model: no reasoning_content (Groq answers 400 for it; its own dialect sends `reasoning`)", async () => {
    const sent = assistants(await conversation("groq"), "groq", "deepseek-r1-distill-llama-70b");
    expect(sent).toHaveLength(4);
    for (const message of sent) expect(message).not.toHaveProperty("reasoning_content");
  });
});
