/**
 * Chat annotations (`url_citation`) in the places servers really send them, when the choice's text
 * END cannot carry them:
 * - a choice that streams no text (a tool-call turn, a refusal) with annotations before its
 *   finish: they reach the terminal event's `sources`, as annotations after the finish do
 *   (chat-late-annotations.test.ts), without a `messageId`;
 * - annotations on the choice beside no `delta` at all (`choices[].annotations`, which
 *   BerriAI/litellm#23662 reads for OpenRouter models next to `delta.annotations`);
 * - annotations on the cumulative `choices[].message` Perplexity's chunks carry beside `delta`
 *   (raw/openai-chat/perplexity_sonar_citations_cost.sse, open-webui/open-webui#9927), read with
 *   the same exact-repeat rule, so the copy repeated on every chunk is kept once.
 * Hand-written chunks, SDK and raw paths.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last, ofType } from "./support/collect.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";

const cite = (url: string) => ({ type: "url_citation", url_citation: { url, title: url, start_index: 0, end_index: 5 } });
const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
const call = { index: 0, id: "call_1", type: "function", function: { name: "lookup", arguments: "{}" } };
const terminalSources = (events: Parameters<typeof last>[0]) => readBridgeMetadata((last(events) as { metadata?: unknown }).metadata)?.sources;

describe("Chat annotations no text message carries", () => {
  it("a tool-call turn's annotations before the finish reach the terminal event's sources", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { role: "assistant", content: null, tool_calls: [call] } }),
      chatChunk({ delta: { annotations: [cite("https://a.example")] } }),
      chatChunk({ delta: {}, finish_reason: "tool_calls" }, { usage }),
    ]);
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(0);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(terminalSources(events)).toEqual([{ callId: "chatcmpl-test", annotations: [cite("https://a.example")] }]);
  });

  it("before and after the finish: one entry, in arrival order, repeats once", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { annotations: [cite("https://a.example")], tool_calls: [call] } }),
      chatChunk({ delta: {}, finish_reason: "tool_calls" }),
      chatChunk({ delta: { annotations: [cite("https://a.example"), cite("https://b.example")] } }, { usage }),
    ]);
    expect(terminalSources(events)).toEqual([{ callId: "chatcmpl-test", annotations: [cite("https://a.example"), cite("https://b.example")] }]);
  });

  it("a refusal's choice keeps its annotations on the terminal event (a refusal END carries none)", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { refusal: "I can't help with that.", annotations: [cite("https://a.example")] } }),
      chatChunk({ delta: {}, finish_reason: "stop" }),
    ]);
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(terminalSources(events)).toEqual([{ callId: "chatcmpl-test", annotations: [cite("https://a.example")] }]);
  });

  it("a stream that fails before any text keeps them on RUN_ERROR", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { role: "assistant", annotations: [cite("https://a.example")] } }),
      { error: { code: 502, message: "upstream failed" } },
    ]);
    expect(last(events).type).toBe("RUN_ERROR");
    expect(terminalSources(events)).toEqual([{ callId: "chatcmpl-test", annotations: [cite("https://a.example")] }]);
  });

  it("a text message still takes them on its END, and nothing goes on the terminal event", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { annotations: [cite("https://a.example")] } }),
      chatChunk({ delta: { content: "Hello" } }),
      chatChunk({ delta: {}, finish_reason: "stop" }),
    ]);
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.annotations).toEqual([cite("https://a.example")]);
    expect(terminalSources(events)).toBeUndefined();
  });
});

describe("Chat annotations outside delta", () => {
  it("on a choice entry without a delta (an annotations-only chunk) they reach the text END", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { role: "assistant", content: "Hello" } }),
      { id: "chatcmpl-test", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, annotations: [cite("https://a.example")] }] },
      chatChunk({ delta: {}, finish_reason: "stop" }),
    ]);
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.annotations).toEqual([cite("https://a.example")]);
  });

  it("on the choice's cumulative `message` (Perplexity's shape) they reach the text END once", async () => {
    const message = (content: string, annotations?: unknown[]) => ({ role: "assistant", content, ...(annotations !== undefined && { annotations }) });
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { role: "assistant", content: "The" }, message: message("The") }),
      chatChunk({ delta: { content: " answer" }, message: message("The answer", [cite("https://a.example")]) }),
      chatChunk({ delta: { content: "." }, message: message("The answer.", [cite("https://a.example"), cite("https://b.example")]) }),
      chatChunk({ delta: {}, finish_reason: "stop", message: message("The answer.", [cite("https://a.example"), cite("https://b.example")]) }),
    ]);
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("The answer.");
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.annotations).toEqual([cite("https://a.example"), cite("https://b.example")]);
    expect(terminalSources(events)).toBeUndefined();
  });
});
