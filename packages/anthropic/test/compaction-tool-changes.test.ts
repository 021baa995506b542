/**
 * A `compaction` block's `tool_changes` ("the `tool_addition` and `tool_removal` blocks that take the
 * request's `tools` to the tool set in effect at the end of the range, or `[]` when the range
 * changed no tool. Absent when the server did not compute them. Send the block back unchanged":
 * `BetaCompactionBlock` of `@anthropic-ai/sdk` 1.17.0), with every kind of entry the SDK defines
 * (`tool_reference`, `mcp_tool_reference`, `mcp_toolset_reference`, `tool_definition`), goes back
 * verbatim with the block, as do its `signature` and `encrypted_content`; `[]` stays `[]`, an absent
 * list stays absent.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const toolChanges = [
  { type: "tool_addition", tool: { type: "mcp_tool_reference", server_name: "github", name: "create_issue" } },
  { type: "tool_addition", tool: { type: "mcp_toolset_reference", server_name: "linear" } },
  { type: "tool_addition", tool: { type: "tool_definition", definition: { name: "lookup", description: "Look up", input_schema: { type: "object", properties: {} } } } },
  { type: "tool_removal", tool: { type: "tool_reference", name: "get_weather" } },
];

function stream(block: Rec): unknown[] {
  return [
    { type: "message_start", message: { id: "msg_c", type: "message", role: "assistant", model: "claude-sonnet-5", content: [], usage: { input_tokens: 9, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: block },
    { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: "The user asked for issues.", encrypted_content: "enc-opaque==" } },
    { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig-compaction" } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "compaction" }, usage: { output_tokens: 40 } },
    { type: "message_stop" },
  ];
}

async function compactionParam(block: Rec): Promise<Rec> {
  const events = await collect(streamMessages(fromList(stream(block)), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  const messages = (await assertConformant(events)) as Message[];
  const { params } = toMessagesRequest({ messages: [{ id: "u1", role: "user", content: "Hi" }, ...messages, { id: "u2", role: "user", content: "Go on" }] });
  expect(apiViolations(params)).toEqual([]);
  return (params.messages[1]?.content as unknown as Rec[])[0] as Rec;
}

describe("compaction tool_changes", () => {
  it("go back verbatim with the block, every kind of entry", async () => {
    const block = await compactionParam({ type: "compaction", content: null, encrypted_content: null, tool_changes: toolChanges });
    expect(block).toEqual({ type: "compaction", content: "The user asked for issues.", encrypted_content: "enc-opaque==", signature: "sig-compaction", tool_changes: toolChanges });
  });

  it("[] stays [] (no tool changed); an absent list stays absent", async () => {
    expect(await compactionParam({ type: "compaction", content: null, encrypted_content: null, tool_changes: [] })).toMatchObject({ tool_changes: [] });
    expect(await compactionParam({ type: "compaction", content: null, encrypted_content: null })).not.toHaveProperty("tool_changes");
  });
});
