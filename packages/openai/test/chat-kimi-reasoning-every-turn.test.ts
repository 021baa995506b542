/**
 * Kimi (the `moonshot` / `moonshotai` / `kimi` labels, `deepseek` dialect) gets the recorded
 * `reasoning_content` of every assistant turn back, as Moonshot's own client sends it (its
 * always-thinking models answer 400 "requires reasoning_content on every assistant message"
 * otherwise); DeepSeek keeps its rule (only a tool span's reasoning goes back, the rest is ignored there).
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { foldChatTurn } from "./support/fold-chat-turn.js";
import { toChatCompletionsRequest } from "../src/index.js";

type Rec = Record<string, unknown>;
const chunk = (delta: Rec, finish: string | null = null): Rec => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "kimi-k2.6", choices: [{ index: 0, delta, finish_reason: finish }] });

const fold = foldChatTurn;

async function conversation(provider: string): Promise<Message[]> {
  let messages: Message[] = [{ id: "u1", role: "user", content: "Hi" }];
  messages = await fold(messages, [chunk({ role: "assistant", reasoning_content: "Greet back." }), chunk({ content: "Hello!" }), chunk({}, "stop")], provider, "r1");
  messages.push({ id: "u2", role: "user", content: "Weather in Oslo?" });
  messages = await fold(
    messages,
    [
      chunk({ role: "assistant", reasoning_content: "Call the tool." }),
      chunk({ tool_calls: [{ index: 0, id: "functions.weather:0", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }] }),
      chunk({}, "tool_calls"),
    ],
    provider,
    "r2",
  );
  messages.push({ id: "t1", role: "tool", toolCallId: "functions.weather:0", content: "12°C" });
  return messages;
}

function reasoningSent(messages: Message[], provider: string): unknown[] {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r3", messages }, { model: "kimi-k2.6", provider });
  return (params.messages as unknown as Rec[]).filter((m) => m.role === "assistant").map((m) => m.reasoning_content);
}

describe("reasoning_content back per turn: Kimi vs DeepSeek", () => {
  it.each(["moonshotai", "moonshot", "kimi"])("%s: every assistant turn's reasoning goes back", async (provider) => {
    expect(reasoningSent(await conversation(provider), provider)).toEqual(["Greet back.", "Call the tool."]);
  });

  it("deepseek: only the tool span's", async () => {
    expect(reasoningSent(await conversation("deepseek"), "deepseek")).toEqual([undefined, "Call the tool."]);
  });
});
