/**
 * A Chat usage's `prompt_tokens_details` / `completion_tokens_details` counts TokenUsage has no
 * field for: audio tokens (gpt-4o audio models; OpenAI prices them apart from text), Predicted
 * Outputs' accepted / rejected prediction tokens, OpenRouter's image / video tokens. They are parts
 * of the totals already in TokenUsage, so they go to terminal metadata `tokenDetails`, as sent,
 * never into a total. Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

const audio = {
  prompt_tokens: 120,
  completion_tokens: 300,
  total_tokens: 420,
  prompt_tokens_details: { cached_tokens: 0, audio_tokens: 80, text_tokens: 40, image_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 250, text_tokens: 50, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
};

describe("Chat usage details TokenUsage has no field for", () => {
  it("audio tokens (input and output) → tokenDetails, the totals unchanged; zeros and TokenUsage's own parts left out", async () => {
    const { events } = await run([chunk({ delta: { content: "Hi" } }), chunk({ delta: {}, finish_reason: "stop" }, { usage: audio })]);
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 120, outputTokens: 300, totalTokens: 420 }] });
    expect(readBridgeMetadata(end.metadata)?.tokenDetails).toEqual({
      prompt_tokens_details: { audio_tokens: 80, text_tokens: 40 },
      completion_tokens_details: { audio_tokens: 250, text_tokens: 50 },
    });
  });

  it("Predicted Outputs: accepted and rejected prediction tokens, summed over the run's completions (each completion's last report)", async () => {
    const first = { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30, completion_tokens_details: { accepted_prediction_tokens: 4, rejected_prediction_tokens: 1 } };
    const later = { ...first, completion_tokens_details: { accepted_prediction_tokens: 12, rejected_prediction_tokens: 3 } };
    const { events } = await run([
      chunk({ delta: { content: "a" } }, { usage: first }),
      chunk({ delta: {}, finish_reason: "stop" }, { usage: later }),
      { id: "chatcmpl-next", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "b" }, finish_reason: null }] },
      { id: "chatcmpl-next", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: { ...first, completion_tokens_details: { rejected_prediction_tokens: 2 } } },
    ]);
    expect(readBridgeMetadata(last(events).metadata)?.tokenDetails).toEqual({ completion_tokens_details: { accepted_prediction_tokens: 12, rejected_prediction_tokens: 5 } });
  });

  it("nothing but zeros, cache and reasoning counts, or malformed values: no tokenDetails", async () => {
    const usage = {
      prompt_tokens: 10,
      completion_tokens: 20,
      total_tokens: 30,
      prompt_tokens_details: { cached_tokens: 4, cache_write_tokens: 2, audio_tokens: 0, "Bad Name": 3, image_tokens: -1 },
      completion_tokens_details: { reasoning_tokens: 5, audio_tokens: "7", video_tokens: 1.5 },
    };
    const { events } = await run([chunk({ delta: { content: "x" } }), chunk({ delta: {}, finish_reason: "stop" }, { usage })]);
    expect(readBridgeMetadata(last(events).metadata) ?? {}).not.toHaveProperty("tokenDetails");
  });

  it("the counts reach a RUN_ERROR too (a run cut short after its usage)", async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }, { usage: audio }), { error: { code: 500, message: "upstream failed" } }]);
    expect(last(events).type).toBe("RUN_ERROR");
    expect(readBridgeMetadata(last(events).metadata)?.tokenDetails).toMatchObject({ prompt_tokens_details: { audio_tokens: 80 } });
  });
});
