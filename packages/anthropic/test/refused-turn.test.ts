/**
 * A turn Claude's streaming classifiers ended (`stop_reason: "refusal"`) sent back: Anthropic says
 * the conversation must be reset (the refused turn removed or rephrased) or the refusals go on
 * (Streaming refusals). The converter sends it as it is and says so with `request.refused-turn`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { collect, fromList } from "./support/replay.js";

function response(stopReason: string, text: string): unknown[] {
  return [
    { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], stop_reason: null, usage: { input_tokens: 12, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null, ...(stopReason === "refusal" && { stop_details: { type: "refusal", category: "cyber", explanation: "Declined." } }) }, usage: { output_tokens: 4 } },
    { type: "message_stop" },
  ];
}

const user: Message = { id: "u1", role: "user", content: "Tell me how." };
const followUp: Message = { id: "u2", role: "user", content: "Please go on." };

async function conversation(chunks: unknown[], provider?: string): Promise<Message[]> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), ...(provider !== undefined && { provider }) }));
  await assertConformant(events);
  return [...applyEvents([user], events), followUp];
}

function warningsFor(messages: Message[], provider?: string): BridgeWarning[] {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { ...(provider !== undefined && { provider }), onWarning: (warning) => warnings.push(warning) });
  // The refused turn itself is sent as it is: which turn to remove is the application's call.
  expect(params.messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user"]);
  return warnings;
}

describe("a turn Claude ended with a refusal, sent back", () => {
  it("is sent, with request.refused-turn naming it", async () => {
    const messages = await conversation(response("refusal", "Hello.."));
    const refused = messages.find((message) => message.role === "assistant");
    expect(warningsFor(messages)).toEqual([expect.objectContaining({ code: "request.refused-turn", details: { messageId: refused?.id } })]);
  });

  it("on the platform that streamed it (a Bedrock refusal sent to Bedrock)", async () => {
    const messages = await conversation(response("refusal", "Hello.."), "amazon-bedrock");
    expect(warningsFor(messages, "amazon-bedrock").map((warning) => warning.code)).toEqual(["request.refused-turn"]);
  });

  it("is not reported for a turn that ended normally", async () => {
    expect(warningsFor(await conversation(response("end_turn", "Here is how.")))).toEqual([]);
  });

  it("is not reported for another provider's refusal text (the model's own answer, not a classifier's stop)", () => {
    const refusal = (provider: string): Message => ({ id: "a1", role: "assistant", content: "I can't help with that.", metadata: { "agui-bridge": { provider, refusal: true } } });
    expect(warningsFor([user, refusal("openai"), followUp])).toEqual([]);
    expect(warningsFor([user, refusal("anthropic"), followUp]).map((warning) => warning.code)).toEqual(["request.refused-turn"]);
  });
});
