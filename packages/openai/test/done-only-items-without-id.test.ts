/**
 * Finished items that arrive only as `response.output_item.done`, with neither an `id` nor an
 * `output_index`, and a final output that lists nothing (`response.completed` with `output: []`).
 * Codex's own SSE fixtures have exactly this shape (a message item done without id or index, then
 * completed with an empty output), and Codex reads the message from it. Each item is mapped from
 * its finished copy, once: nothing it carried is lost.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const created = { type: "response.created", response: { id: "resp_min" } };
const completed = { type: "response.completed", response: { id: "resp_min", output: [] } };
const message = { type: "message", role: "assistant", content: [{ type: "output_text", text: "fixture hello" }] };
const call = { type: "function_call", call_id: "call_min", name: "shell", arguments: '{"command":["ls"]}' };

async function run(chunks: Rec[]): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const user: Message = { id: "u1", role: "user", content: "hi" };
  const events = await collect(streamResponses(source(), { input: { threadId: "t", runId: "r", messages: [user] }, generateId: createSequentialIds("id-") }));
  await assertConformant(events, { initialMessages: [user] });
  return { events, messages: applyEvents([user], events) };
}

describe("output items finished without id or output index", () => {
  it("a message item's text is the run's text", async () => {
    const { events, messages } = await run([created, { type: "response.output_item.done", item: message }, completed]);
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("fixture hello");
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: "fixture hello" });
  });

  it("a function call and a message each become their own entity, and the next request carries both", async () => {
    const { events, messages } = await run([
      created,
      { type: "response.output_item.done", item: message },
      { type: "response.output_item.done", item: call },
      completed,
    ]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName])).toEqual([["call_min", "shell"]]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"command":["ls"]}');
    expect(ofType(events, "RUN_FINISHED")[0]?.outcome).toMatchObject({ pendingToolCallIds: ["call_min"] });
    const next = [...messages, { id: "out", role: "tool", toolCallId: "call_min", content: "README.md" } as Message];
    const items = toResponsesRequest({ threadId: "t", runId: "n", messages: next }, { model: "gpt-5" }).params.input as unknown as Rec[];
    // The ids these items streamed under were made up: none goes back as an item id.
    expect(items).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "fixture hello" },
      { type: "function_call", call_id: "call_min", name: "shell", arguments: '{"command":["ls"]}' },
      { type: "function_call_output", call_id: "call_min", output: "README.md" },
    ]);
  });

  it("a client-run built-in call (apply_patch) finished without an id goes back without a made-up item id", async () => {
    const patch = { type: "apply_patch_call", call_id: "call_patch", status: "completed", operation: { type: "create_file", path: "a.txt", diff: "+x\n" } };
    const { events, messages } = await run([created, { type: "response.output_item.done", item: patch }, completed]);
    expect(ofType(events, "TOOL_CALL_END")).toHaveLength(1);
    const next = [...messages, { id: "out", role: "tool", toolCallId: "call_patch", content: "done" } as Message];
    const items = toResponsesRequest({ threadId: "t", runId: "n", messages: next }, { model: "gpt-5" }).params.input as unknown as Rec[];
    expect(items.slice(1)).toEqual([
      { type: "apply_patch_call", call_id: "call_patch", operation: patch.operation, status: "completed" },
      { type: "apply_patch_call_output", call_id: "call_patch", status: "completed", output: "done" },
    ]);
  });
});
