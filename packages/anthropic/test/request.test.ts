import { bridgeMetadata, type Message, type Tool } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

const anthropic = (fields: Record<string, unknown> = {}) => bridgeMetadata({ provider: "anthropic", ...fields });

describe("toMessagesRequest", () => {
  it("system and developer messages and the context go to top-level system", () => {
    const { params, warnings } = toMessagesRequest(
      {
        messages: [
          { id: "s", role: "system", content: "Be brief." },
          { id: "d", role: "developer", content: "Answer in French." },
          { id: "u", role: "user", content: "Hi" },
        ],
        context: [{ description: "user timezone", value: "Europe/Paris" }],
      },
      { model: "claude-sonnet-4-5", maxTokens: 512 },
    );
    expect(warnings).toEqual([]);
    expect(params.system).toEqual([
      { type: "text", text: "Be brief." },
      { type: "text", text: "Answer in French." },
      { type: "text", text: "Context for this run:\n- user timezone: Europe/Paris" },
    ]);
    expect(params.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hi" }] }]);
    expect(params.model).toBe("claude-sonnet-4-5");
    expect(params.max_tokens).toBe(512);
  });

  it("omits model and max_tokens unless given", () => {
    const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "Hi" }] });
    expect(params).not.toHaveProperty("model");
    expect(params).not.toHaveProperty("max_tokens");
    expect(params).not.toHaveProperty("system");
  });

  it("maps user parts; drops audio, video, foreign handles and unsupported media with warnings", () => {
    const seen: string[] = [];
    const { params, warnings } = toMessagesRequest(
      {
        messages: [
          {
            id: "u",
            role: "user",
            content: [
              { type: "text", text: "Look:" },
              { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" } },
              { type: "image", source: { type: "url", value: "https://example.com/a.jpg" } },
              { type: "image", source: { type: "file", value: "file_img", provider: "anthropic" } },
              { type: "image", source: { type: "file", value: "file-openai", provider: "openai" } },
              { type: "image", source: { type: "data", value: "AAAA", mimeType: "image/tiff" } },
              { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" } },
              { type: "document", source: { type: "data", value: Buffer.from("héllo").toString("base64"), mimeType: "text/plain" } },
              { type: "document", source: { type: "url", value: "https://example.com/a.pdf" } },
              { type: "document", source: { type: "file", value: "file_doc" } },
              { type: "audio", source: { type: "data", value: "AAAA", mimeType: "audio/wav" } },
              { type: "video", source: { type: "url", value: "https://example.com/v.mp4" } },
            ],
          },
        ],
      },
      { onWarning: (warning) => seen.push(warning.code) },
    );
    expect(params.messages[0]?.content).toEqual([
      { type: "text", text: "Look:" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "image", source: { type: "url", url: "https://example.com/a.jpg" } },
      { type: "image", source: { type: "file", file_id: "file_img" } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" } },
      { type: "document", source: { type: "text", media_type: "text/plain", data: "héllo" } },
      { type: "document", source: { type: "url", url: "https://example.com/a.pdf" } },
      { type: "document", source: { type: "file", file_id: "file_doc" } },
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual([
      "request.foreign-file",
      "request.unsupported-media-type",
      "request.unsupported-part",
      "request.unsupported-part",
    ]);
    expect(seen).toEqual(warnings.map((warning) => warning.code));
  });

  it("tool calls become tool_use; results merge into the following user turn with is_error", () => {
    const { params } = toMessagesRequest({
      messages: [
        { id: "u1", role: "user", content: "Weather in Paris and Rome?" },
        {
          id: "a1",
          role: "assistant",
          content: "Checking.",
          toolCalls: [
            { id: "toolu_1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
            { id: "toolu_2", type: "function", function: { name: "weather", arguments: "" } },
          ],
        },
        { id: "t1", role: "tool", toolCallId: "toolu_1", content: "18°C" },
        { id: "t2", role: "tool", toolCallId: "toolu_2", content: "", error: "city missing" },
        { id: "u2", role: "user", content: "Thanks" },
      ],
    });
    expect(params.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome?" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Checking." },
          { type: "tool_use", id: "toolu_1", name: "weather", input: { city: "Paris" } },
          { type: "tool_use", id: "toolu_2", name: "weather", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "18°C" },
          { type: "tool_result", tool_use_id: "toolu_2", content: "city missing", is_error: true },
          { type: "text", text: "Thanks" },
        ],
      },
    ]);
  });

  it("tool results with parts keep text and images", () => {
    const { params } = toMessagesRequest({
      messages: [
        { id: "u", role: "user", content: "Q" },
        { id: "a", role: "assistant", toolCalls: [{ id: "toolu_1", type: "function", function: { name: "shot", arguments: "{}" } }] },
        {
          id: "t",
          role: "tool",
          toolCallId: "toolu_1",
          content: [
            { type: "text", text: "here" },
            { type: "image", source: { type: "url", value: "https://example.com/s.png" } },
          ],
        },
      ],
    });
    expect(params.messages[2]).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: [
            { type: "text", text: "here" },
            { type: "image", source: { type: "url", url: "https://example.com/s.png" } },
          ],
        },
      ],
    });
  });

  it("Anthropic reasoning goes before the turn's text; foreign and unsigned reasoning is dropped, never faked", () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "Q" },
      { id: "r0", role: "reasoning", content: "openai thoughts", encryptedValue: "gAAAA-openai", metadata: bridgeMetadata({ provider: "openai" }) },
      { id: "r1", role: "reasoning", content: "mine", encryptedValue: "sig-1", metadata: anthropic({ encryptedKind: "anthropic-signature" }) },
      { id: "r2", role: "reasoning", content: "", encryptedValue: "opaque", metadata: anthropic({ encryptedKind: "anthropic-redacted-thinking" }) },
      { id: "r3", role: "reasoning", content: "no signature", metadata: anthropic({ encryptedKind: "anthropic-signature" }) },
      { id: "r4", role: "reasoning", content: "unknown origin", encryptedValue: "x" },
      { id: "a", role: "assistant", content: "Answer" },
    ];
    const { params, warnings } = toMessagesRequest({ messages });
    expect(params.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "mine", signature: "sig-1" },
        { type: "redacted_thinking", data: "opaque" },
        { type: "text", text: "Answer" },
      ],
    });
    expect(warnings.map((warning) => [warning.code, warning.details?.messageId])).toEqual([
      ["request.foreign-reasoning", "r0"],
      ["request.foreign-reasoning", "r4"],
      ["request.unsigned-reasoning", "r3"],
    ]);
    expect(JSON.stringify(params)).not.toContain("gAAAA-openai");
  });

  it("reasoning linked to its Anthropic message is placed in that turn, in block order", () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "Q" },
      {
        id: "msg_1",
        role: "assistant",
        content: "AB",
        metadata: anthropic({ textBlocks: [{ index: 1, start: 0, end: 1 }, { index: 3, start: 1, end: 2 }] }),
        toolCalls: [{ id: "toolu_1", type: "function", function: { name: "f", arguments: "{}" }, metadata: anthropic({ blockIndex: 4 }) }],
      },
      { id: "r1", role: "reasoning", content: "t0", encryptedValue: "s0", metadata: anthropic({ encryptedKind: "anthropic-signature", anthropicMessageId: "msg_1", blockIndex: 0 }) },
      { id: "r2", role: "reasoning", content: "t2", encryptedValue: "s2", metadata: anthropic({ encryptedKind: "anthropic-signature", anthropicMessageId: "msg_1", blockIndex: 2 }) },
    ];
    const { params } = toMessagesRequest({ messages });
    expect(params.messages[1]?.content).toEqual([
      { type: "thinking", thinking: "t0", signature: "s0" },
      { type: "text", text: "A" },
      { type: "thinking", thinking: "t2", signature: "s2" },
      { type: "text", text: "B" },
      { type: "tool_use", id: "toolu_1", name: "f", input: {} },
    ]);
  });

  it("text edited after streaming falls back to one block; unparseable arguments are sent wrapped as { INVALID_JSON } with a warning", () => {
    const { params, warnings } = toMessagesRequest({
      messages: [
        { id: "u", role: "user", content: "Q" },
        {
          id: "msg_1",
          role: "assistant",
          content: "edited text",
          metadata: anthropic({ textBlocks: [{ index: 0, start: 0, end: 3 }] }),
          toolCalls: [{ id: "toolu_1", type: "function", function: { name: "f", arguments: '{"a": "unfin' } }],
        },
      ],
    });
    expect(params.messages[1]?.content).toEqual([
      { type: "text", text: "edited text" },
      { type: "tool_use", id: "toolu_1", name: "f", input: { INVALID_JSON: '{"a": "unfin' } },
    ]);
    // The call has no result: an error result follows it (every tool_use needs one).
    expect(warnings.map((warning) => warning.code)).toEqual(["request.missing-tool-result", "request.invalid-tool-arguments"]);
  });

  it("provider-executed calls of another provider are dropped; Anthropic's are rebuilt with their results", () => {
    const { params, warnings } = toMessagesRequest({
      messages: [
        { id: "u", role: "user", content: "Q" },
        {
          id: "msg_1",
          role: "assistant",
          toolCalls: [
            { id: "ws_1", type: "function", function: { name: "web_search", arguments: "{}" }, metadata: bridgeMetadata({ provider: "openai", providerExecuted: true }) },
            {
              id: "srvtoolu_1",
              type: "function",
              function: { name: "web_search", arguments: '{"query":"x"}' },
              metadata: anthropic({ providerExecuted: true, anthropicBlockType: "server_tool_use", blockIndex: 0 }),
            },
          ],
        },
        {
          id: "t1",
          role: "tool",
          toolCallId: "srvtoolu_1",
          content: '[{"type":"web_search_result","url":"https://a"}]',
          metadata: anthropic({ providerExecuted: true, anthropicBlockType: "web_search_tool_result", anthropicMessageId: "msg_1", blockIndex: 1, contentEncoding: "json" }),
        },
      ],
    });
    expect(params.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Q" }] },
      {
        role: "assistant",
        content: [
          { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "x" } },
          { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: [{ type: "web_search_result", url: "https://a" }] },
        ],
      },
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(["request.foreign-provider-tool"]);
  });

  it("tools become input_schema", () => {
    const tools: Tool[] = [
      { name: "weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
      { name: "ping", description: "" },
    ];
    const { params } = toMessagesRequest({ messages: [{ id: "u", role: "user", content: "Hi" }], tools });
    expect(params.tools).toEqual([
      {
        name: "weather",
        description: "Weather for a city",
        input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      { name: "ping", input_schema: { type: "object" } },
    ]);
  });
});
