/**
 * Gemini's usage is proto3 JSON, which omits a zero count, and the API leaves `promptTokenCount`
 * out for some prompts while `totalTokenCount` still counts them (seen on a recorded Gemini 3
 * stream answering about a video read from a URL: candidates 1, thoughts 140, total 437, no prompt
 * count). Before, the entry had no inputTokens and no totalTokens, so those prompt tokens were
 * billed but never reported. The streams here are hand-made in that shape.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type TokenUsage } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { mapGoogleUsage, streamGenerateContent } from "../src/index.js";
import { collect } from "./support/collect.js";

const chunk = (parts: unknown[], usageMetadata: Record<string, unknown>, finishReason?: string): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...(finishReason !== undefined && { finishReason }) }],
  usageMetadata,
  modelVersion: "gemini-x",
  responseId: "r1",
});

async function usageOf(chunks: unknown[]): Promise<TokenUsage[] | undefined> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("id"), threadId: "t", runId: "r" }));
  await assertConformant(events);
  const end = events.at(-1) as { type: string; usage?: TokenUsage[] };
  expect(end.type).toBe("RUN_FINISHED");
  return end.usage;
}

describe("usage without promptTokenCount", () => {
  it("the prompt share of totalTokenCount is the input: the last report's total minus candidates and thoughts", async () => {
    const usage = await usageOf([
      chunk([{ text: "word" }], { candidatesTokenCount: 1, thoughtsTokenCount: 140, totalTokenCount: 141 }),
      chunk([{ text: "", thoughtSignature: "c2ln" }], { candidatesTokenCount: 1, thoughtsTokenCount: 140, totalTokenCount: 437 }, "STOP"),
    ]);
    expect(usage).toEqual([{ provider: "google", model: "gemini-x", inputTokens: 296, outputTokens: 141, reasoningTokens: 140, totalTokens: 437 }]);
  });

  it("a tool-use prompt count is part of that share; a prompt count present is used as before", () => {
    expect(mapGoogleUsage({ toolUsePromptTokenCount: 30, candidatesTokenCount: 5, totalTokenCount: 75 }, "m")).toMatchObject({ inputTokens: 70, outputTokens: 5, totalTokens: 75 });
    expect(mapGoogleUsage({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 999 }, "m")).toMatchObject({ inputTokens: 12, totalTokens: 17 });
  });

  it("a total that cannot hold the output or the tool-use count derives nothing, and warns about nothing new", () => {
    const warnings: BridgeWarning[] = [];
    const onWarning = (w: BridgeWarning): void => void warnings.push(w);
    expect(mapGoogleUsage({ candidatesTokenCount: 50, totalTokenCount: 10 }, "m", onWarning)).toEqual({ provider: "google", model: "m", outputTokens: 50 });
    expect(mapGoogleUsage({ toolUsePromptTokenCount: 30, candidatesTokenCount: 5, totalTokenCount: 20 }, "m", onWarning)).toMatchObject({ inputTokens: 30, outputTokens: 5 });
    expect(mapGoogleUsage({ candidatesTokenCount: 5, totalTokenCount: "many" }, "m", onWarning)).toEqual({ provider: "google", model: "m", outputTokens: 5 });
    expect(warnings).toEqual([]);
  });
});

/**
 * The other zero proto3 JSON omits: a response that produced nothing reports no candidates or
 * thoughts count, only the prompt and the total (the MALFORMED_FUNCTION_CALL chunk vercel/ai#5039
 * and pydantic/pydantic-ai#3300 show: prompt 9056, total 9056). Before, the entry had no
 * outputTokens and so no totalTokens, though the output was known to be zero.
 */
describe("usage without an output count", () => {
  it("a response that produced nothing reports output 0 and its total", async () => {
    const usage = await usageOf([
      {
        candidates: [{ content: { role: "model", parts: [{ thoughtSignature: "c2ln" }] }, finishReason: "MALFORMED_FUNCTION_CALL", index: 0 }],
        usageMetadata: { promptTokenCount: 9056, totalTokenCount: 9056, promptTokensDetails: [{ modality: "TEXT", tokenCount: 9056 }] },
        modelVersion: "gemini-x",
        responseId: "r1",
      },
    ]);
    expect(usage).toEqual([{ provider: "google", model: "gemini-x", inputTokens: 9056, outputTokens: 0, totalTokens: 9056 }]);
  });

  it("derives nothing when an output count is present, the total is missing or below the input", () => {
    expect(mapGoogleUsage({ promptTokenCount: 10, thoughtsTokenCount: 4, totalTokenCount: 14 }, "m")).toMatchObject({ outputTokens: 4, totalTokens: 14 });
    expect(mapGoogleUsage({ promptTokenCount: 10 }, "m")).toEqual({ provider: "google", model: "m", inputTokens: 10 });
    expect(mapGoogleUsage({ promptTokenCount: 10, totalTokenCount: 7 }, "m")).toEqual({ provider: "google", model: "m", inputTokens: 10 });
    expect(mapGoogleUsage({ toolUsePromptTokenCount: 3, promptTokenCount: 10, totalTokenCount: 13 }, "m")).toMatchObject({ inputTokens: 13, outputTokens: 0, totalTokens: 13 });
  });
});
