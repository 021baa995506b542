/**
 * `usage.iterations` (message_delta): the API documents that "a `compaction` entry's tokens are not
 * included in the top-level `usage` fields", and an `advisor_message` entry is another model's call.
 * The AG-UI spec: usage covers every model call of the run, one entry per provider and model, and
 * inputTokens counts every prompt token charged. So the run's usage is built from the iterations.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

function stream(model: string, startUsage: Rec, deltaUsage: Rec, stopped = true): unknown[] {
  return [
    { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model, content: [], stop_reason: null, usage: startUsage } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Based on our conversation so far..." } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: deltaUsage },
    ...(stopped ? [{ type: "message_stop" }] : []),
  ];
}

async function usageOf(chunks: unknown[], warnings: BridgeWarning[] = []): Promise<unknown> {
  const events: Event[] = await collect(
    streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), onWarning: (warning) => warnings.push(warning) }),
  );
  await assertConformant(events);
  const last = events[events.length - 1] as Event & { usage?: unknown };
  return last.usage;
}

const iteration = (type: string, input: number, output: number, extra: Rec = {}): Rec => ({
  type,
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
  ...extra,
});

describe("usage.iterations", () => {
  it("compaction (the docs' example): the compaction call's tokens, left out of the top level, are counted", async () => {
    const usage = await usageOf(
      stream(
        "claude-opus-4-6",
        { input_tokens: 180000, output_tokens: 1 },
        {
          input_tokens: 23000,
          output_tokens: 1000,
          iterations: [iteration("compaction", 180000, 3500), iteration("message", 23000, 1000)],
        },
      ),
    );
    expect(usage).toEqual([
      { provider: "anthropic", model: "claude-opus-4-6", inputTokens: 203000, outputTokens: 4500, totalTokens: 207500, cachedInputTokens: 0, cacheWriteInputTokens: 0 },
    ]);
  });

  it("advisor: the advisor model's call is its own entry; the top level is the message entries", async () => {
    const usage = await usageOf(
      stream(
        "claude-sonnet-4-6",
        { input_tokens: 1051, output_tokens: 35 },
        {
          input_tokens: 4727,
          cache_read_input_tokens: 100,
          output_tokens: 3391,
          iterations: [
            iteration("message", 1001, 35, { cache_read_input_tokens: 50 }),
            iteration("advisor_message", 2728, 3880, { model: "claude-opus-4-7", cache_creation_input_tokens: 20 }),
            iteration("message", 3626, 3356, { cache_read_input_tokens: 50 }),
          ],
        },
      ),
    );
    expect(usage).toEqual([
      { provider: "anthropic", model: "claude-sonnet-4-6", inputTokens: 4727, outputTokens: 3391, totalTokens: 8118, cachedInputTokens: 100, cacheWriteInputTokens: 0 },
      { provider: "anthropic", model: "claude-opus-4-7", inputTokens: 2748, outputTokens: 3880, totalTokens: 6628, cachedInputTokens: 0, cacheWriteInputTokens: 20 },
    ]);
  });

  it("iterations without the message's own entry: the top level stands and the others are added", async () => {
    const usage = await usageOf(
      stream("claude-opus-4-6", { input_tokens: 10, output_tokens: 1 }, { input_tokens: 612, output_tokens: 2819, iterations: [iteration("compaction", 60385, 522)] }),
    );
    expect(usage).toEqual([
      { provider: "anthropic", model: "claude-opus-4-6", inputTokens: 60997, outputTokens: 3341, totalTokens: 64338, cachedInputTokens: 0, cacheWriteInputTokens: 0 },
    ]);
  });

  it("a stream cut before message_delta keeps the top-level usage of message_start", async () => {
    const chunks = stream("claude-opus-4-6", { input_tokens: 60385, output_tokens: 5 }, {}).slice(0, 4);
    expect(await usageOf(chunks)).toEqual([{ provider: "anthropic", model: "claude-opus-4-6", inputTokens: 60385, outputTokens: 5, totalTokens: 60390 }]);
  });

  it("hostile iteration entries are narrowed: a bad count drops that sum with a warning, never an exception", async () => {
    const warnings: BridgeWarning[] = [];
    const usage = await usageOf(
      stream("claude-opus-4-6", { input_tokens: 10, output_tokens: 1 }, { input_tokens: 20, output_tokens: 30, iterations: [7, iteration("message", 20, 30), iteration("compaction", -1, 5)] }),
      warnings,
    );
    // The input sum has an invalid addend, so it is absent (and its cache parts with it).
    expect(usage).toEqual([{ provider: "anthropic", model: "claude-opus-4-6", outputTokens: 35 }]);
    expect(warnings.map((warning) => warning.code)).toContain("usage.invalid-count");
  });
});

describe("a zero input count on message_delta (Anthropic-compatible servers)", () => {
  it("does not wipe message_start's positive counts when no fallback happened (sglang#20830, envoy ai-gateway#1631)", async () => {
    const usage = await usageOf(
      stream("claude-sonnet-4-6", { input_tokens: 120, cache_read_input_tokens: 300, cache_creation_input_tokens: 0, output_tokens: 1 }, { input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 9 }),
    );
    expect(usage).toEqual([{ provider: "anthropic", model: "claude-sonnet-4-6", inputTokens: 420, outputTokens: 9, totalTokens: 429, cachedInputTokens: 300, cacheWriteInputTokens: 0 }]);
  });

  it("a positive later count still replaces the earlier one", async () => {
    const usage = await usageOf(stream("claude-sonnet-4-6", { input_tokens: 120, output_tokens: 1 }, { input_tokens: 150, output_tokens: 9 }));
    expect(usage).toEqual([expect.objectContaining({ inputTokens: 150, outputTokens: 9, totalTokens: 159 })]);
  });
});
