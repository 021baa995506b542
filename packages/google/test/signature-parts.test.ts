/**
 * Where a thought signature goes back. Gemini's rule (thinking and function-calling guides): return
 * every part as received; never merge a part that carried a signature with one that did not. Gemini
 * 3 streams end a text answer with an empty-text part holding the signature, so the text and the
 * signature go back as two parts, the signature on the empty one; a signature on the message's
 * first part stays on the one part.
 */
import { createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const chunk = (parts: unknown[], extra: Rec = {}): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  modelVersion: "gemini-3-flash-preview",
  responseId: "r1",
});
const bridge = (event: unknown): Rec => ((event as { metadata?: Rec }).metadata?.["agui-bridge"] ?? {}) as Rec;

async function run(chunks: unknown[]): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
  const messages = (await assertConformant(events)) as Message[];
  return { events, messages };
}

async function modelParts(chunks: unknown[]): Promise<unknown[]> {
  const { messages } = await run(chunks);
  const { params, warnings } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "2+2?" }, ...messages] });
  expect(warnings).toEqual([]);
  return params.contents.filter((c) => c.role === "model").flatMap((c) => c.parts ?? []);
}

describe("thought signatures go back on the part they came on", () => {
  it("text, then an empty part holding the signature (the Gemini 3 stream ending): two parts, the signature on the empty one", async () => {
    const chunks = [chunk([{ text: "The answer " }]), chunk([{ text: "is 4." }]), chunk([{ text: "", thoughtSignature: "sig-t" }], { finishReason: "STOP" })];
    const { events, messages } = await run(chunks);
    // The stream side is unchanged for clients: one text message, its signature on it.
    expect(messages).toEqual([expect.objectContaining({ role: "assistant", content: "The answer is 4.", encryptedValue: "sig-t" })]);
    expect(bridge(ofType(events, "TEXT_MESSAGE_END")[0])).toMatchObject({ signaturePart: { offset: 16, thought: false } });
    expect(await modelParts(chunks)).toEqual([{ text: "The answer is 4." }, { text: "", thoughtSignature: "sig-t" }]);
  });

  it("a signature on the first part stays on the whole text (nothing recorded)", async () => {
    const chunks = [chunk([{ text: "The answer ", thoughtSignature: "sig-t" }]), chunk([{ text: "is 4." }], { finishReason: "STOP" })];
    const { events } = await run(chunks);
    expect(bridge(ofType(events, "TEXT_MESSAGE_END")[0]).signaturePart).toBeUndefined();
    expect(await modelParts(chunks)).toEqual([{ text: "The answer is 4.", thoughtSignature: "sig-t" }]);
  });

  it("a signature on a later text fragment: the text before it goes back unsigned, the signed rest on its own part", async () => {
    const chunks = [chunk([{ text: "Part one. " }]), chunk([{ text: "Part two.", thoughtSignature: "sig-t" }], { finishReason: "STOP" })];
    expect(await modelParts(chunks)).toEqual([{ text: "Part one. " }, { text: "Part two.", thoughtSignature: "sig-t" }]);
  });

  it("thoughts, then an empty non-thought part holding the signature: the thought unsigned, the signature on an empty non-thought part", async () => {
    const chunks = [chunk([{ text: "Adding two and two.", thought: true }]), chunk([{ text: "", thoughtSignature: "sig-r" }]), chunk([{ text: "4" }], { finishReason: "STOP" })];
    const { events, messages } = await run(chunks);
    expect(messages.find((m) => m.role === "reasoning")).toMatchObject({ content: "Adding two and two.", encryptedValue: "sig-r" });
    expect(bridge(ofType(events, "REASONING_MESSAGE_END")[0])).toMatchObject({ signaturePart: { offset: 19, thought: false } });
    expect(await modelParts(chunks)).toEqual([{ text: "Adding two and two.", thought: true }, { text: "", thoughtSignature: "sig-r" }, { text: "4" }]);
  });

  it("an empty thought part holding the signature after the thought text: it goes back as an empty thought part", async () => {
    const chunks = [chunk([{ text: "Adding.", thought: true }]), chunk([{ text: "", thought: true, thoughtSignature: "sig-r" }]), chunk([{ text: "4" }], { finishReason: "STOP" })];
    expect(await modelParts(chunks)).toEqual([{ text: "Adding.", thought: true }, { text: "", thought: true, thoughtSignature: "sig-r" }, { text: "4" }]);
  });

  it("a recorded offset that no longer fits the (edited) text is ignored: one signed part", async () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "2+2?" },
      {
        id: "a",
        role: "assistant",
        content: "4",
        encryptedValue: "sig-t",
        metadata: { "agui-bridge": { provider: "google", encryptedKind: "google-thought-signature", signaturePart: { offset: 99, thought: false } } },
      } as Message,
    ];
    const { params } = toGenerateContentRequest({ messages });
    expect(params.contents[1]?.parts).toEqual([{ text: "4", thoughtSignature: "sig-t" }]);
  });
});
