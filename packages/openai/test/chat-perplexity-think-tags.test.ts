/**
 * Perplexity's reasoning models (`sonar-reasoning-pro`) stream their reasoning as a `<think>`
 * section at the start of `delta.content` (Perplexity API FAQ: the model "is designed to output a
 * <think> section containing reasoning tokens" before the answer). Under the `perplexity` label
 * `thinkTags` is on by default: the section is the reasoning message, the answer the text, and
 * the next request's assistant message carries the answer only (as clients that strip the
 * section send it, and Perplexity answers). The shape: Perplexity's chunks repeat the cumulative
 * `message` and the running `usage` on every chunk beside the `delta`.
 */
import { applyEvents, type Message } from "@agui-bridge/core/adapter";
import { assertConformant, textOf } from "@agui-bridge/conformance";
import { createSequentialIds } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createOpenAIChatProvider, toChatCompletionsRequest } from "../src/index.js";
import { chatSse, runChatBothPaths } from "./support/chat-both-paths.js";
import { collect, ofType } from "./support/collect.js";
import { replayClient } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

/** Perplexity-shaped chunks: each delta with the cumulative message, the citations and the running usage. */
function perplexityChunks(deltas: readonly string[]): Rec[] {
  let message = "";
  return deltas.map((delta, i) => {
    message += delta;
    const last = i === deltas.length - 1;
    return {
      id: "pplx-1",
      model: "sonar-reasoning-pro",
      created: 1,
      object: "chat.completion.chunk",
      usage: { prompt_tokens: 9, completion_tokens: 20 + i, total_tokens: 29 + i, search_context_size: "low" },
      citations: ["https://example.com/mirrors"],
      choices: [{ index: 0, message: { role: "assistant", content: message }, delta: { role: "assistant", content: delta }, ...(last && { finish_reason: "stop" }) }],
    };
  });
}

const deltas = ["<thi", "nk>\nThe mirror riddle is a", " self-reference puzzle.\n</think>", "\n\nAsk it a", " paradox[1].", ""];
const question: Message = { id: "u1", role: "user", content: "What do I ask the mirror?" };

describe("perplexity label: <think> sections read as reasoning by default", () => {
  it("the section is the reasoning message, the answer the text (both paths), citations kept on the text", async () => {
    const { events, messages } = await runChatBothPaths(perplexityChunks(deltas), { provider: "perplexity" });
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("\nThe mirror riddle is a self-reference puzzle.\n");
    expect(textOf(events as never)).toBe("\n\nAsk it a paradox[1].");
    expect(messages.map((m) => m.role)).toEqual(["reasoning", "assistant"]);
    const end = ofType(events, "TEXT_MESSAGE_END")[0];
    expect(JSON.stringify(end?.metadata)).toContain("https://example.com/mirrors");
  });

  it("the next request's assistant message is the answer only, no <think> section", async () => {
    const { events } = await runChatBothPaths(perplexityChunks(deltas), { provider: "perplexity", input: { threadId: "t", runId: "r", messages: [question] } });
    const folded = applyEvents([question], events);
    const { params } = toChatCompletionsRequest(
      { threadId: "t", runId: "r2", messages: [...folded, { id: "u2", role: "user", content: "Tell me more" }] },
      { model: "sonar-reasoning-pro", provider: "perplexity" },
    );
    expect(params.messages).toEqual([
      { role: "user", content: "What do I ask the mirror?" },
      { role: "assistant", content: "\n\nAsk it a paradox[1]." },
      { role: "user", content: "Tell me more" },
    ]);
  });

  it("thinkTags: false keeps the content as it came; other labels keep it by default", async () => {
    for (const options of [{ provider: "perplexity", thinkTags: false }, { provider: "openai" }]) {
      const { events } = await runChatBothPaths(perplexityChunks(deltas), options);
      expect(ofType(events, "REASONING_MESSAGE_CONTENT")).toEqual([]);
      expect(textOf(events as never)).toBe(deltas.join(""));
    }
  });

  it("the Chat factory follows the label and passes thinkTags: false through", async () => {
    const body = chatSse(perplexityChunks(deltas));
    for (const [thinkTags, reasoning] of [[undefined, true], [false, false]] as const) {
      const provider = createOpenAIChatProvider({
        client: replayClient(body),
        model: "sonar-reasoning-pro",
        provider: "perplexity",
        ...(thinkTags !== undefined && { thinkTags }),
        generateId: createSequentialIds("p"),
      });
      const events = await collect(provider.stream({ threadId: "t", runId: "r", messages: [question] }));
      await assertConformant(events);
      expect(ofType(events, "REASONING_MESSAGE_CONTENT").length > 0).toBe(reasoning);
    }
  });
});
