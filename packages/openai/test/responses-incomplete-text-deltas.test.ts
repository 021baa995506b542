/**
 * A Responses message whose text deltas stop short of its text (a lossy proxy dropped the tail),
 * with the whole text in `response.output_text.done` and/or the finished item: the rest is written
 * after the deltas, as for a call's arguments (responses-incomplete-argument-deltas.test.ts). Text
 * that does not extend what streamed is never rewritten. Hand-written events.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

const FULL = "Hello, world!";
const message = (text: string, status: string) => ({
  type: "message",
  id: "msg_1",
  role: "assistant",
  status,
  content: text === "" && status === "in_progress" ? [] : [{ type: "output_text", text, annotations: [] }],
});

function events(deltas: readonly string[], options: { done?: string; final?: string } = {}): unknown[] {
  const final = options.final ?? FULL;
  return [
    { type: "response.created", response: { id: "resp_1", model: "m", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: message("", "in_progress") },
    { type: "response.content_part.added", item_id: "msg_1", output_index: 0, content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
    ...deltas.map((delta) => ({ type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta })),
    ...(options.done === undefined ? [] : [{ type: "response.output_text.done", item_id: "msg_1", output_index: 0, content_index: 0, text: options.done }]),
    { type: "response.output_item.done", output_index: 0, item: message(final, "completed") },
    { type: "response.completed", response: { id: "resp_1", model: "m", status: "completed", output: [message(final, "completed")], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } },
  ];
}

async function textDeltas(chunks: readonly unknown[]): Promise<string[]> {
  async function* from(): AsyncGenerator<unknown> {
    for (const c of chunks) yield c;
  }
  const out: Event[] = await collect(streamResponses(from(), { generateId: createSequentialIds("id") }));
  await assertConformant(out);
  expect(last(out).type).toBe("RUN_FINISHED");
  return ofType(out, "TEXT_MESSAGE_CONTENT").map((e) => e.delta);
}

describe("Responses: text deltas that stop short of the message's text", () => {
  it("the rest from response.output_text.done is written after the deltas, once", async () => {
    expect(await textDeltas(events(["Hello", ", wor"], { done: FULL }))).toEqual(["Hello", ", wor", "ld!"]);
  });
  it("without a .done, the rest comes from the finished item", async () => {
    expect(await textDeltas(events(["Hello", ", wor"]))).toEqual(["Hello", ", wor", "ld!"]);
  });
  it("a final text that does not extend what streamed leaves the message as it streamed", async () => {
    expect(await textDeltas(events(["Hello", ", there"], { done: FULL }))).toEqual(["Hello", ", there"]);
    expect(await textDeltas(events(["Hello, world!!"], { done: FULL }))).toEqual(["Hello, world!!"]);
    expect(await textDeltas(events(["Hello", ", world!"], { done: FULL }))).toEqual(["Hello", ", world!"]);
  });
});
