/**
 * `mcp_tool_listing` blocks: the tool listing the MCP connector fetched from an MCP server while
 * producing a response (`BetaMCPToolListingBlock` of @anthropic-ai/sdk: `{ type, mcp_server_name,
 * tools: [{ name, description?, input_schema }] }`). "Send the assistant message back unchanged,
 * this block included, so later requests use this listing instead of asking the MCP server again."
 * The stream side records the block on the assistant message; the request side puts it back where
 * it was, on the platform that made it.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const tools = [
  { name: "echo", description: "Echoes its input.", input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
  { name: "ping", description: null, input_schema: { type: "object" } },
];
const listing: Rec = { type: "mcp_tool_listing", mcp_server_name: "echo-server", tools };
const mcpUse: Rec = { type: "mcp_tool_use", id: "mcptoolu_1", name: "echo", input: {}, server_name: "echo-server" };
const mcpResult: Rec = { type: "mcp_tool_result", tool_use_id: "mcptoolu_1", is_error: false, content: [{ type: "text", text: "hello" }] };

function block(index: number, start: Rec, deltas: Rec[] = []): unknown[] {
  return [
    { type: "content_block_start", index, content_block: start },
    ...deltas.map((delta) => ({ type: "content_block_delta", index, delta })),
    { type: "content_block_stop", index },
  ];
}

function message(id: string, ...blocks: unknown[][]): unknown[] {
  return [
    { type: "message_start", message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } },
    ...blocks.flat(),
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 20 } },
    { type: "message_stop" },
  ];
}

const echoed = (index: number): unknown[] => [
  ...block(index, mcpUse, [{ type: "input_json_delta", partial_json: '{"text":"hello"}' }]),
  ...block(index + 1, mcpResult),
];
const user: Message = { id: "u1", role: "user", content: "Echo hello." };

async function conversation(chunks: unknown[], warnings: BridgeWarning[] = [], provider?: string): Promise<Message[]> {
  const events = await collect(
    streamMessages(fromList(chunks), {
      threadId: "t",
      runId: "r",
      generateId: createSequentialIds("id"),
      onWarning: (warning) => warnings.push(warning),
      ...(provider !== undefined && { provider }),
    }),
  );
  await assertConformant(events);
  return applyEvents([user], events);
}

function request(messages: Message[], provider?: string): { turns: Rec[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages: [...messages, { id: "u2", role: "user", content: "Again." }] }, { ...(provider !== undefined && { provider }), onWarning: (warning) => warnings.push(warning) });
  expect(apiViolations(params)).toEqual([]);
  return { turns: params.messages as unknown as Rec[], warnings };
}

describe("mcp_tool_listing blocks", () => {
  it("are recorded on the assistant message, not dropped as unknown blocks", async () => {
    const warnings: BridgeWarning[] = [];
    const messages = await conversation(message("msg_1", block(0, listing), echoed(1), block(3, { type: "text", text: "" }, [{ type: "text_delta", text: "Echoed." }])), warnings);
    expect(warnings.map((warning) => warning.code)).toEqual([]);
    const assistant = messages.find((m) => m.role === "assistant");
    expect(readBridgeMetadata(assistant?.metadata)?.mcpToolListings).toEqual([{ index: 0, mcp_server_name: "echo-server", tools }]);
  });

  it("go back unchanged, in their place, before the MCP call and its result", async () => {
    const messages = await conversation(message("msg_2", block(0, listing), echoed(1), block(3, { type: "text", text: "" }, [{ type: "text_delta", text: "Echoed." }])));
    const { turns, warnings } = request(messages);
    expect(turns[1]).toEqual({
      role: "assistant",
      content: [listing, { ...mcpUse, input: { text: "hello" } }, mcpResult, { type: "text", text: "Echoed." }],
    });
    expect(warnings).toEqual([]);
  });

  it("a message without text still carries its listing (on an empty text message)", async () => {
    const messages = await conversation(message("msg_3", block(0, listing), echoed(1)));
    expect(messages.find((m) => m.role === "assistant")).toMatchObject({ id: "msg_3", content: "" });
    expect((request(messages).turns[1]?.content as Rec[]).map((entry) => entry.type)).toEqual(["mcp_tool_listing", "mcp_tool_use", "mcp_tool_result"]);
  });

  it("a listing made on the Claude API is not sent to Bedrock (warning, reason platform)", async () => {
    const messages = await conversation(message("msg_4", block(0, listing), block(1, { type: "text", text: "" }, [{ type: "text_delta", text: "Hi." }])));
    const { turns, warnings } = request(messages, "amazon-bedrock");
    expect(turns[1]).toEqual({ role: "assistant", content: [{ type: "text", text: "Hi." }] });
    expect(warnings.map((warning) => [warning.code, warning.details])).toEqual([["request.mcp-tool-listing-not-sent", { messageId: "msg_4", reason: "platform" }]]);
  });

  it("a malformed listing is dropped with a warning, never recorded in part", async () => {
    for (const bad of [
      { ...listing, tools: [...tools, { name: "broken" }] },
      { ...listing, tools: [{ ...tools[0], name: "" }] },
      { ...listing, mcp_server_name: 7 },
      { ...listing, tools: "echo" },
    ]) {
      const warnings: BridgeWarning[] = [];
      const messages = await conversation(message("msg_5", block(0, bad), block(1, { type: "text", text: "" }, [{ type: "text_delta", text: "Hi." }])), warnings);
      expect(warnings.map((warning) => warning.code)).toEqual(["stream.invalid-mcp-tool-listing"]);
      expect(readBridgeMetadata(messages.find((m) => m.role === "assistant")?.metadata)).not.toHaveProperty("mcpToolListings");
    }
  });

  it("recorded listings are narrowed on the request side too", () => {
    const meta = (mcpToolListings: unknown[]) => ({ "agui-bridge": { provider: "anthropic", textBlocks: [{ index: 1, start: 0, end: 2 }], mcpToolListings } });
    const { params } = toMessagesRequest({
      messages: [
        user,
        {
          id: "a1",
          role: "assistant",
          content: "Hi",
          metadata: meta([{ index: 0, mcp_server_name: "s", tools: [{ name: "t", input_schema: { type: "object" }, extra: 1 }] }, { index: -1, mcp_server_name: "s", tools: [] }, "junk"]),
        },
      ],
    });
    expect(params.messages[1]).toEqual({ role: "assistant", content: [{ type: "mcp_tool_listing", mcp_server_name: "s", tools: [{ name: "t", input_schema: { type: "object" } }] }, { type: "text", text: "Hi" }] });
  });

  it("a turn left with nothing but its listing (its unanswered MCP call dropped) is removed", () => {
    const claude = (fields: Rec) => ({ "agui-bridge": { provider: "anthropic", ...fields } });
    const warnings: BridgeWarning[] = [];
    const { params } = toMessagesRequest(
      {
        messages: [
          user,
          {
            id: "a1",
            role: "assistant",
            content: "",
            toolCalls: [{ id: "mcptoolu_9", type: "function", function: { name: "echo", arguments: "{}" }, metadata: claude({ providerExecuted: true, providerToolType: "echo", anthropicBlockType: "mcp_tool_use", serverName: "echo-server", blockIndex: 1 }) }],
            metadata: claude({ mcpToolListings: [{ index: 0, mcp_server_name: "echo-server", tools }] }),
          },
          { id: "u2", role: "user", content: "Hello?" },
        ],
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(params.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Echo hello." }, { type: "text", text: "Hello?" }] }]);
    expect(warnings.map((warning) => warning.code)).toEqual(["request.unanswered-provider-tool"]);
  });
});
