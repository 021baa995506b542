/**
 * `max_tokens` inside a tool call: Anthropic still closes the block (`content_block_stop`), then
 * says `stop_reason: "max_tokens"` in `message_delta`, so the block's `partial_json` ends inside the
 * arguments object. That call's TOOL_CALL_END is marked `interrupted: true` (it stays pending), as
 * the OpenAI and Google mappers mark a call an output limit cut off; a complete call before it
 * ends normally, and a call whose arguments were complete is never marked.
 */
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { checkRun, drain, listSource } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";

type Chunk = { type: string } & Record<string, unknown>;

const start: Chunk = { type: "message_start", message: { id: "msg_1", model: "claude-sonnet-4-5", content: [], usage: { input_tokens: 20, output_tokens: 1 } } };
const toolUse = (index: number, id: string, fragments: string[]): Chunk[] => [
  { type: "content_block_start", index, content_block: { type: "tool_use", id, name: "write_file", input: {} } },
  ...fragments.map((partial_json) => ({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } })),
  { type: "content_block_stop", index },
];
const end = (reason: string): Chunk[] => [{ type: "message_delta", delta: { stop_reason: reason, stop_sequence: null }, usage: { output_tokens: 64 } }, { type: "message_stop" }];

async function ends(chunks: Chunk[]): Promise<{ events: Event[]; ends: Array<[string, boolean]> }> {
  const events = await drain(streamMessages(listSource(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  await checkRun(events);
  return { events, ends: events.filter((e) => e.type === "TOOL_CALL_END").map((e) => [(e as { toolCallId: string }).toolCallId, readBridgeMetadata(e.metadata)?.interrupted === true]) };
}

describe("Anthropic: a tool call cut off by max_tokens", () => {
  it("the cut call ends interrupted and stays pending; the complete call before it ends normally", async () => {
    const { events, ends: closed } = await ends([
      start,
      ...toolUse(0, "toolu_a", ['{"path": "a.txt", ', '"content": "done"}']),
      ...toolUse(1, "toolu_b", ['{"path": "b.txt", "content": "a long te']),
      ...end("max_tokens"),
    ]);
    expect(closed).toEqual([
      ["toolu_a", false],
      ["toolu_b", true],
    ]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["toolu_a", "toolu_b"] } });
    expect(readBridgeMetadata(events.at(-1)?.metadata)?.finishReason).toBe("length");
  });

  it("escaped quotes and braces inside strings do not end or extend a value", async () => {
    const complete = await ends([start, ...toolUse(0, "toolu_a", ['{"s": "a \\"quoted\\" {brace', '} and \\\\"}']), ...end("tool_use")]);
    expect(complete.ends).toEqual([["toolu_a", false]]);
    const cut = await ends([start, ...toolUse(0, "toolu_a", ['{"s": "ends in an escaped quote \\"}']), ...end("max_tokens")]);
    expect(cut.ends).toEqual([["toolu_a", true]]);
  });
});
