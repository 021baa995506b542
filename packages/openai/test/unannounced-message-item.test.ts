/**
 * Text events that name a message item the stream never announced: `item_id` given, no
 * `output_item.added` before them. LiteLLM's Responses bridge sent exactly this after a
 * reasoning-first chunk (BerriAI/litellm#41185: reasoning added and done, then
 * `output_text.delta item_id=msg_…`, then a function call, then `response.completed` listing the
 * message). The text streams as it comes, once, into one message with the item's id, and the next
 * request sends the message back as that item.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;

const REASONING = { id: "rs_1", type: "reasoning", summary: [], encrypted_content: "enc_1" };
const MESSAGE = { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Let me check.", annotations: [] }] };
const CALL = { id: "fc_1", type: "function_call", call_id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}', status: "completed" };
const created = { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } };
const completed = { type: "response.completed", response: { id: "resp_1", status: "completed", output: [REASONING, MESSAGE, CALL], usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 } } };
const reasoningItem = [
  { type: "response.output_item.added", output_index: 0, item: { ...REASONING, encrypted_content: null } },
  { type: "response.output_item.done", output_index: 0, item: REASONING },
];
const unannouncedDeltas = [
  { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "Let me " },
  { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "check." },
];
const callItem = [
  { type: "response.output_item.added", output_index: 1, item: { ...CALL, arguments: "", status: "in_progress" } },
  { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 1, delta: '{"city":"Paris"}' },
  { type: "response.output_item.done", output_index: 1, item: CALL },
];

async function run(chunks: Rec[]): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id-") }));
  await assertConformant(events);
  return { events, messages: applyEvents([], events) };
}

const deltas = (events: Event[]): string[] => events.flatMap((e) => (e.type === "TEXT_MESSAGE_CONTENT" ? [(e as unknown as { delta: string }).delta] : []));

describe("text events naming a message item never announced", () => {
  it("stream as they come (before the call that follows), once, into one message with the item's id", async () => {
    const { events, messages } = await run([created, ...reasoningItem, ...unannouncedDeltas, ...callItem, completed]);
    expect(deltas(events)).toEqual(["Let me ", "check."]);
    const lastText = events.map((e) => String(e.type)).lastIndexOf("TEXT_MESSAGE_CONTENT");
    expect(lastText).toBeLessThan(events.findIndex((e) => e.type === "TOOL_CALL_START"));
    const texts = messages.filter((m) => m.role === "assistant" && typeof m.content === "string" && m.content !== "");
    expect(texts).toEqual([expect.objectContaining({ id: "msg_1", content: "Let me check." })]);
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [...messages, { id: "u2", role: "user", content: "Thanks" }] }, { model: "gpt-5" });
    const input = params.input as unknown as Rec[];
    expect(input.filter((item) => item.type === "message" && item.role === "assistant")).toEqual([
      expect.objectContaining({ id: "msg_1", content: [expect.objectContaining({ type: "output_text", text: "Let me check." })] }),
    ]);
  });

  it("an output_item.added that comes after the deltas does not open a second message", async () => {
    const added = { type: "response.output_item.added", output_index: 1, item: { ...MESSAGE, status: "in_progress", content: [] } };
    const done = { type: "response.output_item.done", output_index: 1, item: MESSAGE };
    const { events, messages } = await run([created, ...reasoningItem, ...unannouncedDeltas, added, done, completed]);
    expect(deltas(events)).toEqual(["Let me ", "check."]);
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(messages.filter((m) => m.role === "assistant" && m.content === "Let me check.")).toHaveLength(1);
  });

  it("a delta for an item that already finished is not written again", async () => {
    const added = { type: "response.output_item.added", output_index: 1, item: { ...MESSAGE, status: "in_progress", content: [] } };
    const done = { type: "response.output_item.done", output_index: 1, item: MESSAGE };
    const late = { type: "response.output_text.delta", item_id: "msg_1", output_index: 1, content_index: 0, delta: " again" };
    const { messages } = await run([created, added, done, late, completed]);
    expect(messages.filter((m) => m.role === "assistant").map((m) => m.content)).toEqual(["Let me check."]);
  });

  it("a call that never streamed, at the output index the streamed message used, is still taken from the final response", async () => {
    // The message streamed (and finished) at output_index 1; the final output puts the call, which
    // never streamed, at index 1 and the message at 2. The ids say which is which.
    const messageDone = { type: "response.output_item.done", output_index: 1, item: MESSAGE };
    const final = { ...completed, response: { ...completed.response, output: [REASONING, CALL, MESSAGE] } };
    const { events, messages } = await run([created, ...reasoningItem, ...unannouncedDeltas, messageDone, final]);
    // Before, index 1 counted as streamed and the call was lost.
    expect(events.filter((e) => e.type === "TOOL_CALL_START")).toEqual([expect.objectContaining({ toolCallId: "call_1", toolCallName: "get_weather" })]);
    expect(deltas(events)).toEqual(["Let me ", "check."]);
    const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
    expect(calls).toEqual([expect.objectContaining({ id: "call_1", function: { name: "get_weather", arguments: '{"city":"Paris"}' } })]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
  });
});
