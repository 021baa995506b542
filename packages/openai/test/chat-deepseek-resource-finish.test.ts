/**
 * DeepSeek's `finish_reason: "insufficient_system_resource"` (its Create Chat Completion
 * reference: the request was interrupted because the inference system ran short of resources)
 * is a failure, not an answer: RUN_ERROR `insufficient_system_resource`, category `overloaded`,
 * retryable, the text so far kept as interrupted, the usage that followed recorded. Through the
 * real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run } from "./support/chat-audit-helpers.js";

const usage = { id: "chatcmpl-audit", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 30, completion_tokens: 6, total_tokens: 36 } };

describe("DeepSeek insufficient_system_resource", () => {
  it("→ RUN_ERROR insufficient_system_resource, overloaded, retryable, with the text as interrupted and the usage", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "The first par" } }), chunk({ delta: {}, finish_reason: "insufficient_system_resource" }), usage], { provider: "deepseek" });
    const end = last(events) as { type: string; code?: string; usage?: unknown[]; metadata?: unknown };
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "insufficient_system_resource" });
    expect(readBridgeMetadata(end.metadata)).toMatchObject({ errorCategory: "overloaded", retryable: true, finishReason: "error", rawFinishReason: "insufficient_system_resource" });
    expect(end.usage).toEqual([expect.objectContaining({ inputTokens: 30, outputTokens: 6 })]);
    expect(textOf(events as never)).toBe("The first par");
    expect(readBridgeMetadata(events.find((e) => e.type === "TEXT_MESSAGE_END")?.metadata)).toMatchObject({ interrupted: true });
  });
});
