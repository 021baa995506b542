/**
 * A document block's `url` source is `URLPDFSource` (the Messages API's document sources: base64
 * PDF, plain text, content, url PDF, file): a document given by a URL stated to be another type
 * (text, CSV, Word) is dropped with request.unsupported-media-type instead of sent as a PDF URL; a
 * PDF URL, or one whose type is not stated, is sent as before.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toMessagesRequest } from "../src/index.js";

function convert(mimeType: string | undefined): { content: unknown; warnings: string[] } {
  const messages: Message[] = [
    {
      id: "u1",
      role: "user",
      content: [
        { type: "text", text: "Summarise it." },
        { type: "document", source: { type: "url", value: "https://files.example/report", ...(mimeType !== undefined && { mimeType }) } },
      ],
    },
  ];
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { model: "claude-sonnet-4-6", maxTokens: 64, onWarning: (w) => warnings.push(w) });
  return { content: params.messages[0]?.content, warnings: warnings.map((w) => w.code) };
}

describe("a document given by URL", () => {
  it.each(["text/plain", "text/csv", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"])("stated %s: dropped with a warning", (mimeType) => {
    const { content, warnings } = convert(mimeType);
    expect(content).toEqual([{ type: "text", text: "Summarise it." }]);
    expect(warnings).toEqual(["request.unsupported-media-type"]);
  });

  it.each(["application/pdf", "Application/PDF; name=a.pdf", undefined])("stated %s: sent as a url source", (mimeType) => {
    const { content, warnings } = convert(mimeType);
    expect(content).toEqual([{ type: "text", text: "Summarise it." }, { type: "document", source: { type: "url", url: "https://files.example/report" } }]);
    expect(warnings).toEqual([]);
  });
});
