/**
 * Which model call a Chat usage report belongs to, so each call counts once (a call's later report
 * replaces its earlier one, calls add up):
 * - servers that give every chunk an id of its own (Foundry Local, microsoft/foundry-local#144 and
 *   #221; llama.cpp before ggml-org/llama.cpp#5876; LiteLLM before BerriAI/litellm#1571 and its
 *   OCI route before BerriAI/litellm#39507) and report the usage on the finishing chunk and again on
 *   a trailing usage-only chunk (`choices: []`, as `stream_options.include_usage` sends it): the
 *   trailing chunk's new id is the same call, not a second one;
 * - a usage-only chunk naming the completion before the current one (A, B, A): it replaces A's
 *   report instead of counting A again, or of replacing B's.
 * Real multi-call streams (a gateway concatenating completions, each with its own id) still add up:
 * usage-settle.test.ts and chat-per-chunk-ids.test.ts pin those.
 * Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { last } from "./support/collect.js";

type Rec = Record<string, unknown>;
const usage = (prompt: number, completion: number, extra: Rec = {}) => ({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, ...extra });
const usageOnly = (id: string, u: Rec): Rec => ({ id, object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: u });
const terminal = (events: Parameters<typeof last>[0]) => last(events) as { type: string; usage?: unknown; metadata?: unknown };

describe("Chat usage: a completion whose chunks each carry their own id", () => {
  it("usage on the finish chunk and on a trailing usage-only chunk with yet another id counts once", async () => {
    const cost = { cost: 0.002 };
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { role: "assistant", content: "Hi" } }, {}, { id: "chat.id.1" }),
      chatChunk({ delta: { content: " there." } }, {}, { id: "chat.id.2" }),
      chatChunk({ delta: {}, finish_reason: "stop" }, { usage: usage(20, 9, { ...cost, citation_tokens: 7 }) }, { id: "chat.id.3" }),
      usageOnly("chat.id.4", usage(20, 9, { ...cost, citation_tokens: 7 })),
    ]);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 20, outputTokens: 9, totalTokens: 29 }] });
    const metadata = readBridgeMetadata(end.metadata);
    expect(metadata?.costs).toEqual([{ callId: "chat.id.1", provider: "openai", model: "m", cost: 0.002 }]);
    expect(metadata?.citationTokens).toBe(7);
  });

  it("a new completion after it (chunks with content) is still a call of its own", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { content: "One" } }, {}, { id: "chat.id.1" }),
      chatChunk({ delta: {}, finish_reason: "stop" }, { usage: usage(10, 1) }, { id: "chat.id.2" }),
      usageOnly("chat.id.3", usage(10, 1)),
      chatChunk({ delta: { content: "Two" } }, {}, { id: "chat.id.4" }),
      chatChunk({ delta: {}, finish_reason: "stop" }, { usage: usage(10, 2) }, { id: "chat.id.5" }),
      usageOnly("chat.id.6", usage(10, 2)),
    ]);
    expect(terminal(events)).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 20, outputTokens: 3 }] });
  });
});

describe("Chat usage: a usage-only chunk naming the completion before the current one", () => {
  it("after the next completion finished: replaces that completion's report (A, B, A)", async () => {
    const { events } = await runChatBothPaths([
      chatChunk({ delta: { content: "A" } }, {}, { id: "A" }),
      chatChunk({ delta: {}, finish_reason: "stop" }, { usage: usage(10, 2, { cost: 0.1 }) }, { id: "A" }),
      chatChunk({ delta: { content: "B" } }, {}, { id: "B" }),
      chatChunk({ delta: {}, finish_reason: "stop" }, { usage: usage(5, 1, { cost: 0.2 }) }, { id: "B" }),
      usageOnly("A", usage(10, 3, { cost: 0.3 })),
    ]);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 15, outputTokens: 4, totalTokens: 19 }] });
    expect(readBridgeMetadata(end.metadata)?.costs).toEqual([
      { callId: "A", provider: "openai", model: "m", cost: 0.3 },
      { callId: "B", provider: "openai", model: "m", cost: 0.2 },
    ]);
  });

  it("while the next completion streams: neither replaces the current one's report nor counts A twice", async () => {
    const { events, messages } = await runChatBothPaths([
      chatChunk({ delta: { content: "A" } }, {}, { id: "A" }),
      chatChunk({ delta: {}, finish_reason: "stop" }, { usage: usage(10, 2, { citation_tokens: 7 }) }, { id: "A" }),
      chatChunk({ delta: { content: "B" } }, { usage: usage(5, 1, { citation_tokens: 4 }) }, { id: "B" }),
      usageOnly("A", usage(10, 3, { citation_tokens: 7 })),
      chatChunk({ delta: {}, finish_reason: "stop" }, { usage: usage(5, 2, { citation_tokens: 4 }) }, { id: "B" }),
    ]);
    expect(messages.map((m) => m.role === "assistant" && m.content)).toEqual(["A", "B"]);
    const end = terminal(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 15, outputTokens: 5, totalTokens: 20 }] });
    expect(readBridgeMetadata(end.metadata)?.citationTokens).toBe(11);
  });
});
