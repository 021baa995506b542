/**
 * The provider-run result shapes of `@anthropic-ai/sdk` 1.17.0 that no recording holds, each read
 * by the generic `*_tool_result` rule and sent back exactly (the response types and their params
 * have the same fields; top-level `null`s, output-only "absent", are left out):
 * - `advisor_tool_result` with `advisor_result`, `advisor_redacted_result` ("Opaque blob …
 *   must be round-tripped verbatim") and `advisor_tool_result_error`;
 * - `code_execution_tool_result` with `encrypted_code_execution_result` (returned "in place of
 *   `code_execution_result` when the code called the web search tool"; `encrypted_stdout` opaque,
 *   output files by `file_id`);
 * - `tool_search_tool_result` with `tool_references` and with `tool_search_tool_result_error`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const ENCRYPTED = "EqQBCkYIBhgCKkA+opaque/stdout==";
const results: Array<{ name: string; call: Rec; result: Rec }> = [
  {
    name: "advisor_result",
    call: { type: "server_tool_use", id: "srvtoolu_adv1", name: "advisor", input: {} },
    result: { type: "advisor_tool_result", tool_use_id: "srvtoolu_adv1", content: { type: "advisor_result", text: "Check the edge cases first.", stop_reason: "max_tokens" } },
  },
  {
    name: "advisor_redacted_result",
    call: { type: "server_tool_use", id: "srvtoolu_adv2", name: "advisor", input: {} },
    result: { type: "advisor_tool_result", tool_use_id: "srvtoolu_adv2", content: { type: "advisor_redacted_result", encrypted_content: "opaque-encrypted-advice==", stop_reason: null } },
  },
  {
    name: "advisor_tool_result_error",
    call: { type: "server_tool_use", id: "srvtoolu_adv3", name: "advisor", input: {} },
    result: { type: "advisor_tool_result", tool_use_id: "srvtoolu_adv3", content: { type: "advisor_tool_result_error", error_code: "model_not_found" } },
  },
  {
    name: "encrypted_code_execution_result",
    call: { type: "server_tool_use", id: "srvtoolu_code1", name: "code_execution", input: { code: "print(search('x'))" } },
    result: {
      type: "code_execution_tool_result",
      tool_use_id: "srvtoolu_code1",
      content: { type: "encrypted_code_execution_result", content: [{ type: "code_execution_output", file_id: "file_011CPlot" }], encrypted_stdout: ENCRYPTED, return_code: 0, stderr: "" },
    },
  },
  {
    name: "tool_search_tool_search_result",
    call: { type: "server_tool_use", id: "srvtoolu_ts1", name: "tool_search_tool_bm25", input: { query: "weather" } },
    result: {
      type: "tool_search_tool_result",
      tool_use_id: "srvtoolu_ts1",
      content: { type: "tool_search_tool_search_result", tool_references: [{ type: "tool_reference", tool_name: "get_weather" }, { type: "tool_reference", tool_name: "get_forecast" }] },
    },
  },
  {
    name: "tool_search_tool_result_error",
    call: { type: "server_tool_use", id: "srvtoolu_ts2", name: "tool_search_tool_regex", input: { query: "(" } },
    result: { type: "tool_search_tool_result", tool_use_id: "srvtoolu_ts2", content: { type: "tool_search_tool_result_error", error_code: "invalid_tool_input", error_message: null } },
  },
];

function stream(call: Rec, result: Rec): unknown[] {
  return [
    { type: "message_start", message: { id: "msg_r", type: "message", role: "assistant", model: "claude-sonnet-5", content: [], usage: { input_tokens: 9, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: { ...call, input: {} } },
    { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(call.input) } },
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: result },
    { type: "content_block_stop", index: 1 },
    { type: "content_block_start", index: 2, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "Done." } },
    { type: "content_block_stop", index: 2 },
    { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 20 } },
    { type: "message_stop" },
  ];
}

/** The block as its param: the content's top-level `null` fields left out. */
function asParam(block: Rec): Rec {
  const content = block.content as Rec;
  return { ...block, content: Object.fromEntries(Object.entries(content).filter(([, value]) => value !== null)) };
}

describe("provider-run result shapes of SDK 1.17.0 go back exactly", () => {
  for (const { name, call, result } of results) {
    it(name, async () => {
      const events = await collect(streamMessages(fromList(stream(call, result)), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
      const messages = (await assertConformant(events)) as Message[];
      const tool = messages.find((m) => m.role === "tool");
      expect(tool).toMatchObject({ toolCallId: call.id });
      const { params, warnings } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "Go" }, ...messages] });
      expect(warnings).toEqual([]);
      expect(apiViolations(params)).toEqual([]);
      expect(params.messages[1]?.content).toEqual([call, asParam(result), { type: "text", text: "Done." }]);
    });
  }

  it("the encrypted stdout stays in the result text, and its output file is a file part", async () => {
    const { call, result } = results.find((entry) => entry.name === "encrypted_code_execution_result") as (typeof results)[number];
    const events = await collect(streamMessages(fromList(stream(call, result)), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
    const tool = ((await assertConformant(events)) as Message[]).find((m) => m.role === "tool") as unknown as { content: Rec[] };
    expect(JSON.parse(String(tool.content[0]?.text))).toEqual(result.content);
    expect(tool.content[1]).toMatchObject({ type: "document", source: { type: "file", value: "file_011CPlot", provider: "anthropic" } });
  });
});
