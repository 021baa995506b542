/**
 * Text events that name no item (no `item_id`, no `output_index`), as Responses-compatible
 * servers have sent them: LiteLLM's proxy streaming `response.output_text.delta` before any
 * `output_item.added` (BerriAI/litellm#22102, #36375), routers replaying a response with deltas
 * carrying neither field (RESMP-DEV/ccr-rust#25). The text streams as it comes, once, into the
 * message the response names later (or an implicit one), and the next request never carries an id
 * the provider did not send.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;

const MESSAGE = { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Hello world", annotations: [] }] };
const created = { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } };
const completed = (output: Rec[]): Rec => ({ type: "response.completed", response: { id: "resp_1", status: "completed", output, usage: { input_tokens: 2, output_tokens: 2, total_tokens: 4 } } });
const bareDeltas = [
  { type: "response.output_text.delta", delta: "Hello " },
  { type: "response.output_text.delta", delta: "world" },
];

async function run(chunks: Rec[]): Promise<{ events: Event[]; messages: Message[]; warnings: string[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const warnings: string[] = [];
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id-"), onWarning: (w) => warnings.push(w.code) }));
  await assertConformant(events);
  return { events, messages: applyEvents([], events), warnings };
}

/** The text deltas the run emitted, each with its position among the events. */
function contents(events: Event[]): Array<{ delta: string; at: number }> {
  return events.flatMap((event, at) => (event.type === "TEXT_MESSAGE_CONTENT" ? [{ delta: (event as unknown as { delta: string }).delta, at }] : []));
}

function nextInput(messages: Message[]): Rec[] {
  const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [...messages, { id: "u2", role: "user", content: "More." }] }, { model: "gpt-5" });
  return params.input as unknown as Rec[];
}

describe("text events that name no item", () => {
  it("stream as they come into the message the final response lists, once", async () => {
    const { events, messages } = await run([created, ...bareDeltas, { type: "response.output_text.done", text: "Hello world" }, completed([MESSAGE])]);
    const streamed = contents(events);
    expect(streamed.map((c) => c.delta)).toEqual(["Hello ", "world"]);
    // Each delta left as it came, before the final response.
    expect(streamed[1]?.at).toBeLessThan(events.findIndex((event) => event.type === "RUN_FINISHED") - 1);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: "assistant", content: "Hello world" });
    expect(nextInput(messages)[0]).toEqual({ type: "message", role: "assistant", id: "msg_1", status: "completed", content: [{ type: "output_text", text: "Hello world", annotations: [] }] });
  });

  it("are kept when no item ever names them, and go back without an id", async () => {
    const { messages } = await run([created, ...bareDeltas, completed([])]);
    expect(messages).toEqual([expect.objectContaining({ role: "assistant", content: "Hello world" })]);
    expect(nextInput(messages)[0]).toEqual({ role: "assistant", content: "Hello world" });
  });

  it("go to the one message item the response announced", async () => {
    const added = { type: "response.output_item.added", output_index: 0, item: { ...MESSAGE, status: "in_progress", content: [] } };
    const done = { type: "response.output_item.done", output_index: 0, item: MESSAGE };
    const { events, messages } = await run([created, added, ...bareDeltas, done, completed([MESSAGE])]);
    expect(contents(events).map((c) => c.delta)).toEqual(["Hello ", "world"]);
    expect(messages).toEqual([expect.objectContaining({ id: "msg_1", content: "Hello world" })]);
  });

  // The finished items' `output_item.done` carry no `output_index` below, so the mapper cannot
  // unregister them by position: whether an item is finished must come from the item itself.
  it("after a finished message item go to the next message as they come, not to the finished one", async () => {
    const second = { ...MESSAGE, id: "msg_2", content: [{ type: "output_text", text: "Bye", annotations: [] }] };
    const added = (index: number, item: Rec): Rec => ({ type: "response.output_item.added", output_index: index, item: { ...item, status: "in_progress", content: [] } });
    // The stream is cut after the second message's delta: only text streamed as it came is kept.
    const { events, messages } = await run([
      created,
      added(0, MESSAGE),
      ...bareDeltas,
      { type: "response.output_item.done", item: MESSAGE },
      added(1, second),
      { type: "response.output_text.delta", delta: "Bye" },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    // Before, the finished item still counted, two message items made the delta ambiguous, and it was dropped.
    expect(contents(events).map((c) => c.delta)).toEqual(["Hello ", "world", "Bye"]);
    expect(messages.map((m) => [m.id, m.content])).toEqual([
      ["msg_1", "Hello world"],
      ["msg_2", "Bye"],
    ]);
  });

  it("after the only message item finished open a message of their own", async () => {
    const added = { type: "response.output_item.added", output_index: 0, item: { ...MESSAGE, status: "in_progress", content: [] } };
    const done = { type: "response.output_item.done", item: MESSAGE };
    const { events, messages } = await run([created, added, ...bareDeltas, done, { type: "response.output_text.delta", delta: "P.S." }, completed([MESSAGE])]);
    // Before, the finished message took the text and, its text message being closed, dropped it.
    expect(contents(events).map((c) => c.delta)).toEqual(["Hello ", "world", "P.S."]);
    expect(messages.map((m) => m.content)).toEqual(["Hello world", "P.S."]);
  });
});
