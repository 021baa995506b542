/**
 * The Vercel AI Gateway names the provider that served a call in the finish chunk's
 * `delta.provider_metadata.gateway.routing.finalProvider` (after any fallback; its recorded streams,
 * and its docs: "monitor which provider you used by checking the provider metadata in the
 * response"). The call's `costs` entry carries it as `upstreamProvider`, as OpenRouter's carries the
 * chunk's `provider`. Perplexity's `usage.search_context_size` (the tier that priced the request
 * fee) lands on the call's `costs` entry as `searchContextSize`. Literal chunks on both paths, and
 * the raw recordings in ../shared.
 */
import { createSequentialIds, readBridgeMetadata } from "@agui-bridge/core/adapter";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { streamChatCompletions } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";
import { listRawChatStreams } from "./support/raw-chat-streams.js";
import { sdkChatChunks } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

function costsOf(events: readonly { metadata?: unknown }[]): Rec[] | undefined {
  return readBridgeMetadata(last(events as never).metadata)?.costs as Rec[] | undefined;
}

const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, cost: 0.0021, market_cost: 0.0021 };
const routing = (finalProvider: unknown): Rec => ({ provider_metadata: { gateway: { routing: { resolvedProvider: "openai", finalProvider, fallbacksAvailable: ["azure"] }, cost: "0.0021" } } });

describe("Vercel AI Gateway: the routing's final provider", () => {
  it("names the costs entry's upstreamProvider (usage on the finish chunk)", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Hi" } }), { ...chunk({ delta: routing("azure"), finish_reason: "stop" }), usage }], { provider: "vercel" });
    expect(costsOf(events)).toEqual([{ callId: "chatcmpl-audit", provider: "vercel", model: "m", upstreamProvider: "azure", cost: 0.0021, marketCost: 0.0021 }]);
  });

  it("names it when the usage came first, and when it comes on a usage chunk after the finish", async () => {
    const before = await run([{ ...chunk({ delta: { content: "Hi" } }), usage }, chunk({ delta: routing("openai"), finish_reason: "stop" })], { provider: "vercel" });
    expect(costsOf(before.events)?.[0]).toMatchObject({ upstreamProvider: "openai", cost: 0.0021 });
    const after = await run([chunk({ delta: routing("bedrock"), finish_reason: "stop" }), { ...chunk({}), choices: [], usage }], { provider: "vercel" });
    expect(costsOf(after.events)?.[0]).toMatchObject({ upstreamProvider: "bedrock", cost: 0.0021 });
  });

  it("ignores a final provider that is not a non-empty string, and the chunk's own provider wins", async () => {
    for (const bad of [42, "", null, { id: "openai" }]) {
      const { events } = await run([{ ...chunk({ delta: routing(bad), finish_reason: "stop" }), usage }], { provider: "vercel" });
      expect(costsOf(events)?.[0]).not.toHaveProperty("upstreamProvider");
    }
    const { events } = await run([{ ...chunk({ delta: routing("openai"), finish_reason: "stop" }), usage, provider: "OpenAI" }], { provider: "openrouter" });
    expect(costsOf(events)?.[0]).toMatchObject({ upstreamProvider: "OpenAI" });
  });

  it("a second completion's entry names its own provider", async () => {
    const second = (c: Rec) => ({ ...c, id: "chatcmpl-2" });
    const { events } = await run(
      [
        { ...chunk({ delta: routing("openai"), finish_reason: "tool_calls" }), usage },
        second({ ...chunk({ delta: { content: "x" } }) }),
        second({ ...chunk({ delta: {}, finish_reason: "stop" }), usage }),
      ],
      { provider: "vercel" },
    );
    expect(costsOf(events)?.map((c) => c.upstreamProvider)).toEqual(["openai", undefined]);
  });

  const recording = listRawChatStreams().find((file) => basename(file).startsWith("vercel_"));
  it.skipIf(recording === undefined)("the recorded Vercel stream's finalProvider names the upstream provider", async () => {
    const bytes = new Uint8Array(readFileSync(recording as string));
    const sent = [...new TextDecoder().decode(bytes).matchAll(/"finalProvider":"([^"]+)"/g)].map((m) => m[1]);
    expect(sent.length).toBeGreaterThan(0);
    const events = await collect(streamChatCompletions(sdkChatChunks(bytes), { provider: "vercel", generateId: createSequentialIds("id") }));
    expect(costsOf(events)?.map((c) => c.upstreamProvider)).toEqual([sent.at(-1)]);
  });
});

describe("Perplexity: usage.search_context_size", () => {
  it("lands on the call's costs entry as searchContextSize, beside its cost object", async () => {
    const cost = { input_tokens_cost: 0, output_tokens_cost: 0, request_cost: 0.005, total_cost: 0.005 };
    const px = { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15, search_context_size: "high", cost };
    const { events } = await run([chunk({ delta: { content: "Hi" } }), { ...chunk({ delta: {}, finish_reason: "stop" }), usage: px }], { provider: "perplexity" });
    expect(costsOf(events)).toEqual([{ callId: "chatcmpl-audit", provider: "perplexity", model: "m", cost, searchContextSize: "high" }]);
  });

  const recording = listRawChatStreams().find((file) => basename(file).startsWith("perplexity_"));
  it.skipIf(recording === undefined)("the recorded Perplexity stream's search_context_size is kept", async () => {
    const bytes = new Uint8Array(readFileSync(recording as string));
    const sent = [...new TextDecoder().decode(bytes).matchAll(/"search_context_size": ?"([^"]+)"/g)].map((m) => m[1]);
    expect(sent.length).toBeGreaterThan(0);
    const events = await collect(streamChatCompletions(sdkChatChunks(bytes), { provider: "perplexity", generateId: createSequentialIds("id") }));
    expect(costsOf(events)?.map((c) => c.searchContextSize)).toEqual([sent.at(-1)]);
  });
});
