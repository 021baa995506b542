/**
 * Gemini's OpenAI compatibility: a thought signature outside tool calls. Gemini's thought-signatures
 * guide: a response without function calls may carry a signature on its last part, and sending it
 * back is recommended (not validated, unlike a function call's). On the OpenAI-compatible stream it
 * comes as `delta.extra_content.google.thought_signature` on a content delta (or on an empty delta
 * near the end). It is kept as the text message's REASONING_ENCRYPTED_VALUE (TEXT_MESSAGE_END
 * `encryptedKind: "google-thought-signature"`). It does not go back: the endpoint's docs give a
 * request field for call signatures only, and it answers 400 for fields it does not define.
 */
import { createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { assertConformant, textOf } from "@agui-bridge/conformance";
import { streamChatCompletions } from "../src/index.js";
import { describe, expect, it } from "vitest";
import { chunk, request, run, type Rec } from "./support/chat-audit-helpers.js";
import { ofType } from "./support/collect.js";
import { foldChatTurn } from "./support/fold-chat-turn.js";

const SIG = "CiQBjz1rX-text-signature==";
const signed = (signature = SIG): Rec => ({ extra_content: { google: { thought_signature: signature } } });
const finish = (): Rec => chunk({ delta: {}, finish_reason: "stop" });

function assistants(messages: readonly Message[]): Array<Extract<Message, { role: "assistant" }>> {
  return messages.filter((m): m is Extract<Message, { role: "assistant" }> => m.role === "assistant");
}

describe("Gemini (OpenAI compatibility): a thought signature on a content delta", () => {
  const shapes: Array<[string, Rec[]]> = [
    ["on the first content delta", [chunk({ delta: { role: "assistant", content: "The answer ", ...signed() } }), chunk({ delta: { content: "is 4." } }), finish()]],
    ["on an empty delta after the text", [chunk({ delta: { role: "assistant", content: "The answer " } }), chunk({ delta: { content: "is 4." } }), chunk({ delta: { content: "", ...signed() } }), finish()]],
    ["on the finishing delta", [chunk({ delta: { role: "assistant", content: "The answer is 4." } }), chunk({ delta: { content: "", ...signed() }, finish_reason: "stop" })]],
    ["before any text (held until the text opens)", [chunk({ delta: { role: "assistant", content: "", ...signed() } }), chunk({ delta: { content: "The answer is 4." } }), finish()]],
  ];
  for (const [name, chunks] of shapes) {
    it(`${name}: the text message's encrypted value, text byte for byte`, async () => {
      const { events, messages } = await run(chunks, { provider: "gemini" });
      expect(textOf(events as never)).toBe("The answer is 4.");
      const textId = ofType(events, "TEXT_MESSAGE_START")[0]?.messageId;
      expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => [e.subtype, e.entityId, e.encryptedValue])).toEqual([["message", textId, SIG]]);
      const end = ofType(events, "TEXT_MESSAGE_END")[0];
      expect(JSON.stringify(end?.metadata)).toContain('"encryptedKind":"google-thought-signature"');
      const [assistant] = assistants(messages);
      expect(assistant?.encryptedValue).toBe(SIG);
      expect(assistant?.content).toBe("The answer is 4.");
    });
  }

  it("a later signature replaces an earlier one (the last part's)", async () => {
    const { messages } = await run([chunk({ delta: { role: "assistant", content: "A", ...signed("first") } }), chunk({ delta: { content: "B", ...signed("last") } }), finish()], { provider: "gemini" });
    expect(assistants(messages)[0]?.encryptedValue).toBe("last");
  });

  it("a signature with no text at all is not lost: an empty text message of the turn carries it", async () => {
    const { events, messages } = await run([chunk({ delta: { role: "assistant", content: "", ...signed() } }), finish()], { provider: "gemini" });
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.encryptedValue)).toEqual([SIG]);
    expect(JSON.stringify(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)).toContain('"encryptedKind":"google-thought-signature"');
    expect(assistants(messages)[0]?.encryptedValue).toBe(SIG);
  });

  it("a stream cut after the signature: the END the run writes before RUN_ERROR still names its kind", async () => {
    async function* cut(): AsyncGenerator<unknown> {
      yield chunk({ delta: { role: "assistant", content: "The answer ", ...signed() } });
    }
    const events: Event[] = [];
    for await (const event of streamChatCompletions(cut() as never, { generateId: createSequentialIds("id"), provider: "gemini" })) events.push(event);
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(JSON.stringify(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)).toContain('"encryptedKind":"google-thought-signature"');
  });

  it("malformed signatures (not a string, empty) are ignored, the text kept", async () => {
    for (const bad of [{ extra_content: { google: { thought_signature: 42 } } }, { extra_content: { google: "x" } }, { extra_content: null }, signed("")]) {
      const { events } = await run([chunk({ delta: { role: "assistant", content: "ok", ...bad } }), finish()], { provider: "gemini" });
      expect(textOf(events as never)).toBe("ok");
      expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([]);
    }
  });
});

describe("Gemini (OpenAI compatibility): a text signature is kept, not sent back", () => {
  const first: Message[] = [{ id: "u1", role: "user", content: "2+2?" }];
  const chunks = [chunk({ delta: { role: "assistant", content: "4.", ...signed() } }), finish()];

  it("no request carries it (the endpoint defines no request field for it), and the dropped value is reported, to `gemini` too", async () => {
    const conversation = [...(await foldChatTurn(first, chunks, "gemini", "r1")), { id: "u2", role: "user", content: "and 3+3?" } as Message];
    expect(conversation.find((m) => m.role === "assistant")?.encryptedValue).toBe(SIG);
    for (const provider of ["gemini", "openai", "openrouter", "deepseek", "vllm"]) {
      const { sent, warnings } = request(conversation, provider);
      const assistant = sent.find((m) => m.role === "assistant");
      expect(assistant).toMatchObject({ content: "4." });
      expect(sent.some((m) => m.extra_content !== undefined)).toBe(false);
      expect(warnings).toContain("request.encrypted-value-dropped");
    }
  });
});
