/**
 * Perplexity's `usage.citation_tokens` and `usage.num_search_queries`. Its UsageInfo documents
 * `total_tokens` as prompt + completion, `citation_tokens` ("tokens used for citations") and
 * `num_search_queries` ("search queries executed") beside them; its pricing bills citation tokens
 * and search queries in columns of their own, input tokens being "the tokens in your prompt". So
 * neither goes into TokenUsage (a closed object): the totals stay prompt / completion (+ reasoning,
 * the documented part), the search count is terminal metadata `serverToolUse: { num_search_queries }`
 * (the Anthropic adapter's shape for server tool requests), the citation tokens `citationTokens`.
 * Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

const deepResearch = { prompt_tokens: 19, completion_tokens: 9829, total_tokens: 9848, citation_tokens: 17013, num_search_queries: 40, reasoning_tokens: 179398 };

describe("Perplexity billed units beside the token counts", () => {
  it("Sonar Deep Research: searches → serverToolUse, citation tokens → citationTokens, neither added to a total", async () => {
    const { events } = await run([chunk({ delta: { content: "Report" } }), chunk({ delta: {}, finish_reason: "stop" }, { usage: deepResearch })], { provider: "perplexity" });
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 19, outputTokens: 9829 + 179398, totalTokens: 19 + 9829 + 179398 }] });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ serverToolUse: { num_search_queries: 40 }, citationTokens: 17013 });
  });

  it("cumulative usage on every chunk: the completion's last report counts once; completions of the run are summed", async () => {
    const first = { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6, num_search_queries: 1, citation_tokens: 100 };
    const second = { ...first, completion_tokens: 3, total_tokens: 8, num_search_queries: 2, citation_tokens: 250 };
    const { events } = await run(
      [
        chunk({ delta: { content: "a" } }, { usage: first }),
        chunk({ delta: {}, finish_reason: "stop" }, { usage: second }),
        { id: "chatcmpl-next", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "b" }, finish_reason: null }] },
        { id: "chatcmpl-next", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: { prompt_tokens: 4, completion_tokens: 1, total_tokens: 5, num_search_queries: 3 } },
      ],
      { provider: "perplexity" },
    );
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ serverToolUse: { num_search_queries: 5 }, citationTokens: 250 });
  });

  it("zero and missing counts add no metadata (sonar: num_search_queries 0 / absent)", async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }), chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6, num_search_queries: 0 } })], { provider: "perplexity" });
    const metadata = readBridgeMetadata(last(events).metadata) ?? {};
    expect(metadata).not.toHaveProperty("serverToolUse");
    expect(metadata).not.toHaveProperty("citationTokens");
  });

  it("the counts reach a RUN_ERROR too (a run cut short after its usage)", async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }, { usage: deepResearch }), { error: { code: 500, message: "upstream failed" } }], { provider: "perplexity" });
    expect(last(events).type).toBe("RUN_ERROR");
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ serverToolUse: { num_search_queries: 40 }, citationTokens: 17013 });
  });
});

describe("xAI Live Search: usage.num_sources_used (billed per source)", () => {
  it("→ serverToolUse.num_sources_used, summed over the run's completions; zero adds nothing", async () => {
    const usage = { prompt_tokens: 12, completion_tokens: 30, total_tokens: 42, num_sources_used: 7, cost_in_usd_ticks: 1000 };
    const { events } = await run([chunk({ delta: { content: "News" } }), chunk({ delta: {}, finish_reason: "stop" }, { usage })], { provider: "xai" });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ serverToolUse: { num_sources_used: 7 } });
    const none = await run([chunk({ delta: { content: "Hi" } }), chunk({ delta: {}, finish_reason: "stop" }, { usage: { ...usage, num_sources_used: 0 } })], { provider: "xai" });
    expect(readBridgeMetadata(last(none.events).metadata) ?? {}).not.toHaveProperty("serverToolUse");
  });
});
