/**
 * Perplexity's chunk-level `citations` / `search_results` when the completion streams no answer
 * text. Shape seen in maruel/genai's recorded Sonar Deep Research stream
 * (providers/perplexity/testdata/TestClient/Scoreboard/sonar-deep-research_thinking/GenStream-MaxTokens.yaml):
 * `max_tokens` ran out inside the `<think>` section, so every content fragment is reasoning (the
 * label's think tags), while every chunk carried the 27 sources the research had read. They used to
 * reach only a text message's END, so with no text they were dropped. Now a completion whose
 * sources no text message took leaves them on the terminal event: metadata `sources`, one entry per
 * completion (`callId` = its id), the latest chunk's arrays as sent.
 * Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last, ofType } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

const citations = ["https://en.wikipedia.org/wiki/General_relativity", "https://en.wikipedia.org/wiki/Special_relativity"];
const searchResults = [
  { title: "General relativity - Wikipedia", url: citations[0], date: null, last_updated: null },
  { title: "Special relativity", url: citations[1], date: null, last_updated: null },
];
const sources = { citations, search_results: searchResults };

describe("Perplexity sources of a completion that streamed no text", () => {
  it("max_tokens inside <think>: the sources reach RUN_FINISHED metadata `sources`", async () => {
    const { events } = await run(
      [
        chunk({ delta: { role: "assistant", content: "<think>\n" } }, sources),
        chunk({ delta: { content: "The user is asking for a comprehensive" } }, sources),
        chunk({ delta: { content: "" }, finish_reason: "length" }, sources),
      ],
      { provider: "perplexity" },
    );
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(0);
    expect(ofType(events, "REASONING_MESSAGE_START")).toHaveLength(1);
    const end = last(events);
    expect(end.type).toBe("RUN_FINISHED");
    expect(readBridgeMetadata(end.metadata)?.sources).toEqual([{ callId: "chatcmpl-audit", citations, searchResults }]);
  });

  it("a run cut short before any text (an error chunk) keeps them on RUN_ERROR", async () => {
    const { events } = await run([chunk({ delta: { content: "<think>\nSearching" } }, sources), { error: { code: 500, message: "upstream failed" } }], { provider: "perplexity" });
    expect(last(events).type).toBe("RUN_ERROR");
    expect(readBridgeMetadata(last(events).metadata)?.sources).toEqual([{ callId: "chatcmpl-audit", citations, searchResults }]);
  });

  it("a text message takes them as before: on its END, not on the terminal event", async () => {
    const { events } = await run(
      [chunk({ delta: { content: "<think>\nok</think>The answer [1]." } }, sources), chunk({ delta: {}, finish_reason: "stop" }, sources)],
      { provider: "perplexity" },
    );
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]!.metadata)).toMatchObject({ citations, searchResults });
    expect(readBridgeMetadata(last(events).metadata)).not.toHaveProperty("sources");
  });

  it("several completions: only those without text leave an entry", async () => {
    const next = (choice: Record<string, unknown>) => ({ id: "chatcmpl-next", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, finish_reason: null, ...choice }], ...sources });
    const { events } = await run(
      [chunk({ delta: { content: "Answer." } }, sources), chunk({ delta: {}, finish_reason: "stop" }, sources), next({ delta: { content: "<think>\nagain" } }), next({ delta: {}, finish_reason: "length" })],
      { provider: "perplexity" },
    );
    expect(readBridgeMetadata(last(events).metadata)?.sources).toEqual([{ callId: "chatcmpl-next", citations, searchResults }]);
  });
});
