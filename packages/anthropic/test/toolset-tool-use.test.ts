/**
 * Toolset member calls (`browser_toolset_20260801`, `computer_toolset_20260801`): a `tool_use`
 * block names the member only (`left_click` is a member of both toolsets) and carries the family in
 * `toolset_name` (`BetaToolUseBlock.toolset_name`, "For a toolset member tool_use, the toolset
 * family"; `BetaToolUseBlockParam.toolset_name`, "the toolset family this member belongs to",
 * `@anthropic-ai/sdk` 1.15). The request side sends it back with the call, on the platform that
 * made it, and on the `tool_result` answering it (`BetaToolResultBlockParam.toolset_name`, "the
 * toolset family of the paired tool_use"; the SDK's toolset runner: "`toolset_name` is required on
 * a member result (the API rejects a mismatch)").
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

async function messagesOf(chunks: unknown[], provider?: string): Promise<Message[]> {
  const events = await collect(
    streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), ...(provider !== undefined && { provider }) }),
  );
  return (await assertConformant(events)) as Message[];
}

const stream = (toolsetName: string) => [
  { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], usage: { input_tokens: 9, output_tokens: 1 } } },
  { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_click", name: "left_click", input: {}, toolset_name: toolsetName } },
  { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"coordinate":[10,20]}' } },
  { type: "content_block_stop", index: 0 },
  { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 12 } },
  { type: "message_stop" },
];

function request(messages: Message[], provider?: string, results: Message[] = [{ id: "t", role: "tool", toolCallId: "toolu_click", content: "done" }]) {
  const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "Click it" }, ...messages, ...results] }, provider === undefined ? {} : { provider });
  expect(apiViolations(params)).toEqual([]);
  return params;
}

function toolUse(messages: Message[], provider?: string): Rec {
  return (request(messages, provider).messages[1]?.content as unknown as Rec[])[0] as Rec;
}

function toolResult(messages: Message[], provider?: string, results?: Message[]): Rec {
  return (request(messages, provider, results).messages[2]?.content as unknown as Rec[])[0] as Rec;
}

describe("toolset member calls", () => {
  it("go back with their toolset_name", async () => {
    for (const family of ["browser", "computer"]) {
      const block = toolUse(await messagesOf(stream(family)));
      expect(block).toEqual({ type: "tool_use", id: "toolu_click", name: "left_click", input: { coordinate: [10, 20] }, toolset_name: family });
    }
  });

  it("only to the platform that made them", async () => {
    const block = toolUse(await messagesOf(stream("browser"), "amazon-bedrock"));
    expect(block).not.toHaveProperty("toolset_name");
    expect(toolUse(await messagesOf(stream("browser"), "amazon-bedrock"), "amazon-bedrock")).toMatchObject({ toolset_name: "browser" });
  });

  it("their results carry the same toolset_name, error results and filled-in missing results too", async () => {
    for (const family of ["browser", "computer"]) {
      const messages = await messagesOf(stream(family));
      expect(toolResult(messages)).toEqual({ type: "tool_result", tool_use_id: "toolu_click", content: "done", toolset_name: family });
      expect(toolResult(messages, undefined, [{ id: "t", role: "tool", toolCallId: "toolu_click", content: "", error: "no such element" }])).toMatchObject({
        is_error: true,
        toolset_name: family,
      });
      expect(toolResult(messages, undefined, [{ id: "u2", role: "user", content: "never mind" }])).toMatchObject({ is_error: true, toolset_name: family });
    }
  });

  it("a result goes without toolset_name where its call does", async () => {
    const result = toolResult(await messagesOf(stream("browser"), "amazon-bedrock"));
    expect(result).not.toHaveProperty("toolset_name");
    expect(toolResult(await messagesOf(stream("browser"), "amazon-bedrock"), "amazon-bedrock")).toMatchObject({ toolset_name: "browser" });
    const plain = await messagesOf(stream("browser").map((chunk) => (chunk.type === "content_block_start" ? { ...chunk, content_block: { type: "tool_use", id: "toolu_click", name: "left_click", input: {} } } : chunk)));
    expect(toolResult(plain)).not.toHaveProperty("toolset_name");
  });
});
