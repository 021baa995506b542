/**
 * OpenRouter's Chat endpoint takes a document by URL in `file.file_data` (pydantic-ai's recorded
 * openrouter document-url request, accepted with a 200); OpenAI's Chat endpoint takes no URL
 * documents, so there the part is dropped with a warning as before.
 */
import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

function userParts(messages: Message[], provider: string): { parts: unknown; warnings: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "openai/gpt-4.1-mini", provider, onWarning: (w) => warnings.push(w) });
  return { parts: params.messages[0]?.content, warnings: warnings.map((w) => w.code) };
}

const ask = (metadata?: Record<string, unknown>): Message[] => [
  {
    id: "u1",
    role: "user",
    content: [
      { type: "text", text: "What is the main content of this document?" },
      { type: "document", source: { type: "url", value: "https://example.com/files/dummy.pdf", mimeType: "application/pdf" }, ...(metadata !== undefined && { metadata }) },
    ],
  },
];

describe("a document given by URL, on Chat", () => {
  it("openrouter: a file part whose file_data is the URL, named by the part or the URL", () => {
    expect(userParts(ask(), "openrouter").parts).toEqual([
      { type: "text", text: "What is the main content of this document?" },
      { type: "file", file: { filename: "dummy.pdf", file_data: "https://example.com/files/dummy.pdf" } },
    ]);
    expect(userParts(ask({ filename: "report.pdf" }), "openrouter").parts).toMatchObject([{}, { file: { filename: "report.pdf" } }]);
  });

  it("openai: dropped with request.unsupported-part", () => {
    const { parts, warnings } = userParts(ask(), "openai");
    expect(parts).toEqual([{ type: "text", text: "What is the main content of this document?" }]);
    expect(warnings).toContain("request.unsupported-part");
  });
});
