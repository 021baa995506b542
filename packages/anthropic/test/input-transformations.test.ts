/**
 * `message_start.message.input_transformations` (recorded with `thinking.block_binding`: the API
 * dropped a stale thinking block of the request, `thinking_dropped` at `messages.1.content.0`)
 * reaches the terminal event, whatever ends the run, and the warning handler.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";
import { collect, fromList } from "./support/replay.js";

const dropped = { type: "thinking_dropped", path: "messages.1.content.0", reason: "prefix_binding_mismatch" };
const start = {
  type: "message_start",
  message: { id: "msg_t", type: "message", role: "assistant", model: "claude-sonnet-5", content: [], usage: { input_tokens: 95, output_tokens: 1 }, input_transformations: [dropped] },
};
const text = [
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "391 × 2 = **782**." } },
  { type: "content_block_stop", index: 0 },
];

async function run(chunks: unknown[], warnings: BridgeWarning[] = []) {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
  await assertConformant(events);
  return events;
}

const bridge = (event: unknown) => ((event as { metadata?: Record<string, Record<string, unknown>> }).metadata ?? {})["agui-bridge"] ?? {};

describe("input_transformations", () => {
  it("are listed on RUN_FINISHED and reported once each", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await run([start, ...text, { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 13 } }, { type: "message_stop" }], warnings);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(bridge(events.at(-1)).inputTransformations).toEqual([dropped]);
    expect(warnings.map((w) => [w.code, w.details?.type, w.details?.path])).toEqual([["stream.input-transformed", "thinking_dropped", "messages.1.content.0"]]);
  });

  it("also when the stream is cut off", async () => {
    const events = await run([start, ...text]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(bridge(events.at(-1)).inputTransformations).toEqual([dropped]);
  });

  it("after a mid-stream model fallback, the final message_delta's list (the serving model's) replaces message_start's", async () => {
    const warnings: BridgeWarning[] = [];
    const serving = { type: "thinking_dropped", path: "messages.0.content.0", reason: "model_binding_mismatch" };
    const delta = { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 13 }, input_transformations: [serving] };
    const events = await run([start, ...text, delta, { type: "message_stop" }], warnings);
    expect(bridge(events.at(-1)).inputTransformations).toEqual([serving]);
    expect(warnings.map((w) => w.details?.reason)).toEqual(["prefix_binding_mismatch", "model_binding_mismatch"]);
  });

  it("an entry the replacement lists again is reported once", async () => {
    const warnings: BridgeWarning[] = [];
    const serving = { type: "thinking_dropped", path: "messages.0.content.0", reason: "model_binding_mismatch" };
    const delta = { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 13 }, input_transformations: [dropped, serving] };
    const events = await run([start, ...text, delta, { type: "message_stop" }], warnings);
    expect(bridge(events.at(-1)).inputTransformations).toEqual([dropped, serving]);
    expect(warnings.map((w) => w.details?.reason)).toEqual(["prefix_binding_mismatch", "model_binding_mismatch"]);
  });

  it("a replacement that lists none leaves an empty list", async () => {
    const delta = { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 13 }, input_transformations: [] };
    const events = await run([start, ...text, delta, { type: "message_stop" }]);
    expect(bridge(events.at(-1)).inputTransformations).toEqual([]);
  });

  it("a message without them adds nothing", async () => {
    const plain = { ...start, message: { ...start.message, input_transformations: [] } };
    const events = await run([plain, ...text, { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 13 } }, { type: "message_stop" }]);
    expect(bridge(events.at(-1))).not.toHaveProperty("inputTransformations");
  });

  it("a thinking_mismatch_allowed entry (the block failed the check but was shown unchanged) is listed and reported as a binding mismatch, not a change", async () => {
    const warnings: BridgeWarning[] = [];
    const allowed = { type: "thinking_mismatch_allowed", path: "messages.1.content.0", reason: "prefix_binding_mismatch" };
    const future = { type: "some_later_type", path: "messages.3.content.1" };
    const both = { ...start, message: { ...start.message, input_transformations: [allowed, dropped, future] } };
    const events = await run([both, ...text, { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 13 } }, { type: "message_stop" }], warnings);
    expect(bridge(events.at(-1)).inputTransformations).toEqual([allowed, dropped, future]);
    expect(warnings.map((w) => [w.code, w.details?.type, w.details?.reason])).toEqual([
      ["stream.input-binding-mismatch", "thinking_mismatch_allowed", "prefix_binding_mismatch"],
      ["stream.input-transformed", "thinking_dropped", "prefix_binding_mismatch"],
      ["stream.input-transformed", "some_later_type", null],
    ]);
    expect(warnings[0]?.message).not.toMatch(/API changed/);
  });
});
