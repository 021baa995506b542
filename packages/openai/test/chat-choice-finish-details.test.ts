/**
 * Details servers report beside a choice's `finish_reason`. OpenRouter's `native_finish_reason`
 * (finish reasons are normalized; "to retain model-specific details, the native_finish_reason is
 * also returned") reaches `finishDetails.nativeFinishReason`. vLLM's `stop_reason` ("The stop
 * string or token id that caused the completion to stop, None if the completion finished for some
 * other reason including encountering the EOS token") and
 * SGLang's `matched_stop` beside `finish_reason`: the stop string reaches
 * `finishDetails.stopSequence` (as Anthropic's `stop_sequence` does), a token id
 * `finishDetails.stopTokenId`. Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run, type Rec } from "./support/chat-audit-helpers.js";

async function finishDetails(finish: Rec, provider = "vllm"): Promise<unknown> {
  const { events } = await run([chunk({ delta: { role: "assistant", content: "1, 2, 3" } }), chunk({ delta: {}, finish_reason: "stop", ...finish })], { provider });
  expect(last(events).type).toBe("RUN_FINISHED");
  return readBridgeMetadata(last(events).metadata)?.finishDetails;
}

describe("stop_reason / matched_stop / native_finish_reason", () => {
  it("vLLM's stop string → finishDetails.stopSequence", async () => {
    expect(await finishDetails({ stop_reason: "4" })).toEqual({ stopSequence: "4" });
  });

  it("a stop token id → finishDetails.stopTokenId", async () => {
    expect(await finishDetails({ stop_reason: 151645 })).toEqual({ stopTokenId: 151645 });
  });

  it("SGLang's matched_stop → the same", async () => {
    expect(await finishDetails({ matched_stop: "\n\n" })).toEqual({ stopSequence: "\n\n" });
  });

  it("null (EOS), an empty string or another type adds nothing", async () => {
    for (const value of [null, "", -1, 1.5, { x: 1 }]) expect(await finishDetails({ stop_reason: value, native_finish_reason: value })).toBeUndefined();
  });

  it("OpenRouter's native_finish_reason → finishDetails.nativeFinishReason", async () => {
    expect(await finishDetails({ native_finish_reason: "STOP" }, "openrouter")).toEqual({ nativeFinishReason: "STOP" });
  });

  it("a repeated finish adds the details the first lacked (OpenRouter's Gemini: one call a chunk, each finishing, native STOP on the last)", async () => {
    const call = (index: number, name: string) => ({ role: "assistant", content: null, tool_calls: [{ index, id: `tool_${name}`, type: "function", function: { name, arguments: '{"location":"Boston, MA"}' } }] });
    const { events } = await run(
      [
        chunk({ delta: call(0, "getCurrentWeather"), finish_reason: "tool_calls", native_finish_reason: null }),
        chunk({ delta: call(1, "getCurrentTime"), finish_reason: "tool_calls", native_finish_reason: "STOP" }),
      ],
      { provider: "openrouter" },
    );
    const metadata = readBridgeMetadata(last(events).metadata);
    expect(metadata?.finishReason).toBe("tool-calls");
    expect(metadata?.finishDetails).toEqual({ nativeFinishReason: "STOP" });
    expect(events.filter((event) => event.type === "TOOL_CALL_START")).toHaveLength(2);
  });

  it("a repeated finish never replaces what the first finish said", async () => {
    const { events } = await run(
      [chunk({ delta: { role: "assistant", content: "hi" }, finish_reason: "stop", native_finish_reason: "end_turn" }), chunk({ delta: {}, finish_reason: "length", native_finish_reason: "MAX_TOKENS", stop_reason: "x" })],
      { provider: "openrouter" },
    );
    const metadata = readBridgeMetadata(last(events).metadata);
    expect(metadata?.finishReason).toBe("stop");
    expect(metadata?.finishDetails).toEqual({ nativeFinishReason: "end_turn", stopSequence: "x" });
  });
});
