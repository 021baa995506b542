/**
 * Groq Compound's per-model usage: a stream's final chunk carries, beside the request's `usage`
 * (in `x_groq.usage`), `x_groq.usage_breakdown.models[]: { model, usage: CompletionUsage }`
 * ("Detailed usage breakdown by model when multiple models are used in the request for compound
 * AI systems. Only sent in the final chunk", Groq's API reference as generated into groq-typescript
 * `resources/chat/completions.ts`, `ChatCompletionChunk.XGroq.UsageBreakdown`).
 */
import type { BridgeWarning as Warning } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { last } from "./support/collect.js";

type Rec = Record<string, unknown>;
const model = { id: "chatcmpl-compound", model: "groq/compound" };
const SCOUT = "meta-llama/llama-4-scout-17b-16e-instruct";
const OSS = "openai/gpt-oss-120b";

/** A CompletionUsage as Groq sends it (timings beside the counts). */
const groqUsage = (prompt: unknown, completion: unknown, extra: Rec = {}): Rec => ({
  queue_time: 0.02,
  prompt_tokens: prompt,
  prompt_time: 0.01,
  completion_tokens: completion,
  completion_time: 0.3,
  total_tokens: typeof prompt === "number" && typeof completion === "number" ? prompt + completion : 0,
  total_time: 0.31,
  ...extra,
});

/** A Compound answer whose final chunk carries `x_groq` with `usage` and `usage_breakdown`. */
function stream(xGroq: Rec, extra: Rec = {}): Rec[] {
  return [
    chatChunk({ delta: { role: "assistant", content: "" } }, { x_groq: { id: "req_1" } }, model),
    chatChunk({ delta: { content: "Sunny, 21°C." } }, {}, model),
    chatChunk({ delta: {}, finish_reason: "stop" }, { x_groq: { id: "req_1", ...xGroq }, ...extra }, model),
  ];
}

async function run(chunks: Rec[]): Promise<{ usage: unknown; warnings: Warning[] }> {
  const warnings: Warning[] = [];
  const { events } = await runChatBothPaths(chunks, { provider: "groq", onWarning: (w) => warnings.push(w) });
  const end = last(events);
  expect(end.type).toBe("RUN_FINISHED");
  return { usage: end.type === "RUN_FINISHED" ? end.usage : undefined, warnings };
}

const breakdown = (...models: unknown[]): Rec => ({ usage_breakdown: { models } });
const ignoredCodes = (warnings: Warning[]): string[] => warnings.map((w) => w.code).filter((c) => c === "usage.breakdown-ignored");
/** The single entry reported when the breakdown is left aside: the request's total, under the request's model. */
const totalOnly = (input: number, output: number) => [{ provider: "groq", model: "groq/compound", inputTokens: input, outputTokens: output, totalTokens: input + output }];

describe("Groq x_groq.usage_breakdown", () => {
  it("a breakdown that accounts for the total: one entry per model that served the request, in place of the total", async () => {
    const { usage, warnings } = await run(
      stream({
        usage: groqUsage(3000, 500),
        ...breakdown({ model: SCOUT, usage: groqUsage(1800, 200) }, { model: OSS, usage: groqUsage(1200, 300, { completion_tokens_details: { reasoning_tokens: 120 } }) }),
      }),
    );
    expect(usage).toEqual([
      { provider: "groq", model: SCOUT, inputTokens: 1800, outputTokens: 200, totalTokens: 2000 },
      { provider: "groq", model: OSS, inputTokens: 1200, outputTokens: 300, totalTokens: 1500, reasoningTokens: 120 },
    ]);
    expect(warnings).toEqual([]);
  });

  it("the same model twice in the breakdown: its entries are summed, still no more than the total", async () => {
    const { usage } = await run(
      stream({ usage: groqUsage(30, 9), ...breakdown({ model: OSS, usage: groqUsage(10, 4) }, { model: SCOUT, usage: groqUsage(5, 1) }, { model: OSS, usage: groqUsage(15, 4) }) }),
    );
    expect(usage).toEqual([
      { provider: "groq", model: OSS, inputTokens: 25, outputTokens: 8, totalTokens: 33 },
      { provider: "groq", model: SCOUT, inputTokens: 5, outputTokens: 1, totalTokens: 6 },
    ]);
  });

  it("the usage in the chunk's own `usage` (not x_groq's copy) is the total the breakdown is checked against", async () => {
    const { usage } = await run(stream(breakdown({ model: SCOUT, usage: groqUsage(7, 3) }), { usage: groqUsage(7, 3) }));
    expect(usage).toEqual([{ provider: "groq", model: SCOUT, inputTokens: 7, outputTokens: 3, totalTokens: 10 }]);
  });

  it("a top-level `usage_breakdown` beside `usage` (the shape of Groq's non-streamed ChatCompletion) is read the same way", async () => {
    const { usage } = await run(stream({}, { usage: groqUsage(12, 4), ...breakdown({ model: SCOUT, usage: groqUsage(2, 1) }, { model: OSS, usage: groqUsage(10, 3) }) }));
    expect(usage).toEqual([
      { provider: "groq", model: SCOUT, inputTokens: 2, outputTokens: 1, totalTokens: 3 },
      { provider: "groq", model: OSS, inputTokens: 10, outputTokens: 3, totalTokens: 13 },
    ]);
  });

  it("models that add up to more or less than the total: the total alone, the breakdown reported, never both", async () => {
    for (const [a, b] of [
      [groqUsage(2000, 200), groqUsage(1200, 300)], // more input than the total
      [groqUsage(1800, 100), groqUsage(1200, 300)], // less output than the total
    ]) {
      const { usage, warnings } = await run(stream({ usage: groqUsage(3000, 500), ...breakdown({ model: SCOUT, usage: a }, { model: OSS, usage: b }) }));
      expect(usage).toEqual(totalOnly(3000, 500));
      expect(ignoredCodes(warnings).length).toBeGreaterThan(0);
    }
  });

  it.each<[string, unknown]>([
    ["models not a list", { models: { model: OSS, usage: groqUsage(10, 5) } }],
    ["an empty list", { models: [] }],
    ["the breakdown a string", "openai/gpt-oss-120b"],
    ["an entry that is null", { models: [null, { model: OSS, usage: groqUsage(10, 5) }] }],
    ["a model without a name", { models: [{ model: "", usage: groqUsage(10, 5) }] }],
    ["a model name that is a number", { models: [{ model: 42, usage: groqUsage(10, 5) }] }],
    ["a usage that is not an object", { models: [{ model: OSS, usage: [10, 5] }] }],
    ["a negative count", { models: [{ model: OSS, usage: groqUsage(15, 5) }, { model: SCOUT, usage: groqUsage(-5, 0) }] }],
    ["a count as text", { models: [{ model: OSS, usage: groqUsage("10", 5) }] }],
    ["a fractional count", { models: [{ model: OSS, usage: groqUsage(9.5, 5) }, { model: SCOUT, usage: groqUsage(0.5, 0) }] }],
    ["a count above the safe integer range", { models: [{ model: OSS, usage: groqUsage(Number.MAX_SAFE_INTEGER, 5) }, { model: SCOUT, usage: groqUsage(11, 0) }] }],
    ["a model without output", { models: [{ model: OSS, usage: { prompt_tokens: 10 } }] }],
  ])("hostile breakdown (%s): the total alone, reported", async (_, value) => {
    const { usage, warnings } = await run(stream({ usage: groqUsage(10, 5), usage_breakdown: value }));
    expect(usage).toEqual(totalOnly(10, 5));
    expect(ignoredCodes(warnings).length).toBeGreaterThan(0);
  });

  it("a breakdown with no usable total beside it is not used: nothing to check it against", async () => {
    const { usage, warnings } = await run(stream({ usage: groqUsage(-1, 5), ...breakdown({ model: OSS, usage: groqUsage(10, 5) }) }));
    expect(usage).toEqual([{ provider: "groq", model: "groq/compound", outputTokens: 5 }]);
    expect(ignoredCodes(warnings).length).toBeGreaterThan(0);
  });

  it("a later usage report of the same completion without a breakdown replaces the per-model entries (never counted twice)", async () => {
    const chunks = stream({ usage: groqUsage(20, 6), ...breakdown({ model: SCOUT, usage: groqUsage(12, 2) }, { model: OSS, usage: groqUsage(8, 4) }) });
    chunks.push({ id: model.id, object: "chat.completion.chunk", created: 1, model: model.model, choices: [], usage: groqUsage(20, 6) });
    const { usage } = await run(chunks);
    expect(usage).toEqual(totalOnly(20, 6));
  });

  it("without a breakdown nothing changes: the total under the request's model, no warning", async () => {
    const { usage, warnings } = await run(stream({ usage: groqUsage(10, 5) }));
    expect(usage).toEqual(totalOnly(10, 5));
    expect(warnings).toEqual([]);
  });
});
