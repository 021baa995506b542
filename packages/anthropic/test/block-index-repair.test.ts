/**
 * The shape of a recorded code-execution stream with a container skill: after each `*_tool_result`
 * block, the next `content_block_start` repeats the index just stopped, and that block's deltas and
 * stop come under the next index. The Anthropic SDK's accumulator appends a started block and
 * addresses deltas by position, so the text is read the same way here instead of failing the run.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;
const SRV = "srvtoolu_01View";
const result = { type: "text_editor_code_execution_tool_result", tool_use_id: SRV, content: { type: "text_editor_code_execution_view_result", file_type: "text", content: "# Skill\n" } };

const chunks = [
  { type: "message_start", message: { id: "msg_skill", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], usage: { input_tokens: 30, output_tokens: 1 } } },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Reading the skill." } },
  { type: "content_block_stop", index: 0 },
  { type: "content_block_start", index: 1, content_block: { type: "server_tool_use", id: SRV, name: "text_editor_code_execution", input: {} } },
  { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"command": "view", "path": "/skills/pdf/SKILL.md"}' } },
  { type: "content_block_stop", index: 1 },
  { type: "content_block_start", index: 2, content_block: result },
  { type: "content_block_stop", index: 2 },
  // Started as 2 again; its deltas and stop say 3.
  { type: "content_block_start", index: 2, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 3, delta: { type: "text_delta", text: "Now" } },
  { type: "content_block_delta", index: 3, delta: { type: "text_delta", text: " the PDF." } },
  { type: "content_block_stop", index: 3 },
  { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 40 } },
  { type: "message_stop" },
];

async function run(input: unknown[], warnings: BridgeWarning[] = []) {
  return collect(streamMessages(fromList(input), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
}

describe("a content_block_start that repeats the index of a stopped block", () => {
  it("opens the block at its position: all text arrives, the run succeeds, a warning names the repair", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await run(chunks, warnings);
    const messages = (await assertConformant(events)) as Message[];
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    // The text after the tool's result is a new assistant message, after the result.
    expect(messages.map((m) => [m.role, m.role === "assistant" ? m.content : undefined])).toEqual([
      ["assistant", "Reading the skill."],
      ["tool", undefined],
      ["assistant", "Now the PDF."],
    ]);
    expect(warnings.map((w) => [w.code, w.details?.index, w.details?.readAs])).toEqual([["stream.block-index-repaired", 2, 3]]);

    // The next request rebuilds the turn in the original order.
    const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "Make a PDF" }, ...messages, { id: "u2", role: "user", content: "Thanks" }] });
    expect(apiViolations(params)).toEqual([]);
    const blocks = params.messages[1]?.content as unknown as Rec[];
    expect(blocks.map((b) => b.type)).toEqual(["text", "server_tool_use", "text_editor_code_execution_tool_result", "text"]);
    expect(blocks[3]).toEqual({ type: "text", text: "Now the PDF." });
  });

  it("a block restarted at index 0 whose deltas and stop also say 0 (a proxy folding tool-loop turns into one message) is read whole", async () => {
    // Turn 1's blocks 0 and 1, then turn 2's text numbered from 0 again, all of its events under 0
    // (rynfar/meridian#153, before its fix): the deltas go to the block the repeated start opened.
    const citation = { type: "web_search_result_location", url: "https://example.com", title: "Example", encrypted_index: "Eo8B", cited_text: "done" };
    const restarted = [
      chunks[0],
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Read it first." } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "EqSig==" } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Reading." } },
      { type: "content_block_stop", index: 1 },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: " Done." } },
      { type: "content_block_delta", index: 0, delta: { type: "citations_delta", citation } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_next", name: "lookup", input: {} } },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"q":' } },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '"pdf"}' } },
      { type: "content_block_stop", index: 1 },
      { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 40 } },
      { type: "message_stop" },
    ];
    const warnings: BridgeWarning[] = [];
    const events = await run(restarted, warnings);
    const messages = (await assertConformant(events)) as Message[];
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["toolu_next"] } });
    expect(messages.find((m) => m.role === "assistant")?.content).toBe("Reading. Done.");
    expect(warnings.map((w) => [w.code, w.details?.index, w.details?.readAs])).toEqual([
      ["stream.block-index-repaired", 0, 2],
      ["stream.block-index-repaired", 1, 3],
    ]);
    const { params } = toMessagesRequest({
      messages: [{ id: "u", role: "user", content: "Make a PDF" }, ...messages, { id: "t1", role: "tool", toolCallId: "toolu_next", content: "ok" }],
    });
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages[1]?.content).toEqual([
      { type: "thinking", thinking: "Read it first.", signature: "EqSig==" },
      { type: "text", text: "Reading." },
      // The citation stays on the block it came with, not on the block first started as 0.
      { type: "text", text: " Done.", citations: [citation] },
      { type: "tool_use", id: "toolu_next", name: "lookup", input: { q: "pdf" } },
    ]);
  });

  it("a start for a block that is still open stays a malformed stream", async () => {
    const open = [chunks[0], chunks[1], { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }];
    const events = await run(open);
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "malformed_chunk" });
  });
});
