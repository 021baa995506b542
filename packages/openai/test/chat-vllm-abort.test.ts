/**
 * vLLM's `finish_reason: "abort"`: the engine finished a request it aborted (`FINISHED_ABORTED` →
 * `FinishReason.ABORT`, vllm/v1/request.py: "aborted for another reason" than a stop or the length
 * cap: an abort request, engine shutdown, a sleep or scale-down pause) and still wrote the usage
 * chunk and `data: [DONE]` (vllm-project/vllm#57082). The answer was cut short: RUN_ERROR, not a
 * finished run, which fails once the stream ends, with the usage that followed. Through the real
 * SDK and the raw-bytes path (which sees the `[DONE]`).
 */
import { createSequentialIds, readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamChatCompletions } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

async function* each(values: readonly unknown[]): AsyncGenerator<unknown> {
  yield* values;
}

const usage = { id: "chatcmpl-audit", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } };

describe('vLLM finish_reason "abort"', () => {
  it("ends in RUN_ERROR generation_aborted (category server, retryable), the partial text kept, the raw value in metadata", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Partial" } }), chunk({ delta: { content: " ans" } }), chunk({ delta: { content: "" }, finish_reason: "abort" }), usage], { provider: "vllm" });
    const end = last(events);
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "generation_aborted" });
    expect(String((end as { message?: unknown }).message)).toMatch(/aborted/);
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "server", retryable: true, finishReason: "error", rawFinishReason: "abort" });
    expect(textOf(events as never)).toBe("Partial ans");
    expect(events.some((event) => event.type === "RUN_FINISHED")).toBe(false);
  });

  it("during a tool call: RUN_ERROR too (no tool-calls finish)", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":' } }] } }),
      chunk({ delta: {}, finish_reason: "abort" }),
    ], { provider: "vllm" });
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "generation_aborted" });
  });

  it("RUN_ERROR carries the usage of the trailing usage chunk, and the cut text closes as interrupted", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Partial" } }), chunk({ delta: { content: "" }, finish_reason: "abort" }), usage], { provider: "vllm" });
    const end = last(events) as { type: string; usage?: Array<Record<string, unknown>> };
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "generation_aborted" });
    expect(end.usage).toEqual([expect.objectContaining({ inputTokens: 12, outputTokens: 3, totalTokens: 15 })]);
    const textEnd = events.find((event) => event.type === "TEXT_MESSAGE_END");
    expect(readBridgeMetadata(textEnd?.metadata)).toMatchObject({ interrupted: true });
  });

  it('usage on the finishing chunk itself reaches RUN_ERROR too (finish_reason "error")', async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }), chunk({ delta: {}, finish_reason: "error" }, { usage: { prompt_tokens: 7, completion_tokens: 1, total_tokens: 8 } })]);
    const end = last(events) as { type: string; usage?: Array<Record<string, unknown>> };
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "provider_error" });
    expect(end.usage).toEqual([expect.objectContaining({ inputTokens: 7, outputTokens: 1, totalTokens: 8 })]);
  });

  it("an error chunk's own usage reaches RUN_ERROR (chunks given as they are: the SDK throws on such a frame and keeps no usage)", async () => {
    const chunks = [chunk({ delta: { content: "x" } }), { id: "chatcmpl-audit", object: "chat.completion.chunk", error: { message: "Upstream failed", code: 502 }, usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } }];
    const events = await collect(streamChatCompletions(each(chunks), { generateId: createSequentialIds("id") }));
    const end = last(events) as { type: string; usage?: Array<Record<string, unknown>> };
    expect(end).toMatchObject({ type: "RUN_ERROR" });
    expect(end.usage).toEqual([expect.objectContaining({ inputTokens: 5, outputTokens: 2, totalTokens: 7 })]);
  });

  it("an error object on the aborted choice is read as it is", async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }), chunk({ delta: {}, finish_reason: "abort", error: { code: "engine_dead", message: "Engine core died" } })]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "engine_dead", message: "Engine core died" });
  });
});
