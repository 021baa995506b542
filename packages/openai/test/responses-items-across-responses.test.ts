/**
 * Items a response never finished (no `output_item.done`, and a final output that does not list
 * them) are closed when the response ends, and forgotten with it: a server that numbers its items
 * per response (`msg_0` in every response) reuses the id in the next response of the same stream,
 * whose item is a new one (its text was dropped, sent to the closed message of the response
 * before). A call streamed with neither item id nor output index (llama.cpp) is closed at its
 * response's end like any other cut-off call, not left open until the run ends.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const user: Message = { id: "u1", role: "user", content: "hi" };

async function run(chunks: Rec[]): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { input: { threadId: "t", runId: "r", messages: [user] }, generateId: createSequentialIds("id-") }));
  await assertConformant(events, { initialMessages: [user] });
  return events;
}

/** One response whose message `msg_0` streams `text` and is cut off: no `done`, the final output lists nothing. */
function cutResponse(id: string, text: string): Rec[] {
  return [
    { type: "response.created", response: { id } },
    { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_0", role: "assistant", content: [] } },
    { type: "response.output_text.delta", item_id: "msg_0", output_index: 0, content_index: 0, delta: text },
    { type: "response.incomplete", response: { id, status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, output: [] } },
  ];
}

describe("items a response never finished", () => {
  it("an item id the next response reuses names that response's own item: its text is not lost", async () => {
    const events = await run([...cutResponse("resp_1", "first"), ...cutResponse("resp_2", "second")]);
    const starts = ofType(events, "TEXT_MESSAGE_START");
    expect(starts).toHaveLength(2);
    expect(starts.map((e) => readBridgeMetadata(e.metadata)?.responseId)).toEqual(["resp_1", "resp_2"]);
    const second = starts[1]?.messageId;
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => [e.messageId === second ? 2 : 1, e.delta])).toEqual([
      [1, "first"],
      [2, "second"],
    ]);
  });

  it("a call streamed without item id or output index is closed, interrupted, when its response ends", async () => {
    const events = await run([
      { type: "response.created", response: { id: "resp_1" } },
      { type: "response.output_item.added", item: { type: "function_call", call_id: "call_a", name: "f", arguments: "" } },
      { type: "response.function_call_arguments.delta", item_id: "call_a", delta: '{"a":' },
      { type: "response.incomplete", response: { id: "resp_1", status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, output: [] } },
      { type: "response.created", response: { id: "resp_2" } },
      { type: "response.output_item.added", item: { type: "function_call", call_id: "call_b", name: "f", arguments: "" } },
      { type: "response.completed", response: { id: "resp_2", status: "completed", output: [] } },
    ]);
    const order = events.filter((e) => e.type === "TOOL_CALL_START" || e.type === "TOOL_CALL_END").map((e) => `${e.type}:${(e as { toolCallId: string }).toolCallId}`);
    expect(order.slice(0, 3)).toEqual(["TOOL_CALL_START:call_a", "TOOL_CALL_END:call_a", "TOOL_CALL_START:call_b"]);
    const endA = ofType(events, "TOOL_CALL_END").find((e) => e.toolCallId === "call_a");
    expect(readBridgeMetadata(endA?.metadata)?.interrupted).toBe(true);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(['{"a":']);
  });
});
