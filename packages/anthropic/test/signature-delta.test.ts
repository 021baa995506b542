/**
 * `signature_delta` carries a thinking block's whole signature ("The `signature` for this thinking
 * block … Delivered in a `signature_delta` event just before the block's `content_block_stop`
 * event": `SignatureDelta` of `@anthropic-ai/sdk`), and the SDK's `MessageStream` accumulator
 * replaces the block's signature with each one. The stream mapper does the same: a second
 * `signature_delta` replaces the first, so the signature that goes back to Anthropic is the one the
 * SDK's final message holds, never the fragments glued together. Same for a compaction block.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList, ofType, replayClient } from "./support/replay.js";

type Rec = Record<string, unknown>;

function stream(block: Rec, deltas: Rec[]): Rec[] {
  return [
    { type: "message_start", message: { id: "msg_s", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 9, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: block },
    ...deltas.map((delta) => ({ type: "content_block_delta", index: 0, delta })),
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "42" } },
    { type: "content_block_stop", index: 1 },
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 30 } },
    { type: "message_stop" },
  ];
}

const sse = (chunks: readonly Rec[]): string => chunks.map((chunk) => `event: ${String(chunk.type)}\ndata: ${JSON.stringify(chunk)}\n\n`).join("");

async function run(chunks: readonly Rec[]): Promise<{ events: Event[]; sent: Rec }> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  const messages = (await assertConformant(events)) as Message[];
  const { params } = toMessagesRequest({ messages: [{ id: "u1", role: "user", content: "Hi" }, ...messages, { id: "u2", role: "user", content: "Go on" }] });
  expect(apiViolations(params)).toEqual([]);
  return { events, sent: (params.messages[1]?.content as unknown as Rec[])[0] as Rec };
}

/** The block as the SDK's own accumulator (`messages.stream(...).finalMessage()`) holds it. */
async function sdkBlock(chunks: readonly Rec[]): Promise<Rec> {
  const client = replayClient(sse(chunks));
  const final = await client.beta.messages.stream({ model: "claude-replay", max_tokens: 1024, messages: [{ role: "user", content: "replay" }] }).finalMessage();
  return final.content[0] as unknown as Rec;
}

describe("signature_delta replaces the signature, as the SDK's MessageStream does", () => {
  const thinking = { type: "thinking", thinking: "", signature: "" };
  const twoSignatures = [{ type: "thinking_delta", thinking: "Let me think." }, { type: "signature_delta", signature: "EqFirst==" }, { type: "signature_delta", signature: "EqSecond==" }];

  it("a thinking block with two signature_delta events: the last signature goes back, as in the SDK's final message", async () => {
    const chunks = stream(thinking, twoSignatures);
    const { events, sent } = await run(chunks);
    expect((await sdkBlock(chunks)).signature).toBe("EqSecond==");
    expect(sent).toEqual({ type: "thinking", thinking: "Let me think.", signature: "EqSecond==" });
    // Each REASONING_ENCRYPTED_VALUE carries a whole signature, never the two glued together.
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((event) => event.encryptedValue)).toEqual(["EqFirst==", "EqSecond=="]);
  });

  it("a signature on content_block_start is replaced by the signature_delta; an empty delta carries nothing", async () => {
    const chunks = stream({ ...thinking, signature: "EqStart==" }, [{ type: "thinking_delta", thinking: "Hm." }, { type: "signature_delta", signature: "EqDelta==" }, { type: "signature_delta", signature: "" }]);
    const { events, sent } = await run(chunks);
    expect(sent).toMatchObject({ signature: "EqDelta==" });
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((event) => event.encryptedValue)).toEqual(["EqStart==", "EqDelta=="]);
  });

  it("a compaction block's signature is replaced the same way", async () => {
    const chunks = stream({ type: "compaction", content: null, encrypted_content: null }, [
      { type: "compaction_delta", content: "Summary.", encrypted_content: "enc==" },
      { type: "signature_delta", signature: "SigOne" },
      { type: "signature_delta", signature: "SigTwo" },
    ]);
    const { sent } = await run(chunks);
    expect(sent).toMatchObject({ type: "compaction", content: "Summary.", signature: "SigTwo" });
  });
});
