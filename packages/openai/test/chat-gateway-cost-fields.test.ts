/**
 * The Vercel AI Gateway's usage carries `market_cost` (the cost at the providers' market rates)
 * beside `cost`, as its recorded streams show (and `gateway_cost`, which gateways reading it name
 * beside it): both reach the terminal `costs` entry of the call, values as sent, like the other
 * gateway cost fields. Literal chunks through the real SDK and the raw-bytes path, and the raw
 * Vercel recording in ../shared.
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

describe("gateway cost fields: market_cost, gateway_cost", () => {
  it("land on the call's costs entry beside cost", async () => {
    const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12, cost: 0.0021, is_byok: true, market_cost: 0.0042, gateway_cost: 0.0001 };
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Hi" } }), chunk({ delta: {}, finish_reason: "stop" }), { ...chunk({}), choices: [], usage }], { provider: "vercel" });
    expect(costsOf(events)).toEqual([{ callId: "chatcmpl-audit", provider: "vercel", model: "m", cost: 0.0021, isByok: true, marketCost: 0.0042, gatewayCost: 0.0001 }]);
  });

  it("DeepInfra's estimated_cost lands on the call's costs entry", async () => {
    // As api.deepinfra.com sends it: the final chunk, usage null on the chunks before.
    const usage = { prompt_tokens: 48, total_tokens: 237, completion_tokens: 189, estimated_cost: 9.24e-5 };
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Hi" } }), { ...chunk({ delta: {}, finish_reason: "stop" }), usage }], { provider: "deepinfra" });
    expect(costsOf(events)).toEqual([{ callId: "chatcmpl-audit", provider: "deepinfra", model: "m", estimatedCost: 9.24e-5 }]);
  });

  const recording = listRawChatStreams().find((file) => basename(file).startsWith("vercel_"));
  it.skipIf(recording === undefined)("the recorded Vercel stream's market_cost is kept", async () => {
    const bytes = new Uint8Array(readFileSync(recording as string));
    const sent = [...new TextDecoder().decode(bytes).matchAll(/"market_cost":([0-9.eE-]+)/g)].map((m) => Number(m[1]));
    expect(sent.length).toBeGreaterThan(0);
    const events = await collect(streamChatCompletions(sdkChatChunks(bytes), { provider: "vercel", generateId: createSequentialIds("id") }));
    expect(costsOf(events)?.map((c) => c.marketCost)).toEqual([sent.at(-1)]);
  });
});
