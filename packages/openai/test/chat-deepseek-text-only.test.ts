/**
 * DeepSeek's Chat API takes text content only: a user message with an `image_url`, `input_audio` or
 * `file` part is refused whole ("Failed to deserialize the JSON body into the target type:
 * messages[1]: unknown variant `image_url`, expected `text`", rikkahub/rikkahub#1433,
 * lessweb/deepcode-cli#50). Media parts are dropped with a warning there; other servers keep them.
 * A text document (Markdown, CSV, JSON, …) goes as a text part holding its decoded text
 * (`request.document-as-text`), as OpenAI's "File inputs" guide has Chat users do for any text file.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const messages: Message[] = [
  {
    id: "u1",
    role: "user",
    content: [
      { type: "text", text: "Look at these." },
      { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
      { type: "audio", source: { type: "data", value: "UklGRiQAAABXQVZF", mimeType: "audio/wav" } },
      { type: "document", source: { type: "data", value: "JVBERi0xLjQK", mimeType: "application/pdf" } },
    ],
  },
];

function convert(provider: string): { content: unknown; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "deepseek-chat", provider, onWarning: (w) => warnings.push(w) });
  return { content: params.messages[0]?.content, warnings };
}

describe("user media on DeepSeek's Chat API", () => {
  it("deepseek: only the text part is sent, each media part dropped with request.unsupported-part", () => {
    const { content, warnings } = convert("deepseek");
    expect(content).toEqual([{ type: "text", text: "Look at these." }]);
    expect(warnings.filter((w) => w.code === "request.unsupported-part").map((w) => w.details?.partType)).toEqual(["image", "audio", "document"]);
  });

  it("openai: the media parts are sent", () => {
    expect((convert("openai").content as Array<{ type: string }>).map((p) => p.type)).toEqual(["text", "image_url", "input_audio", "file"]);
  });

  it("deepseek: a text document (data or a data: URL) goes as a text part with its decoded text", () => {
    const warnings: BridgeWarning[] = [];
    const md = btoa("# Notes\n\n- one");
    const input: Message[] = [
      {
        id: "u1",
        role: "user",
        content: [
          { type: "text", text: "Summarize." },
          { type: "document", source: { type: "data", value: md, mimeType: "text/markdown" } },
          { type: "document", source: { type: "url", value: `data:text/csv;base64,${btoa("a,b")}` } },
        ],
      },
    ];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: input }, { model: "deepseek-chat", provider: "deepseek", onWarning: (w) => warnings.push(w) });
    expect(params.messages[0]?.content).toEqual([
      { type: "text", text: "Summarize." },
      { type: "text", text: "# Notes\n\n- one" },
      { type: "text", text: "a,b" },
    ]);
    expect(warnings.map((w) => [w.code, w.details?.mimeType])).toEqual([
      ["request.document-as-text", "text/markdown"],
      ["request.document-as-text", "text/csv"],
    ]);
  });
});
