/**
 * Amazon Bedrock's OpenAI-compatible Chat Completions on `bedrock-runtime`
 * (`/openai/v1/chat/completions`) with gpt-oss: the model's reasoning comes first in the content,
 * as `<reasoning>…</reasoning>`, streamed or not (AWS's own samples and clients strip it:
 * ren8k/aws-gpt-oss-samples `completion_stream.py` splits `delta.content` on the tags;
 * promptfoo#9587: "Bedrock's InvokeModel prepends the model reasoning wrapped in
 * <reasoning>...</reasoning>"; CherryHQ/cherry-studio#10225). Under the `bedrock` label that
 * section is the reasoning message; the next request carries the answer only (Bedrock documents
 * no field for reasoning sent back on Chat Completions). The `bedrock-mantle` endpoint streams
 * `delta.reasoning` instead, read as always.
 */
import { applyEvents, type Message } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const model = "openai.gpt-oss-20b-1:0";
const chunk = (choice: Rec, extra: Rec = {}): Rec => chatChunk(choice, extra, { id: "chatcmpl-bedrock-1", model });
const stream = [
  chunk({ delta: { role: "assistant", content: "" } }),
  // bedrock-runtime sends the whole section at once, the tag split here to show it needs no chunk boundary.
  chunk({ delta: { content: "<reasoning>The user compares 3.11 and 3.9. 3.9 = 3.90 > 3.11.</reas" } }),
  chunk({ delta: { content: "oning>3.9 is larger." } }),
  chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 74, completion_tokens: 39, total_tokens: 113 } }),
];
const question: Message = { id: "u1", role: "user", content: "Which is larger, 3.11 or 3.9?" };

describe("bedrock label: gpt-oss's <reasoning> section in the content", () => {
  it("is the reasoning message, the rest the text, byte for byte (both paths)", async () => {
    const { events, messages } = await runChatBothPaths(stream, { provider: "bedrock" });
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("The user compares 3.11 and 3.9. 3.9 = 3.90 > 3.11.");
    expect(textOf(events as never)).toBe("3.9 is larger.");
    expect(messages.map((m) => m.role)).toEqual(["reasoning", "assistant"]);
  });

  it("the next request's assistant message is the answer only", async () => {
    const { events } = await runChatBothPaths(stream, { provider: "bedrock", input: { threadId: "t", runId: "r", messages: [question] } });
    const folded = applyEvents([question], events);
    const { params } = toChatCompletionsRequest(
      { threadId: "t", runId: "r2", messages: [...folded, { id: "u2", role: "user", content: "Why?" }] },
      { model, provider: "bedrock" },
    );
    expect(params.messages).toEqual([
      { role: "user", content: "Which is larger, 3.11 or 3.9?" },
      { role: "assistant", content: "3.9 is larger." },
      { role: "user", content: "Why?" },
    ]);
  });

  it("`thinkTags: false` leaves the content as sent; other labels keep `<reasoning>` text as text", async () => {
    const off = await runChatBothPaths(stream, { provider: "bedrock", thinkTags: false });
    expect(textOf(off.events as never)).toBe("<reasoning>The user compares 3.11 and 3.9. 3.9 = 3.90 > 3.11.</reasoning>3.9 is larger.");
    const other = await runChatBothPaths(stream, { provider: "openai" });
    expect(ofType(other.events, "REASONING_MESSAGE_CONTENT")).toEqual([]);
  });

  it("`thinkTags: true` under another label still reads `<think>`", async () => {
    const think = [chunk({ delta: { role: "assistant", content: "<think>hm</think>ok" } }), chunk({ delta: {}, finish_reason: "stop" })];
    const { events } = await runChatBothPaths(think, { provider: "together", thinkTags: true });
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("hm");
    expect(textOf(events as never)).toBe("ok");
  });
});
