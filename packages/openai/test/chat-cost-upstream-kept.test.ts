/**
 * A call's `costs` entry keeps the upstream provider it was named with when a later usage report of
 * that call replaces the entry: a late usage-only chunk of the previous completion (A, B, A) comes
 * after the next completion's Vercel AI Gateway routing, which no longer names the call.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

type Rec = Record<string, unknown>;

const routing = (finalProvider: string): Rec => ({ provider_metadata: { gateway: { routing: { finalProvider } } } });
const usage = (cost: number): Rec => ({ prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, cost });

describe("costs entry replaced by a later report of its call", () => {
  it("keeps the gateway's upstream provider named for the call (A, B, A)", async () => {
    const b = (c: Rec): Rec => ({ ...c, id: "chatcmpl-b" });
    const { events } = await run(
      [
        { ...chunk({ delta: { ...routing("azure"), content: "a" }, finish_reason: "stop" }), usage: usage(0.001) },
        b({ ...chunk({ delta: { ...routing("bedrock"), content: "b" }, finish_reason: "stop" }), usage: usage(0.002) }),
        // A's final usage, after B started: it replaces A's report.
        { ...chunk({}), choices: [], usage: usage(0.003) },
      ],
      { provider: "vercel" },
    );
    const costs = readBridgeMetadata(last(events as never).metadata)?.costs as Rec[];
    expect(costs.map((entry) => [entry.callId, entry.upstreamProvider, entry.cost])).toEqual([
      ["chatcmpl-audit", "azure", 0.003],
      ["chatcmpl-b", "bedrock", 0.002],
    ]);
  });
});
