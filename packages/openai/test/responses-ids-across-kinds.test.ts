/**
 * AG-UI ids are unique across entity kinds. A Responses call without a `call_id` takes its item id,
 * which a server may have given another item of the run too (found by the random-event property
 * test: a compaction item and a function call both `a`): the call gets a fresh id then, and a
 * message item arriving with a call's id gets one too, so the run stays conformant.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

async function run(chunks: unknown[]): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id-") }));
  await assertConformant(events);
  return events;
}

describe("Responses: one id for two items of different kinds", () => {
  it("a compaction item and a call without call_id, both `a`: the call gets a fresh id", async () => {
    const events = await run([
      { type: "response.output_item.added", item: { id: "a", type: "compaction" } },
      { type: "response.output_item.added", item: { id: "a", type: "function_call", name: "f", arguments: "" } },
    ]);
    const [call] = ofType(events, "TOOL_CALL_START");
    expect(call?.toolCallId).not.toBe("a");
  });

  it("a message item whose id a call already has gets a fresh message id", async () => {
    const events = await run([
      { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } },
      { type: "response.output_item.added", output_index: 0, item: { id: "x1", type: "function_call", call_id: "c1", name: "f", arguments: "" } },
      { type: "response.output_item.done", output_index: 0, item: { id: "x1", type: "function_call", call_id: "c1", name: "f", arguments: "{}", status: "completed" } },
      { type: "response.output_item.added", output_index: 1, item: { id: "c1", type: "message", role: "assistant", status: "in_progress", content: [] } },
      { type: "response.content_part.added", item_id: "c1", output_index: 1, content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
      { type: "response.output_text.delta", item_id: "c1", output_index: 1, content_index: 0, delta: "ok" },
      { type: "response.output_item.done", output_index: 1, item: { id: "c1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "ok", annotations: [] }] } },
      { type: "response.completed", response: { id: "resp_1", status: "completed", output: [] } },
    ]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallId)).toEqual(["c1"]);
    expect(ofType(events, "TEXT_MESSAGE_START").map((e) => e.messageId)).not.toContain("c1");
  });
});
