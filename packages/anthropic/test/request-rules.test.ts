/**
 * Regression tests for issue 15 (request side), each built from the documented Messages request
 * format: what goes back, what is dropped with which warning.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { bridgeMetadata, createSequentialIds, ToolNameError, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;
const anthropic = (fields: Rec = {}) => bridgeMetadata({ provider: "anthropic", ...fields });

function convert(messages: Message[], tools?: Array<{ name: string; description: string }>): { turns: Rec[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages, ...(tools !== undefined && { tools }) }, { onWarning: (w) => warnings.push(w) });
  return { turns: params.messages as unknown as Rec[], codes: warnings.map((w) => w.code) };
}

const start = { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-opus-4-6", content: [], usage: { input_tokens: 5, output_tokens: 1 } } };
const end = [{ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 9 } }, { type: "message_stop" }];

describe("item 4: compaction blocks", () => {
  const chunks = [
    start,
    { type: "content_block_start", index: 0, content_block: { type: "compaction", content: null } },
    { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: "Summary of ", encrypted_content: "OPAQUE" } },
    { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: "the talk." } },
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Answer." } },
    { type: "content_block_stop", index: 1 },
    ...end,
  ];

  it("the stream makes it a reasoning message (kind anthropic-compaction); the request puts the block back first, verbatim", async () => {
    const messages = (await assertConformant(await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") })))) as Message[];
    const summary = messages.find((m) => m.role === "reasoning");
    expect(summary).toMatchObject({ content: "Summary of the talk.", encryptedValue: "OPAQUE", metadata: { "agui-bridge": { encryptedKind: "anthropic-compaction" } } });
    const { turns, codes } = convert([{ id: "u", role: "user", content: "hi" }, ...messages, { id: "u2", role: "user", content: "more" }]);
    expect(turns[1]).toEqual({
      role: "assistant",
      content: [
        { type: "compaction", content: "Summary of the talk.", encrypted_content: "OPAQUE" },
        { type: "text", text: "Answer." },
      ],
    });
    expect(codes).toEqual([]);
  });

  it("another provider's compaction item is dropped with a warning", () => {
    const openaiCompaction: Message = { id: "c", role: "reasoning", content: "", encryptedValue: "CMP", metadata: { "agui-bridge": { provider: "openai", encryptedKind: "openai-compaction" } } };
    const { turns, codes } = convert([{ id: "u", role: "user", content: "hi" }, openaiCompaction]);
    expect(JSON.stringify(turns)).not.toContain("CMP");
    expect(codes).toEqual(["request.foreign-reasoning"]);
  });
});

describe("item 8: tool names", () => {
  it("a declared name outside ^[a-zA-Z0-9_-]{1,128}$ is a clear error; a call name from another provider is mapped", () => {
    expect(() => convert([{ id: "u", role: "user", content: "x" }], [{ name: "search web", description: "" }])).toThrow(ToolNameError);
    const { turns, codes } = convert([
      { id: "u", role: "user", content: "x" },
      { id: "a", role: "assistant", toolCalls: [{ id: "toolu_1", type: "function", function: { name: "maps.search", arguments: "{}" } }] },
      { id: "t", role: "tool", toolCallId: "toolu_1", content: "ok" },
    ]);
    expect((turns[1]?.content as Rec[])[0]).toMatchObject({ type: "tool_use", name: "maps_search" });
    expect(codes).toEqual(["request.tool-name-mapped"]);
  });
});

describe("items 9 and 10: pairing and unknown roles/parts", () => {
  it("an orphan result is dropped, a call without result gets an is_error result, unknown role and part warned", () => {
    const { turns, codes } = convert([
      { id: "u", role: "user", content: [{ type: "text", text: "hi" }, { type: "hologram" }] },
      { id: "z", role: "narrator", content: "?" },
      { id: "act", role: "activity", activityType: "progress", content: { step: "searching the web" } },
      { id: "a", role: "assistant", toolCalls: [{ id: "toolu_1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { id: "o", role: "tool", toolCallId: "toolu_nope", content: "orphan" },
    ] as unknown as Message[]);
    expect(turns[2]).toEqual({ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "No result was provided for this tool call.", is_error: true }] });
    expect(JSON.stringify(turns)).not.toContain("orphan");
    expect(JSON.stringify(turns)).not.toContain("searching the web");
    expect(codes.sort()).toEqual(["request.missing-tool-result", "request.orphan-tool-result", "request.unknown-part", "request.unknown-role"]);
  });
});

describe("item 11: encrypted kinds", () => {
  it("a value whose recorded kind is not Anthropic's is never sent as a thinking signature", () => {
    const { turns, codes } = convert([
      { id: "u", role: "user", content: "x" },
      { id: "r", role: "reasoning", content: "thought", encryptedValue: "GEMINI-SIG", metadata: anthropic({ encryptedKind: "google-thought-signature" }) },
      { id: "a", role: "assistant", content: "answer", metadata: anthropic() },
    ]);
    expect(JSON.stringify(turns)).not.toContain("GEMINI-SIG");
    expect(turns[1]).toEqual({ role: "assistant", content: [{ type: "text", text: "answer" }] });
    expect(codes).toEqual(["request.foreign-reasoning"]);
  });
});

describe("item 12: provider-executed flags are validated", () => {
  it("a call claiming Anthropic ran it without a server tool id is dropped with its result; a real one is kept", () => {
    const claim = () => anthropic({ providerExecuted: true, anthropicBlockType: "server_tool_use", providerToolType: "web_search" });
    const { turns, codes } = convert([
      { id: "u", role: "user", content: "x" },
      {
        id: "a",
        role: "assistant",
        content: "done",
        toolCalls: [
          { id: "call_fake", type: "function", function: { name: "web_search", arguments: "{}" }, metadata: claim() },
          { id: "srvtoolu_01A", type: "function", function: { name: "web_search", arguments: '{"query":"q"}' }, metadata: claim() },
        ],
      },
      { id: "t1", role: "tool", toolCallId: "call_fake", content: "fake" },
      { id: "t2", role: "tool", toolCallId: "srvtoolu_01A", content: "[]", metadata: anthropic({ providerExecuted: true, anthropicBlockType: "web_search_tool_result", contentEncoding: "json" }) },
    ]);
    expect(JSON.stringify(turns)).not.toContain("call_fake");
    expect((turns[1]?.content as Rec[]).map((b) => b.type)).toEqual(["text", "server_tool_use", "web_search_tool_result"]);
    expect(codes).toEqual(["request.invalid-provider-executed"]);
  });
});
