/**
 * A final output that names a streamed item by a new id while keeping the others' ids (OpenRouter's
 * Responses API gives reasoning items fresh `rs_tmp_…` ids in `response.completed`): the item is the
 * streamed one, not a new one, so its reasoning is written once. An item the final output adds at a
 * streamed item's index with other content is still mapped. Hand-written events.
 */
import { assertConformant, reasoningOf, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

const THOUGHT = "Two plus two is four.";
const reasoning = (id: string, text: string) => ({ type: "reasoning", id, summary: [], content: [{ type: "reasoning_text", text }] });
const MESSAGE = { type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: "4", annotations: [] }] };

function stream(finalReasoning: Record<string, unknown>, thought = THOUGHT): unknown[] {
  const half = Math.floor(thought.length / 2);
  return [
    { type: "response.created", response: { id: "gen-1", model: "m", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs_tmp_a", summary: [] } },
    { type: "response.reasoning_text.delta", item_id: "rs_tmp_a", output_index: 0, content_index: 0, delta: thought.slice(0, half) },
    { type: "response.reasoning_text.delta", item_id: "rs_tmp_a", output_index: 0, content_index: 0, delta: thought.slice(half) },
    { type: "response.output_item.done", output_index: 0, item: reasoning("rs_tmp_a", thought) },
    { type: "response.output_item.added", output_index: 1, item: { ...MESSAGE, status: "in_progress", content: [] } },
    { type: "response.output_text.delta", item_id: "msg_1", output_index: 1, content_index: 0, delta: "4" },
    { type: "response.output_item.done", output_index: 1, item: MESSAGE },
    {
      type: "response.completed",
      response: { id: "gen-1", model: "m", status: "completed", output: [finalReasoning, MESSAGE], usage: { input_tokens: 3, output_tokens: 5, total_tokens: 8 } },
    },
  ];
}

async function run(chunks: readonly unknown[]): Promise<Event[]> {
  async function* from(): AsyncGenerator<unknown> {
    for (const c of chunks) yield c;
  }
  const events = await collect(streamResponses(from(), { provider: "openrouter", generateId: createSequentialIds("id") }));
  await assertConformant(events);
  return events;
}

describe("Responses: a streamed item the final output renames", () => {
  it("a reasoning item listed under a new id with the streamed content is written once", async () => {
    const events = await run(stream(reasoning("rs_tmp_b", THOUGHT)));
    expect(reasoningOf(events as never)).toBe(THOUGHT);
    expect(ofType(events, "REASONING_MESSAGE_START").map((e) => e.messageId)).toEqual(["rs_tmp_a"]);
    expect(textOf(events as never)).toBe("4");
  });

  it("an item under a new id with other content at that index is still mapped from the final output", async () => {
    const events = await run(stream(reasoning("rs_tmp_b", "A second thought.")));
    expect(reasoningOf(events as never)).toBe(`${THOUGHT}A second thought.`);
    expect(ofType(events, "REASONING_MESSAGE_START").map((e) => e.messageId)).toEqual(["rs_tmp_a", "rs_tmp_b"]);
  });

  // Long content is compared by its length and both ends (the key is hashed once per finished item).
  const LONG = `${"Step by step. ".repeat(400)}So the answer is four.`;

  it("a long reasoning item listed under a new id is written once", async () => {
    const events = await run(stream(reasoning("rs_tmp_b", LONG), LONG));
    expect(reasoningOf(events as never)).toBe(LONG);
    expect(ofType(events, "REASONING_MESSAGE_START").map((e) => e.messageId)).toEqual(["rs_tmp_a"]);
  });

  it("a long item of the same length whose end differs is still mapped", async () => {
    const other = `${LONG.slice(0, -5)}five.`;
    const events = await run(stream(reasoning("rs_tmp_b", other), LONG));
    expect(reasoningOf(events as never)).toBe(`${LONG}${other}`);
    expect(ofType(events, "REASONING_MESSAGE_START").map((e) => e.messageId)).toEqual(["rs_tmp_a", "rs_tmp_b"]);
  });
});
