import { bridgeMetadata, type BridgeWarning, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

type Rec = Record<string, unknown>;

const conversation: Message[] = [
  { id: "s", role: "system", content: "Be brief." },
  { id: "d", role: "developer", content: "Use metric units." },
  {
    id: "u1",
    role: "user",
    content: [
      { type: "text", text: "Look:" },
      { type: "image", source: { type: "data", value: "AAAA", mimeType: "image/png" } },
      { type: "image", source: { type: "url", value: "https://x.test/a.png" } },
      { type: "image", source: { type: "file", value: "file-img", provider: "openai" } },
      { type: "image", source: { type: "file", value: "files/gem-1", provider: "google" } },
      { type: "audio", source: { type: "data", value: "UklG", mimeType: "audio/wav" } },
      { type: "audio", source: { type: "data", value: "T2dn", mimeType: "audio/ogg" } },
      { type: "document", source: { type: "data", value: "JVBE", mimeType: "application/pdf" }, metadata: { filename: "a.pdf" } },
      { type: "document", source: { type: "file", value: "file-doc" } },
      { type: "document", source: { type: "url", value: "https://x.test/b.pdf" } },
      { type: "video", source: { type: "url", value: "https://x.test/v.mp4" } },
    ],
  },
  {
    id: "a1",
    role: "assistant",
    content: "Checking.",
    toolCalls: [
      { id: "call_1", type: "function", function: { name: "lookup", arguments: '{"q":1}' }, metadata: bridgeMetadata({ provider: "openai", itemType: "function_call", itemId: "fc_1" }) },
      { id: "ws_1", type: "function", function: { name: "web_search", arguments: "{}" }, metadata: bridgeMetadata({ provider: "openai", providerExecuted: true }) },
      { id: "call_shell", type: "function", function: { name: "shell", arguments: "{}" }, metadata: bridgeMetadata({ provider: "openai", itemType: "local_shell_call", providerToolType: "local_shell_call" }) },
    ],
  },
  { id: "t1", role: "tool", toolCallId: "call_1", content: [{ type: "text", text: "42" }, { type: "image", source: { type: "url", value: "https://x.test/r.png" } }] },
  { id: "t2", role: "tool", toolCallId: "ws_1", content: "{}" },
  { id: "t3", role: "tool", toolCallId: "call_shell", content: "ok" },
  { id: "r1", role: "reasoning", content: "Thought", encryptedValue: "sig-anthropic", metadata: bridgeMetadata({ provider: "anthropic", encryptedKind: "anthropic-signature" }) },
  { id: "a2", role: "assistant", content: "I can't do that.", metadata: bridgeMetadata({ provider: "openai", refusal: true }) },
];

const input: RunAgentInput = {
  threadId: "t",
  runId: "r",
  messages: conversation,
  tools: [{ name: "lookup", description: "Looks up", parameters: { type: "object", properties: { q: { type: "number" } } } }],
  context: [{ description: "User city", value: "Paris" }],
};

function codes(warnings: readonly BridgeWarning[]): string[] {
  return warnings.map((w) => w.code);
}

describe("toChatCompletionsRequest", () => {
  const seen: BridgeWarning[] = [];
  const { params, warnings } = toChatCompletionsRequest(input, { model: "gpt-4.1", params: { temperature: 0.2 }, onWarning: (w) => seen.push(w) });
  const messages = params.messages as unknown as Rec[];

  it("streams with usage, merges params, converts tools, puts context first", () => {
    expect(params).toMatchObject({ model: "gpt-4.1", temperature: 0.2, stream: true, stream_options: { include_usage: true } });
    expect(params.tools).toEqual([
      { type: "function", function: { name: "lookup", description: "Looks up", parameters: { type: "object", properties: { q: { type: "number" } } } } },
    ]);
    expect(messages[0]).toEqual({ role: "system", content: "Context for this run:\n- User city: Paris" });
    expect(messages.slice(1, 3)).toEqual([
      { role: "system", content: "Be brief." },
      { role: "developer", content: "Use metric units." },
    ]);
  });

  it("converts content parts Chat can take and drops the rest with warnings", () => {
    expect(messages[3]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Look:" },
        { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
        { type: "image_url", image_url: { url: "https://x.test/a.png" } },
        { type: "input_audio", input_audio: { data: "UklG", format: "wav" } },
        { type: "file", file: { file_data: "data:application/pdf;base64,JVBE", filename: "a.pdf" } },
        { type: "file", file: { file_id: "file-doc" } },
      ],
    });
    expect(codes(warnings)).toEqual(expect.arrayContaining(["request.foreign-file", "request.unsupported-part"]));
    expect(warnings.find((w) => w.code === "request.foreign-file")?.message).not.toContain("files/gem-1");
    expect(seen).toEqual(warnings);
  });

  it("keeps application tool calls and their results; omits provider-run and built-in calls; refusals as refusal", () => {
    expect(messages[4]).toEqual({
      role: "assistant",
      content: "Checking.",
      tool_calls: [{ id: "call_1", type: "function", function: { name: "lookup", arguments: '{"q":1}' } }],
    });
    expect(messages[5]).toEqual({ role: "tool", tool_call_id: "call_1", content: "42" });
    expect(messages[6]).toEqual({ role: "assistant", refusal: "I can't do that.", content: null });
    expect(messages).toHaveLength(7);
    expect(codes(warnings)).toEqual(
      expect.arrayContaining(["request.provider-executed-call-omitted", "request.unsupported-tool-call", "request.foreign-reasoning"]),
    );
  });
});

describe("toResponsesRequest", () => {
  const { params, warnings } = toResponsesRequest(input, {
    model: "gpt-5",
    params: { instructions: "You are helpful.", store: false, include: ["file_search_call.results"] },
  });
  const items = params.input as unknown as Rec[];

  it("streams, includes encrypted reasoning, context in instructions, tools as function tools", () => {
    expect(params).toMatchObject({ model: "gpt-5", stream: true, store: false });
    expect(params.include).toEqual(["file_search_call.results", "reasoning.encrypted_content"]);
    expect(params.instructions).toBe("You are helpful.\n\nContext for this run:\n- User city: Paris");
    expect(params.tools).toEqual([
      { type: "function", name: "lookup", description: "Looks up", parameters: { type: "object", properties: { q: { type: "number" } } }, strict: false },
    ]);
  });

  it("converts parts (file handles as file_id, document URLs as file_url) and drops audio/video/foreign files", () => {
    expect(items[2]).toEqual({
      role: "user",
      content: [
        { type: "input_text", text: "Look:" },
        { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "auto" },
        { type: "input_image", image_url: "https://x.test/a.png", detail: "auto" },
        { type: "input_image", file_id: "file-img", detail: "auto" },
        { type: "input_file", file_data: "data:application/pdf;base64,JVBE", filename: "a.pdf" },
        { type: "input_file", file_id: "file-doc" },
        { type: "input_file", file_url: "https://x.test/b.pdf" },
      ],
    });
    expect(warnings.filter((w) => w.code === "request.unsupported-part").map((w) => w.details?.partType)).toEqual(["audio", "audio", "video"]);
  });

  it("assistant text + function_call with its item id, output with parts; foreign encrypted value dropped", () => {
    expect(items.slice(3)).toEqual([
      { role: "assistant", content: "Checking." },
      { type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"q":1}', id: "fc_1" },
      {
        type: "function_call_output",
        call_id: "call_1",
        output: [
          { type: "input_text", text: "42" },
          { type: "input_image", image_url: "https://x.test/r.png", detail: "auto" },
        ],
      },
      { role: "assistant", content: "I can't do that." },
    ]);
    expect(codes(warnings)).toContain("request.foreign-reasoning");
    expect(JSON.stringify(params)).not.toContain("sig-anthropic");
    expect(JSON.stringify(params)).not.toContain("files/gem-1");
  });

  it("custom tool calls and MCP approvals are rebuilt natively", () => {
    const { params: p } = toResponsesRequest(
      {
        threadId: "t",
        runId: "r",
        messages: [
          {
            id: "a",
            role: "assistant",
            toolCalls: [
              { id: "call_c", type: "function", function: { name: "sql", arguments: "SELECT 1" }, metadata: bridgeMetadata({ provider: "openai", itemType: "custom_tool_call", itemId: "ctc_1" }) },
              { id: "mcpr_1", type: "function", function: { name: "create_short_url", arguments: '{"url":"x"}' }, metadata: bridgeMetadata({ provider: "openai", itemType: "mcp_approval_request", providerToolType: "mcp_approval_request", itemId: "mcpr_1", serverLabel: "zip1" }) },
            ],
          },
          { id: "t1", role: "tool", toolCallId: "call_c", content: "1" },
          { id: "t2", role: "tool", toolCallId: "mcpr_1", content: '{"approve":true}' },
        ],
      },
      { model: "gpt-5" },
    );
    expect(p.input).toEqual([
      { type: "custom_tool_call", call_id: "call_c", name: "sql", input: "SELECT 1", id: "ctc_1" },
      { type: "mcp_approval_request", id: "mcpr_1", name: "create_short_url", arguments: '{"url":"x"}', server_label: "zip1" },
      { type: "custom_tool_call_output", call_id: "call_c", output: "1" },
      { type: "mcp_approval_response", approval_request_id: "mcpr_1", approve: true },
    ]);
  });

  it("OpenAI reasoning without an item id, or reasoning of unknown origin, is not sent", () => {
    const { params: p, warnings: w } = toResponsesRequest(
      {
        threadId: "t",
        runId: "r",
        messages: [
          { id: "r1", role: "reasoning", content: "plain", metadata: bridgeMetadata({ provider: "openai" }) },
          { id: "r2", role: "reasoning", content: "x", encryptedValue: "enc" },
        ],
      },
      { model: "gpt-5" },
    );
    expect(p.input).toEqual([]);
    expect(codes(w)).toEqual(["request.reasoning-dropped", "request.foreign-reasoning"]);
  });
  it("a JavaScript caller that leaves the model out gets a request without one, not a TypeError", () => {
    const options = { provider: "openai" } as unknown as Parameters<typeof toResponsesRequest>[1];
    const { params: sent } = toResponsesRequest({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] }, options);
    expect(sent.model).toBeUndefined();
    expect(sent.include).toEqual(["reasoning.encrypted_content"]);
  });
});
