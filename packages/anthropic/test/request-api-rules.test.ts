/**
 * Converted requests keep the structural rules the Messages API enforces (test/support/api-rules.ts,
 * each rule with its documentation source): tool ids, non-whitespace text blocks, tool_result
 * placement, error results with content, no trailing whitespace at the end of a final assistant turn.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { bridgeMetadata, createSequentialIds, EmptyRequestError, type Message } from "@agui-bridge/core/adapter";
import { conversation } from "@agui-bridge/test-support";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;
const blocksAt = (params: { messages: readonly { content: unknown }[] }, turn: number): Rec[] => params.messages[turn]?.content as Rec[];
const openai = (fields: Rec = {}) => bridgeMetadata({ provider: "openai", ...fields });

async function messagesOf(chunks: unknown[]): Promise<Message[]> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  return (await assertConformant(events)) as Message[];
}

/** A Messages stream as the streaming docs show it: text, then a tool_use, stop_reason tool_use. */
function toolTurn(id: string, text: string, toolId: string): unknown[] {
  return [
    { type: "message_start", message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], stop_reason: null, usage: { input_tokens: 20, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: toolId, name: "get_weather", input: {} } },
    { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"city": "Paris"}' } },
    { type: "content_block_stop", index: 1 },
    { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 12 } },
    { type: "message_stop" },
  ];
}

describe("converted requests keep the Messages API's structural rules", () => {
  it("tool call ids outside ^[a-zA-Z0-9_-]+$ (another provider's) are mapped, the same way in the call and its result", () => {
    const { params, warnings } = toMessagesRequest({
      messages: [
        { id: "u1", role: "user", content: "Add and multiply" },
        {
          id: "a1",
          role: "assistant",
          content: "",
          metadata: openai(),
          toolCalls: [
            { id: "functions.add:0", type: "function", function: { name: "add", arguments: '{"a":1,"b":2}' }, metadata: openai() },
            { id: "functions.add.0", type: "function", function: { name: "add", arguments: '{"a":3,"b":4}' }, metadata: openai() },
          ],
        },
        { id: "t1", role: "tool", toolCallId: "functions.add:0", content: "3" },
        { id: "t2", role: "tool", toolCallId: "functions.add.0", content: "7" },
      ],
    });
    expect(apiViolations(params)).toEqual([]);
    const uses = blocksAt(params, 1).map((block) => block.id);
    const results = blocksAt(params, 2).map((block) => block.tool_use_id);
    expect(uses).toEqual(results);
    expect(new Set(uses).size).toBe(2);
    expect(warnings.filter((warning) => warning.code === "request.tool-call-id-mapped").map((warning) => warning.details?.toolCallId)).toEqual([
      "functions.add:0",
      "functions.add.0",
    ]);
  });

  it("a tool result after a later user message still comes first in the user turn right after its tool_use", async () => {
    const streamed = await messagesOf(toolTurn("msg_1", "Let me check.", "toolu_1"));
    const { params } = toMessagesRequest({
      messages: [
        { id: "u1", role: "user", content: "Weather in Paris?" },
        ...streamed,
        { id: "u2", role: "user", content: "Also, use Celsius." },
        { id: "t1", role: "tool", toolCallId: "toolu_1", content: "18C" },
      ],
    });
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages[2]).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_1", content: "18C" },
        { type: "text", text: "Also, use Celsius." },
      ],
    });
  });

  it("a tool result that arrives after another assistant message goes back to the turn after its tool_use", async () => {
    const streamed = await messagesOf(toolTurn("msg_1", "Let me check.", "toolu_1"));
    const { params } = toMessagesRequest({
      messages: [
        { id: "u1", role: "user", content: "Weather in Paris?" },
        ...streamed,
        { id: "u2", role: "user", content: "Still there?" },
        { id: "a2", role: "assistant", content: "Waiting for the weather service." },
        { id: "t1", role: "tool", toolCallId: "toolu_1", content: "18C" },
      ],
    });
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(blocksAt(params, 2)[0]).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "18C" });
  });

  it("text that is whitespace only (a streamed '\\n\\n' block before a tool call, a blank system or user message) is not sent", async () => {
    const streamed = await messagesOf(toolTurn("msg_1", "\n\n", "toolu_1"));
    const { params } = toMessagesRequest({
      messages: [
        { id: "s", role: "system", content: "  \n" },
        { id: "u1", role: "user", content: "Weather in Paris?" },
        { id: "u0", role: "user", content: [{ type: "text", text: " " }, { type: "text", text: "Quickly." }] },
        { id: "u3", role: "user", content: [{ type: "text", text: "\t" }] },
        ...streamed,
        { id: "t1", role: "tool", toolCallId: "toolu_1", content: [{ type: "text", text: "\n" }, { type: "text", text: "18C" }] },
      ],
    });
    expect(apiViolations(params)).toEqual([]);
    expect(params).not.toHaveProperty("system");
    // A whitespace block beside real text is accepted and goes as it is; a message of whitespace only does not.
    expect(params.messages[0]?.content).toEqual([
      { type: "text", text: "Weather in Paris?" },
      { type: "text", text: " " },
      { type: "text", text: "Quickly." },
    ]);
    // The streamed "\n\n" block is the message's only text: dropped.
    expect(params.messages[1]?.content).toEqual([{ type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } }]);
    expect(params.messages[2]?.content).toEqual([{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "\n" }, { type: "text", text: "18C" }] }]);
  });

  it("an error result with no content and an empty error text still carries content", () => {
    const { params } = toMessagesRequest({
      messages: [
        { id: "u1", role: "user", content: "Go" },
        { id: "a1", role: "assistant", toolCalls: [{ id: "toolu_1", type: "function", function: { name: "f", arguments: "{}" } }] },
        { id: "t1", role: "tool", toolCallId: "toolu_1", content: "", error: "" },
      ],
    });
    expect(apiViolations(params)).toEqual([]);
    const result = blocksAt(params, 2)[0];
    expect(result).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1", is_error: true });
    expect(String(result?.content).trim()).not.toBe("");
  });

  it("a final assistant turn (prefill) loses its trailing whitespace", () => {
    const { params } = toMessagesRequest({
      messages: [
        { id: "u1", role: "user", content: "Write a haiku" },
        { id: "a1", role: "assistant", content: "Here is one:\n" },
      ],
    });
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages[1]?.content).toEqual([{ type: "text", text: "Here is one:" }]);
  });

  it("arguments that are not JSON (fine-grained tool streaming cut at max_tokens) go back wrapped as { INVALID_JSON }", async () => {
    const chunks = toolTurn("msg_1", "Writing.", "toolu_1");
    chunks.splice(5, 1, { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"lines": ["roses are' } });
    chunks.splice(7, 1, { type: "message_delta", delta: { stop_reason: "max_tokens", stop_sequence: null }, usage: { output_tokens: 12 } });
    const streamed = await messagesOf(chunks);
    const { params, warnings } = toMessagesRequest({ messages: [{ id: "u1", role: "user", content: "A poem" }, ...streamed] });
    expect(apiViolations(params)).toEqual([]);
    expect(blocksAt(params, 1)[1]).toEqual({
      type: "tool_use",
      id: "toolu_1",
      name: "get_weather",
      input: { INVALID_JSON: '{"lines": ["roses are' },
    });
    expect(warnings.map((warning) => warning.code)).toContain("request.invalid-tool-arguments");
  });

  it("every recorded stream carried back, and random mixed-provider conversations, break no rule", async () => {
    for (const file of listSharedStreams("anthropic")) {
      const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
      if (chunks.some((chunk) => typeof chunk === "string")) continue;
      const messages = await messagesOf(chunks);
      const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "hi" }, ...messages, { id: "u2", role: "user", content: "next" }] });
      expect({ file, violations: apiViolations(params) }).toEqual({ file, violations: [] });
    }
    for (const sample of fc.sample(conversation, { numRuns: 60, seed: Number(process.env.FC_SEED ?? 21) })) {
      let params;
      try {
        params = toMessagesRequest(sample.input).params;
      } catch (error) {
        expect(error).toBeInstanceOf(EmptyRequestError);
        continue;
      }
      expect(apiViolations(params)).toEqual([]);
    }
  });
});
