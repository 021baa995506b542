/**
 * vLLM's `finish_reason: "abort"`: the engine finished a request it aborted (`FINISHED_ABORTED` →
 * `FinishReason.ABORT`, vllm/v1/request.py: "aborted for another reason" than a stop or the length
 * cap: an abort request, engine shutdown, a sleep or scale-down pause) and still wrote the usage
 * chunk and `data: [DONE]` (vllm-project/vllm#57082). The answer was cut short: RUN_ERROR, not a
 * finished run. Through the real SDK and the raw-bytes path (which sees the `[DONE]`).
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

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

  it("an error object on the aborted choice is read as it is", async () => {
    const { events } = await run([chunk({ delta: { content: "x" } }), chunk({ delta: {}, finish_reason: "abort", error: { code: "engine_dead", message: "Engine core died" } })]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "engine_dead", message: "Engine core died" });
  });
});
