/**
 * Server-side refusal fallback: when the requested model refuses, the API (or the SDK's
 * refusal-fallback middleware, which splices the same wire shape) goes on with another model and
 * puts a `fallback` block `{ from: { model }, to: { model }, trigger }` at the boundary. The SDK's
 * MessageStream relabels the message's `model` with the last hop's `to.model` (the model that
 * served it). The block goes back in place on the next request (see fallback-replay.test.ts).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { bridge, collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const hop = { from: { model: "claude-big-1" }, to: { model: "claude-small-1" }, trigger: { type: "refusal", category: null } };

function stream(deltaUsage: Rec): unknown[] {
  return [
    { type: "message_start", message: { id: "msg_fb", type: "message", role: "assistant", model: "claude-big-1", content: [], stop_reason: null, usage: { input_tokens: 20, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: { type: "fallback", ...hop } },
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Served by the fallback." } },
    { type: "content_block_stop", index: 1 },
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: deltaUsage },
    { type: "message_stop" },
  ];
}

async function run(chunks: unknown[], warnings: BridgeWarning[] = []): Promise<Event[]> {
  const events = await collect(
    streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), onWarning: (warning) => warnings.push(warning) }),
  );
  await assertConformant(events);
  return events;
}

const terminal = (events: readonly Event[]): Event & Rec => events[events.length - 1] as Event & Rec;

describe("fallback blocks", () => {
  it("the message's usage counts under the model that served it, and the hop reaches the terminal event", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await run(stream({ output_tokens: 7 }), warnings);
    const last = terminal(events);
    expect(last.type).toBe("RUN_FINISHED");
    expect(last.usage).toEqual([{ provider: "anthropic", model: "claude-small-1", inputTokens: 20, outputTokens: 7, totalTokens: 27 }]);
    expect(bridge(last).fallbacks).toEqual([hop]);
    expect(warnings.map((warning) => warning.code)).not.toContain("stream.unknown-content");
  });

  it("after a fallback a zero input count on message_delta is real: the serving model read no cache", async () => {
    const chunks = stream({ input_tokens: 20, cache_read_input_tokens: 0, output_tokens: 7 });
    const start = chunks[0] as { message: Rec & { usage: Rec } };
    chunks[0] = { ...start, message: { ...start.message, usage: { input_tokens: 20, cache_read_input_tokens: 500, output_tokens: 1 } } };
    expect(terminal(await run(chunks)).usage).toEqual([expect.objectContaining({ model: "claude-small-1", inputTokens: 20, cachedInputTokens: 0 })]);
  });

  it("iterations that name no model: a fallback_message one counts under the served model, a message one under the requested", async () => {
    const entry = (type: string, input: number, output: number): Rec => ({ type, input_tokens: input, output_tokens: output });
    const events = await run(stream({ input_tokens: 20, output_tokens: 7, iterations: [entry("message", 20, 0), entry("fallback_message", 22, 7)] }));
    expect(terminal(events).usage).toEqual([
      { provider: "anthropic", model: "claude-big-1", inputTokens: 20, outputTokens: 0, totalTokens: 20 },
      { provider: "anthropic", model: "claude-small-1", inputTokens: 22, outputTokens: 7, totalTokens: 29 },
    ]);
  });

  it("a decline before any output: message_start names the fallback model, a message entry naming none is the declined model's", async () => {
    // "When the decline happens before any output: `message_start` names the fallback model, and the
    // `fallback` block is the first content block" (Refusals and fallback, Streaming).
    const chunks = stream({ input_tokens: 22, output_tokens: 7, iterations: [{ type: "message", input_tokens: 20, output_tokens: 0 }, { type: "fallback_message", input_tokens: 22, output_tokens: 7 }] });
    const start = chunks[0] as { message: Rec };
    chunks[0] = { ...start, message: { ...start.message, model: "claude-small-1" } };
    expect(terminal(await run(chunks)).usage).toEqual([
      { provider: "anthropic", model: "claude-small-1", inputTokens: 22, outputTokens: 7, totalTokens: 29 },
      { provider: "anthropic", model: "claude-big-1", inputTokens: 20, outputTokens: 0, totalTokens: 20 },
    ]);
  });

  it("the serving model's tool-loop iterations after the hand-over count under it, not the model that declined", async () => {
    // A declined hop and the serving hop's earlier tool-loop iterations are `message` entries; the
    // serving hop's last is the `fallback_message` one (BetaFallbackMessageIterationUsage).
    const entry = (type: string, input: number, output: number): Rec => ({ type, input_tokens: input, output_tokens: output });
    const events = await run(stream({ input_tokens: 40, output_tokens: 9, iterations: [entry("message", 20, 1), entry("message", 30, 5), entry("fallback_message", 40, 9)] }));
    expect(terminal(events).usage).toEqual([
      { provider: "anthropic", model: "claude-big-1", inputTokens: 20, outputTokens: 1, totalTokens: 21 },
      { provider: "anthropic", model: "claude-small-1", inputTokens: 70, outputTokens: 14, totalTokens: 84 },
    ]);
  });

  it("the fallback credit outcome, service tier and speed reach finishDetails, narrowed", async () => {
    const chunks = stream({ output_tokens: 7, fallback_credit: { status: { type: "not_applied", reason: "expired", remove_to_redeem: ["speed", 3], extra: true } } });
    const start = chunks[0] as { message: Rec & { usage: Rec } };
    chunks[0] = { ...start, message: { ...start.message, usage: { ...start.message.usage, service_tier: "priority", speed: "fast" } } };
    expect(bridge(terminal(await run(chunks))).finishDetails).toEqual({
      serviceTier: "priority",
      speed: "fast",
      fallbackCredit: { status: { type: "not_applied", reason: "expired", remove_to_redeem: ["speed"] } },
    });
  });

  it("the next request sends the fallback block back where it was, before the served text", async () => {
    const user: Message = { id: "u1", role: "user", content: "Tell me." };
    const folded = applyEvents([user], await run(stream({ output_tokens: 7 })));
    const { params } = toMessagesRequest({ messages: [...folded, { id: "u2", role: "user", content: "More." }] });
    expect(params.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Tell me." }] },
      { role: "assistant", content: [{ type: "fallback", ...hop }, { type: "text", text: "Served by the fallback." }] },
      { role: "user", content: [{ type: "text", text: "More." }] },
    ]);
  });
});
