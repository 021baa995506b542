/**
 * Finish reasons of Chat servers beyond OpenAI's, from their API references: Zhipu GLM / Z.ai
 * (docs.bigmodel.cn chat API: "'sensitive' means the content was blocked by the safety review
 * interface, 'network_error' means the model's inference failed"; GLM-4.6+:
 * `model_context_window_exceeded`, the model's context window was reached) and Baidu's ERNIE API
 * shape (`normal`: "the output was generated entirely by the model, without truncation or
 * replacement", as servers copying it document it). Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

const usage = { id: "chatcmpl-audit", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24 } };

describe("Zhipu / Baidu finish reasons", () => {
  it('"sensitive" (Zhipu safety review) → content-filter', async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Part" } }), chunk({ delta: {}, finish_reason: "sensitive" })], { provider: "zhipu" });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "content-filter", rawFinishReason: "sensitive" });
  });

  it('"model_context_window_exceeded" (GLM) → length', async () => {
    const { events } = await run([chunk({ delta: { content: "Long" } }), chunk({ delta: {}, finish_reason: "model_context_window_exceeded" })], { provider: "zhipu" });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "length", rawFinishReason: "model_context_window_exceeded" });
  });

  it('"normal" (Baidu ERNIE shape) → stop', async () => {
    const { events } = await run([chunk({ delta: { content: "Done" } }), chunk({ delta: {}, finish_reason: "normal" })], { provider: "qianfan" });
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "stop", rawFinishReason: "normal" });
  });

  it('"network_error" (Zhipu: inference failed) → RUN_ERROR model_inference_error, retryable, the text kept as interrupted, with the usage that followed', async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Half an ans" } }), chunk({ delta: {}, finish_reason: "network_error" }), usage], { provider: "zhipu" });
    const end = last(events) as { type: string; usage?: unknown[]; metadata?: unknown };
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "model_inference_error" });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "server", retryable: true, finishReason: "error", rawFinishReason: "network_error" });
    expect(end.usage).toEqual([expect.objectContaining({ inputTokens: 20, outputTokens: 4 })]);
    expect(textOf(events as never)).toBe("Half an ans");
    expect(readBridgeMetadata(events.find((e) => e.type === "TEXT_MESSAGE_END")?.metadata)).toMatchObject({ interrupted: true });
  });
});
