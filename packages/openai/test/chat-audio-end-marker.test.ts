/**
 * An audio completion (`modalities: ["text", "audio"]`) whose stream ends with the audio's last
 * update (`delta.audio.expires_at` only) and no `finish_reason` at all, as gpt-4o-audio-preview
 * streams it (openai/openai-node#1206, fixed in the SDK's own accumulator by openai-node#1991):
 * the expiry is the completion's end marker, so the SDK path (which never sees `[DONE]`) finishes
 * the run as the raw-bytes path does instead of reporting a truncated stream. Without it, or with
 * output after it, the stream is still cut short.
 */
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamChatCompletions } from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { chunk, run, sse } from "./support/chat-audit-helpers.js";
import { sdkChatChunks } from "./support/sdk-replay.js";

const audioTurn = [
  chunk({ delta: { role: "assistant", content: null, refusal: null, audio: { id: "audio_1", transcript: "Hel" } } }),
  chunk({ delta: { audio: { data: "UklGRg==", transcript: "lo" } } }),
  chunk({ delta: { audio: { data: "AAAA" } } }),
];

describe("Chat: an audio completion that ends with the audio's expiry and no finish_reason", () => {
  it("finishes the run on both paths, the transcript as the assistant text", async () => {
    const { events, messages } = await run([...audioTurn, chunk({ delta: { audio: { expires_at: 1730768595 } } }), { id: "chatcmpl-audit", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 3, completion_tokens: 9, total_tokens: 12 } }]);
    expect(textOf(events as never)).toBe("Hello");
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ inputTokens: 3, outputTokens: 9, totalTokens: 12 }] });
    expect(messages).toEqual([expect.objectContaining({ role: "assistant", content: "Hello" })]);
  });

  it("without the expiry the SDK path still reports the stream cut short", async () => {
    const events = await collect(streamChatCompletions(sdkChatChunks(sse(audioTurn))));
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });
});
