/**
 * LiteLLM's Responses bridge (litellm/responses/litellm_completion_transformation/streaming_iterator.py)
 * never announces a message item on a turn that starts with a tool call, yet closes one at the
 * end: `output_text.done` with `text: ""`, `content_part.done`, then `output_item.done` of a
 * `message` item whose only part is empty. That is no message: no empty text message (an empty
 * bubble in every tool-call-only turn), as on Chat, where no text opens no text message.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const CALL = { type: "function_call", id: "call_1", call_id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}', status: "completed" };
const emptyMessage = (text: string): Rec => ({ id: "msg_9f", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });
const created = { type: "response.created", response: { id: "resp_a", status: "in_progress", output: [] } };
const toolFirst: Rec[] = [
  created,
  { type: "response.in_progress", response: { id: "resp_a", status: "in_progress", output: [] } },
  { type: "response.output_item.added", output_index: 1, item: { ...CALL, arguments: "", status: "in_progress" } },
  { type: "response.function_call_arguments.delta", item_id: "call_1", output_index: 1, delta: '{"city":' },
  { type: "response.function_call_arguments.delta", item_id: "call_1", output_index: 1, delta: '"Paris"}' },
  { type: "response.function_call_arguments.done", item_id: "call_1", output_index: 1, arguments: '{"city":"Paris"}' },
  { type: "response.output_item.done", output_index: 1, item: CALL },
];
const closing = (text: string): Rec[] => [
  { type: "response.output_text.done", item_id: "msg_9f", output_index: 0, content_index: 0, text },
  { type: "response.content_part.done", item_id: "msg_9f", output_index: 0, content_index: 0, part: { type: "output_text", text, annotations: [] } },
  { type: "response.output_item.done", output_index: 0, item: emptyMessage(text) },
];
const completed = (output: Rec[]): Rec => ({ type: "response.completed", response: { id: "resp_a", status: "completed", output, usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 } } });

async function run(chunks: Rec[]): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id-"), provider: "litellm" }));
  await assertConformant(events);
  return { events, messages: applyEvents([], events) };
}

describe("Responses: an empty message item the stream never announced", () => {
  it("LiteLLM's tool-call-only turn: the call, and no empty text message", async () => {
    const { events, messages } = await run([...toolFirst, ...closing(""), completed([CALL, emptyMessage("")])]);
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(0);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: "assistant", toolCalls: [{ id: "call_1", function: { arguments: '{"city":"Paris"}' } }] });
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["call_1"] } });
  });

  it("the same closing events with text still give the text, once", async () => {
    const { events } = await run([...toolFirst, ...closing("Checking."), completed([CALL, emptyMessage("Checking.")])]);
    expect(ofType(events, "TEXT_MESSAGE_START").map((e) => e.messageId)).toEqual(["msg_9f"]);
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["Checking."]);
  });

  it("an announced message item that stays empty is still its (empty) message", async () => {
    const { events } = await run([
      created,
      { type: "response.output_item.added", output_index: 0, item: { ...emptyMessage(""), status: "in_progress", content: [] } },
      { type: "response.output_item.done", output_index: 0, item: emptyMessage("") },
      completed([emptyMessage("")]),
    ]);
    expect(ofType(events, "TEXT_MESSAGE_START").map((e) => e.messageId)).toEqual(["msg_9f"]);
  });
});
