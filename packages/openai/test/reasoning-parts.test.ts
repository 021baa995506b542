/**
 * `reasoningParts`: a reasoning message streamed from a Responses reasoning item, split back into
 * the item's parts by the lengths REASONING_MESSAGE_END recorded (the split the request side sends
 * the item's `summary` / `content` back with).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Message, type ReasoningMessage } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { reasoningParts, streamResponses, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;

const SUMMARY = ["**Reading the question**\n\nA haiku about rain 🌧.", "**Drafting**\n\nFive, seven, five.", "**Checking**\n\nIt scans."];
const TEXT = ["First I count syllables.", "Then I check the meter."];

/** A reasoning item streaming its summary parts (two deltas each) and reasoning text parts, then a message. */
function response(): Rec[] {
  const deltas = (kind: "summary" | "text", parts: string[]): Rec[] =>
    parts.flatMap((part, index) => {
      const half = Math.ceil(part.length / 2);
      return [part.slice(0, half), part.slice(half)].map((delta) =>
        kind === "summary"
          ? { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: index, delta }
          : { type: "response.reasoning_text.delta", item_id: "rs_1", output_index: 0, content_index: index, delta },
      );
    });
  const item = {
    id: "rs_1",
    type: "reasoning",
    summary: SUMMARY.map((text) => ({ type: "summary_text", text })),
    content: TEXT.map((text) => ({ type: "reasoning_text", text })),
    encrypted_content: "gAAAA-sealed",
  };
  return [
    { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [] } },
    ...deltas("summary", SUMMARY),
    ...deltas("text", TEXT),
    { type: "response.output_item.done", output_index: 0, item },
    { type: "response.output_item.added", output_index: 1, item: { id: "msg_1", type: "message", role: "assistant", status: "in_progress", content: [] } },
    { type: "response.output_text.delta", item_id: "msg_1", output_index: 1, content_index: 0, delta: "Rain on the roof." },
    { type: "response.output_item.done", output_index: 1, item: { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Rain on the roof.", annotations: [] }] } },
    { type: "response.completed", response: { id: "resp_1", status: "completed", output: [] } },
  ];
}

async function streamedReasoning(): Promise<{ messages: Message[]; reasoning: ReasoningMessage }> {
  const events = await collect(streamResponses((async function* () { yield* response(); })(), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  await assertConformant(events);
  const messages = applyEvents([{ id: "u1", role: "user", content: "A haiku about rain." }], events);
  const reasoning = messages.find((message): message is ReasoningMessage => message.role === "reasoning");
  if (reasoning === undefined) throw new Error("no reasoning message");
  return { messages, reasoning };
}

describe("reasoningParts", () => {
  it("gives back every part of the item, in order and exact (a surrogate pair inside a part included)", async () => {
    const { reasoning } = await streamedReasoning();
    // One message, the parts written back to back as they streamed.
    expect(reasoning.content).toBe([...SUMMARY, ...TEXT].join(""));
    expect(reasoningParts(reasoning)).toEqual([
      ...SUMMARY.map((text) => ({ type: "summary_text", text })),
      ...TEXT.map((text) => ({ type: "reasoning_text", text })),
    ]);
  });

  it("is the split the request side sends the item's summary back with", async () => {
    const { messages, reasoning } = await streamedReasoning();
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [...messages, { id: "u2", role: "user", content: "Another." }] }, { model: "gpt-5", provider: "openai" });
    const item = (params.input as unknown as Rec[]).find((entry) => entry.type === "reasoning");
    const parts = reasoningParts(reasoning);
    expect(item?.summary).toEqual(parts.filter((part) => part.type === "summary_text").map((part) => ({ type: "summary_text", text: part.text })));
  });

  it("reads a message without a usable record of its parts as one summary part", () => {
    const message = (content: string, contentParts?: unknown): { content: string; metadata?: unknown } => ({
      content,
      ...(contentParts !== undefined && { metadata: { "agui-bridge": { contentParts } } }),
    });
    expect(reasoningParts(message("Thinking."))).toEqual([{ type: "summary_text", text: "Thinking." }]);
    expect(reasoningParts(message(""))).toEqual([]);
    // Lengths that do not add up to the text (an edited message), or are not counts.
    expect(reasoningParts(message("Thinking.", [{ type: "summary_text", length: 4 }]))).toEqual([{ type: "summary_text", text: "Thinking." }]);
    expect(reasoningParts(message("Thinking.", [{ type: "summary_text", length: 12 }, { type: "summary_text", length: -3 }]))).toEqual([{ type: "summary_text", text: "Thinking." }]);
    expect(reasoningParts(message("Thinking.", [{ type: "summary_text", length: 4.5 }, { type: "summary_text", length: 4.5 }]))).toEqual([{ type: "summary_text", text: "Thinking." }]);
    expect(reasoningParts(message("Thinking.", "9"))).toEqual([{ type: "summary_text", text: "Thinking." }]);
    // An unknown part type counts as summary text; a zero-length part stays a part.
    expect(reasoningParts(message("AB", [{ type: "odd", length: 1 }, { type: "reasoning_text", length: 0 }, { length: 1 }]))).toEqual([
      { type: "summary_text", text: "A" },
      { type: "reasoning_text", text: "" },
      { type: "summary_text", text: "B" },
    ]);
  });
});
