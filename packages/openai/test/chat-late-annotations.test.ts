/**
 * Chat annotations (`url_citation`) on a chunk after the one carrying the choice's
 * `finish_reason` (gateways running a web search, OpenRouter / Perplexity style): the text's
 * TEXT_MESSAGE_END went out at the finish, so they go on the terminal event's `sources`, with the
 * message they belong to, instead of being dropped. Annotations the END already carried are not
 * repeated there. Hand-written chunks, SDK and raw paths.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last, ofType } from "./support/collect.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";

const cite = (url: string) => ({ type: "url_citation", url_citation: { url, title: url, start_index: 0, end_index: 5 } });
const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };

describe("Chat annotations after the choice finished", () => {
  it("go on the terminal event's sources with their message, the ones already on END not repeated", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { role: "assistant", content: "Hello" } }),
      chatChunk({ delta: { annotations: [cite("https://a.example")] } }),
      chatChunk({ delta: {}, finish_reason: "stop" }),
      chatChunk({ delta: { annotations: [cite("https://a.example"), cite("https://b.example")] } }),
      chatChunk({ delta: {}, annotations: [cite("https://c.example")] }, { usage }),
    ]);
    const end = ofType(events, "TEXT_MESSAGE_END")[0];
    expect(readBridgeMetadata(end?.metadata)?.annotations).toEqual([cite("https://a.example")]);
    const terminal = last(events);
    expect(terminal.type).toBe("RUN_FINISHED");
    expect(readBridgeMetadata((terminal as { metadata?: unknown }).metadata)?.sources).toEqual([
      { callId: "chatcmpl-test", messageId: end?.messageId, annotations: [cite("https://b.example"), cite("https://c.example")] },
    ]);
  });

  it("annotations before the finish stay on TEXT_MESSAGE_END only", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { role: "assistant", content: "Hello" } }),
      chatChunk({ delta: { annotations: [cite("https://a.example")] }, finish_reason: "stop" }, { usage }),
    ]);
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.annotations).toEqual([cite("https://a.example")]);
    expect(readBridgeMetadata((last(events) as { metadata?: unknown }).metadata)?.sources).toBeUndefined();
  });
});
