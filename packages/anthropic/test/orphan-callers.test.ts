/**
 * A tool_use made by code names the server tool that ran it (`caller.tool_id`); the API rejects a
 * request that does not hold that source ("source tool `srvtoolu_…` not found for tool use block
 * `toolu_…`"). The shape comes from a recorded response that opens with a call made by an
 * earlier code execution (`message_start.content` holding the `tool_use`).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;
const caller = { type: "code_execution_20250825", tool_id: "srvtoolu_code" };
const lookup = { type: "tool_use", id: "toolu_lookup", name: "lookup_customer", input: { id: "c_1" }, caller };

async function messagesOf(chunks: unknown[]): Promise<Message[]> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  return (await assertConformant(events)) as Message[];
}

function assistantBlocks(messages: Message[]) {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest(
    { messages: [{ id: "u", role: "user", content: "Look up c_1" }, ...messages, { id: "t", role: "tool", toolCallId: "toolu_lookup", content: "{}" }] },
    { onWarning: (w) => warnings.push(w) },
  );
  expect(apiViolations(params)).toEqual([]);
  return { blocks: params.messages[1]?.content as unknown as Rec[], warnings };
}

describe("tool calls made by a code execution the request does not hold", () => {
  it("a call whose source server tool is missing is sent as a direct call, with a warning", async () => {
    const messages = await messagesOf([
      { type: "message_start", message: { id: "msg_pre", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [lookup], stop_reason: "tool_use", usage: { input_tokens: 0, output_tokens: 0 } } },
      { type: "message_stop" },
    ]);
    const { blocks, warnings } = assistantBlocks(messages);
    expect(blocks).toEqual([{ type: "tool_use", id: "toolu_lookup", name: "lookup_customer", input: { id: "c_1" } }]);
    expect(warnings.map((w) => [w.code, w.details?.sourceToolId])).toEqual([["request.orphan-tool-caller", "srvtoolu_code"]]);
  });

  it("a call whose source server tool is in the request keeps its caller", async () => {
    const messages = await messagesOf([
      { type: "message_start", message: { id: "msg_code", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], usage: { input_tokens: 9, output_tokens: 1 } } },
      { type: "content_block_start", index: 0, content_block: { type: "server_tool_use", id: "srvtoolu_code", name: "code_execution", input: {} } },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"code": "lookup_customer(\\"c_1\\")"}' } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { ...lookup, input: {} } },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"id": "c_1"}' } },
      { type: "content_block_stop", index: 1 },
      { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 20 } },
      { type: "message_stop" },
    ]);
    const { blocks, warnings } = assistantBlocks(messages);
    expect(blocks.map((b) => b.type)).toEqual(["server_tool_use", "tool_use"]);
    expect(blocks[1]).toMatchObject({ id: "toolu_lookup", caller });
    expect(warnings).toEqual([]);
  });
});
