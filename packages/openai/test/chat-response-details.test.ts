/**
 * Completion-level fields of `ChatCompletionChunk` (openai 7.60.0): `service_tier` (the tier that
 * actually served the request, repeated on every chunk) and `moderation` ("Moderation results for
 * the request input and generated output. Present on the moderation chunk when moderated
 * completions are requested") reach the terminal event's `finishDetails`, as on the Responses API.
 * Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

const moderation = {
  input: {
    type: "moderation_results",
    model: "omni-moderation-latest",
    results: [{ type: "moderation_result", model: "omni-moderation-latest", flagged: false, categories: { violence: false }, category_scores: { violence: 0.01 }, category_applied_input_types: { violence: ["text"] } }],
  },
  output: { type: "error", code: "moderation_unavailable", message: "Moderation of the output failed." },
};

const moderationChunk = { id: "chatcmpl-audit", object: "chat.completion.chunk", created: 1, model: "m", choices: [], moderation };

function finishDetails(events: readonly { metadata?: unknown }[]): Record<string, unknown> | undefined {
  return readBridgeMetadata(last(events as never).metadata)?.finishDetails as Record<string, unknown> | undefined;
}

describe("Chat service_tier and moderation", () => {
  it("the served service_tier → finishDetails.serviceTier (the latest chunk's)", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Hi" } }, { service_tier: "auto" }),
      chunk({ delta: {}, finish_reason: "stop" }, { service_tier: "priority" }),
    ]);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(finishDetails(events)).toEqual({ serviceTier: "priority" });
    expect(textOf(events as never)).toBe("Hi");
  });

  it("Mistral's tier inside usage (usage.service_tier, no chunk-level one) → finishDetails.serviceTier", async () => {
    const usage = { prompt_tokens: 19, completion_tokens: 2, total_tokens: 21, service_tier: "standard" };
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "OK" } }),
      chunk({ delta: { content: "" }, finish_reason: "stop" }, { usage }),
    ]);
    expect(finishDetails(events)).toEqual({ serviceTier: "standard" });
  });

  it("a chunk-level service_tier wins over one inside usage", async () => {
    const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, service_tier: "standard" };
    const { events } = await run([chunk({ delta: { role: "assistant", content: "OK" }, finish_reason: "stop" }, { service_tier: "priority", usage })]);
    expect(finishDetails(events)).toEqual({ serviceTier: "priority" });
  });

  it("system_fingerprint (the backend configuration that served the request: with seed, how to tell a backend change) → finishDetails.systemFingerprint (the latest chunk's)", async () => {
    // As xAI streams it (grok-3-mini, vercel/ai's openai-compatible xai-text recording): on every chunk, the usage chunk too.
    const usage = { prompt_tokens: 12, completion_tokens: 2, total_tokens: 354, completion_tokens_details: { reasoning_tokens: 340 } };
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "G" } }, { system_fingerprint: "fp_2a885414fb" }),
      chunk({ delta: {}, finish_reason: "stop" }, { system_fingerprint: "fp_2a885414fb" }),
      { id: "chatcmpl-audit", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage, system_fingerprint: "fp_next" },
    ]);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(finishDetails(events)).toEqual({ systemFingerprint: "fp_next" });
  });

  it("system_fingerprint null (servers that send the member empty) → nothing", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Hi" }, finish_reason: "stop" }, { system_fingerprint: null, service_tier: "default" })]);
    expect(finishDetails(events)).toEqual({ serviceTier: "default" });
  });

  it("the moderation chunk (choices: []) → finishDetails.moderation as sent, also when it follows the finish", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Hi" } }, { service_tier: "default" }),
      chunk({ delta: {}, finish_reason: "stop" }, { service_tier: "default" }),
      moderationChunk,
    ]);
    expect(finishDetails(events)).toEqual({ serviceTier: "default", moderation });
  });

  it("a finish that fails the run (finish_reason error) carries them on RUN_ERROR", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Hal" } }, { service_tier: "flex" }),
      chunk({ delta: {}, finish_reason: "error" }, { service_tier: "flex" }),
    ]);
    expect(last(events).type).toBe("RUN_ERROR");
    expect(finishDetails(events)).toEqual({ serviceTier: "flex" });
  });

  it("no tier, null or a non-object moderation: no details", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Hi" } }, { service_tier: null, moderation: null }),
      chunk({ delta: {}, finish_reason: "stop" }, { service_tier: "", moderation: "flagged" }),
    ]);
    expect(finishDetails(events)).toBeUndefined();
  });
});
