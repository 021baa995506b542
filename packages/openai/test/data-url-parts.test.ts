/**
 * A document part whose URL source is a base64 `data:` URL goes as the file data it holds: Chat
 * takes no document URL (it was dropped), and the Responses `input_file.file_url` is fetched, so
 * a data URL there was refused (core's `withDataUrlAsData`). Images were already sent as the
 * data URL itself, which both APIs read.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const messages: Message[] = [
  {
    id: "u",
    role: "user",
    content: [
      { type: "text", text: "Summarise" },
      { type: "document", source: { type: "url", value: "data:application/pdf;base64,JVBERi0=" }, metadata: { filename: "report.pdf" } },
      { type: "image", source: { type: "url", value: "data:image/png;base64,iVBORw0KGgo=" } },
    ],
  },
];

describe("data URLs in URL sources", () => {
  it("Chat: a PDF goes as file_data", () => {
    const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5" });
    expect(params.messages[0]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Summarise" },
        { type: "file", file: { file_data: "data:application/pdf;base64,JVBERi0=", filename: "report.pdf" } },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
      ],
    });
    expect(warnings).toEqual([]);
  });

  it("Responses: a PDF goes as file_data, not file_url", () => {
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5" });
    const content = (params.input as unknown as Array<{ content: Array<Record<string, unknown>> }>)[0]?.content;
    expect(content?.[1]).toEqual({ type: "input_file", file_data: "data:application/pdf;base64,JVBERi0=", filename: "report.pdf" });
    expect(content?.[2]).toMatchObject({ type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" });
  });
});

describe("data URLs in data sources", () => {
  const wrapped: Message[] = [
    { id: "u", role: "user", content: [{ type: "text", text: "Look" }, { type: "image", source: { type: "data", value: "data:image/png;base64,iVBORw0KGgo=", mimeType: "image/png" } }] },
  ];
  it("Chat and Responses send the payload once, not a data URL inside a data URL", () => {
    const chat = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: wrapped }, { model: "gpt-5" });
    expect(JSON.stringify(chat.params.messages)).toContain('"url":"data:image/png;base64,iVBORw0KGgo="');
    const responses = toResponsesRequest({ threadId: "t", runId: "r", messages: wrapped }, { model: "gpt-5" });
    expect(JSON.stringify(responses.params.input)).toContain('"image_url":"data:image/png;base64,iVBORw0KGgo="');
  });
});

describe("an image's declared type in its data URL", () => {
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  const withType = (mimeType: string): Message[] => [
    { id: "u", role: "user", content: [{ type: "image", source: { type: "data", value: png, mimeType } }] },
  ];
  const chatUrl = (mimeType: string, provider?: string): unknown =>
    (toChatCompletionsRequest({ threadId: "t", runId: "r", messages: withType(mimeType) }, { model: "gpt-5", ...(provider !== undefined && { provider }) }).params.messages[0] as { content: Array<{ image_url?: { url: string } }> }).content[0]?.image_url?.url;

  it("goes as a bare lowercase type, whatever its case or parameters (OpenAI and other servers)", () => {
    for (const provider of [undefined, "openrouter", "my-server"]) {
      expect(chatUrl("IMAGE/PNG", provider)).toBe(`data:image/png;base64,${png}`);
      expect(chatUrl("image/png; charset=binary", provider)).toBe(`data:image/png;base64,${png}`);
    }
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: withType("Image/PNG") }, { model: "gpt-5" });
    const content = (params.input as unknown as Array<{ content: Array<Record<string, unknown>> }>)[0]?.content;
    expect(content?.[0]).toMatchObject({ type: "input_image", image_url: `data:image/png;base64,${png}` });
  });
});
