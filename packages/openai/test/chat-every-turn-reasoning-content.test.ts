/**
 * Zhipu GLM / Z.ai (labels `zhipu`, `zai`, `z.ai`, `bigmodel`) and Fireworks (`fireworks`,
 * `fireworks-ai`), `deepseek` dialect: the recorded `reasoning_content` of every assistant turn goes
 * back as streamed. Z.ai's thinking-mode guide: with interleaved thinking and tools, "thinking blocks
 * should be explicitly preserved and returned together with the tool results"; with preserved
 * thinking (Coding Plan default, `clear_thinking: false`) "you must return the complete, unmodified
 * reasoning_content back to the API". Fireworks' reasoning guide: "you must include the
 * reasoning_content from previous assistant turns in subsequent requests" (models without
 * interleaved thinking ignore it). A turn that streamed no reasoning gets no placeholder. Baidu
 * Qianfan (`qianfan`) and Tencent Cloud TokenHub (`tokenhub`, `hunyuan`) get DeepSeek's rule,
 * recorded reasoning only: Qianfan's interleaved-thinking guide sends the reasoning_content of a
 * question's tool-call requests back while it is answered (earlier questions' is ignored),
 * TokenHub's sends the tool results back "together with the same turn's reasoning_content";
 * SiliconFlow (`siliconflow`) likewise: its interleaved-thinking guide (DeepSeek V3.2, GLM-4.7) has
 * a tool-calling flow's reasoning_content replayed unchanged.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { foldChatTurn } from "./support/fold-chat-turn.js";
import { defaultChatDialect, toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const chunk = (delta: Rec, finish: string | null = null): Rec => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "glm-5.1", choices: [{ index: 0, delta, finish_reason: finish }] });
const call = (id: string, city: string): Rec => ({ tool_calls: [{ index: 0, id, type: "function", function: { name: "weather", arguments: JSON.stringify({ city }) } }] });

async function conversation(provider: string): Promise<Message[]> {
  let messages: Message[] = [{ id: "u1", role: "user", content: "Hi" }];
  messages = await foldChatTurn(messages, [chunk({ role: "assistant", reasoning_content: "Greet " }), chunk({ reasoning_content: "back." }), chunk({ content: "Hello!" }), chunk({}, "stop")], provider, "r1");
  messages.push({ id: "u2", role: "user", content: "Weather in Oslo and Bergen?" });
  messages = await foldChatTurn(messages, [chunk({ role: "assistant", reasoning_content: "Oslo first." }), chunk(call("call_a", "Oslo")), chunk({}, "tool_calls")], provider, "r2");
  messages.push({ id: "t1", role: "tool", toolCallId: "call_a", content: "12°C" });
  // A step with thinking turned off for it: no reasoning streamed.
  messages = await foldChatTurn(messages, [chunk({ role: "assistant" }), chunk(call("call_b", "Bergen")), chunk({}, "tool_calls")], provider, "r3");
  messages.push({ id: "t2", role: "tool", toolCallId: "call_b", content: "9°C" });
  return messages;
}

function assistantsSent(messages: Message[], provider: string): Rec[] {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r4", messages }, { model: "glm-5.1", provider });
  return (params.messages as unknown as Rec[]).filter((m) => m.role === "assistant");
}

describe("reasoning_content of every turn back to Zhipu GLM / Z.ai and Fireworks", () => {
  it.each(["zhipu", "zai", "z.ai", "bigmodel", "fireworks", "fireworks-ai"])("%s: deepseek dialect; every streamed turn's reasoning goes back, none invented", async (provider) => {
    expect(defaultChatDialect(provider)).toBe("deepseek");
    const sent = assistantsSent(await conversation(provider), provider);
    expect(sent.map((m) => m.reasoning_content)).toEqual(["Greet back.", "Oslo first.", undefined]);
    expect(sent.map((m) => "reasoning_content" in m)).toEqual([true, true, false]);
  });

  it("reasoning streamed under another label is not sent to them", async () => {
    const messages = await conversation("deepseek");
    expect(assistantsSent(messages, "zhipu").map((m) => m.reasoning_content)).toEqual([undefined, undefined, undefined]);
    expect(assistantsSent(messages, "fireworks").map((m) => m.reasoning_content)).toEqual([undefined, undefined, undefined]);
  });

  it.each(["qianfan", "tokenhub", "hunyuan", "siliconflow"])("%s: deepseek dialect; only the tool span's recorded reasoning goes back, no placeholder", async (provider) => {
    expect(defaultChatDialect(provider)).toBe("deepseek");
    const sent = assistantsSent(await conversation(provider), provider);
    expect(sent.map((m) => m.reasoning_content)).toEqual([undefined, "Oslo first.", undefined]);
    expect(sent.map((m) => "reasoning_content" in m)).toEqual([false, true, false]);
  });
});
