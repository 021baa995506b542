/**
 * Groq answers a tool call its parser could not read with `tool_use_failed`, whose message says
 * "See 'failed_generation' for more details": as an HTTP 400 body, or, once streaming started, as
 * an in-band `{"error": …}` frame. The model's refused output reaches RUN_ERROR metadata
 * `failedGeneration` (as text, bounded, redacted like every string of the event), through the SDK
 * and the raw-bytes path alike.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { describeOpenAIError, streamChatCompletions, streamChatCompletionsFromResponse } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { sdkChatChunks } from "./support/sdk-replay.js";

const failed = '<function=get_weather{"city": "Paris"}</function>';
const groqError = {
  message: "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.",
  type: "invalid_request_error",
  code: "tool_use_failed",
  failed_generation: failed,
};

async function bothPaths(bytes: Uint8Array<ArrayBuffer>, status: number, contentType: string) {
  const viaRaw = await collect(streamChatCompletionsFromResponse(new Response(bytes, { status, headers: { "content-type": contentType } }), { provider: "groq" }));
  const viaSdk = await collect(streamChatCompletions(sdkChatChunks(bytes, { status, contentType }), { provider: "groq" }));
  for (const events of [viaRaw, viaSdk]) await assertConformant(events);
  return [last(viaRaw), last(viaSdk)];
}

describe("Groq tool_use_failed: failed_generation on RUN_ERROR", () => {
  it("an HTTP 400 answer", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ error: groqError }));
    for (const end of await bothPaths(bytes, 400, "application/json")) {
      expect(end).toMatchObject({ type: "RUN_ERROR", code: "tool_use_failed" });
      expect(readBridgeMetadata(end?.metadata)).toMatchObject({ status: 400, errorCategory: "invalid_request", failedGeneration: failed });
    }
  });

  it("an in-band error frame after HTTP 200", async () => {
    const chunk = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "openai/gpt-oss-120b", choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] };
    const body = `data: ${JSON.stringify(chunk)}\n\ndata: ${JSON.stringify({ error: groqError })}\n\n`;
    for (const end of await bothPaths(new TextEncoder().encode(body), 200, "text/event-stream")) {
      expect(end).toMatchObject({ type: "RUN_ERROR", code: "tool_use_failed", message: groqError.message });
      expect(readBridgeMetadata(end?.metadata)?.failedGeneration).toBe(failed);
    }
  });

  it("is untrusted: only a non-empty string, bounded; credentials in it redacted", async () => {
    const read = (value: unknown): unknown => describeOpenAIError({ error: { ...groqError, failed_generation: value } }).metadata?.failedGeneration;
    expect(read(undefined)).toBeUndefined();
    expect(read("")).toBeUndefined();
    expect(read({ text: "x" })).toBeUndefined();
    expect((read("x".repeat(100_000)) as string).length).toBeLessThanOrEqual(16_001);
    const bytes = new TextEncoder().encode(JSON.stringify({ error: { ...groqError, failed_generation: "key sk-abcdefghijklmnop1234 leaked" } }));
    for (const end of await bothPaths(bytes, 400, "application/json")) expect(JSON.stringify(end)).not.toContain("sk-abcdefghijklmnop1234");
  });
});
