/**
 * A document's MIME type is read without its parameters or case on Chat too (as the Anthropic
 * converter and the Responses file rule read it): Chat dropped a PDF declared `Application/PDF` or
 * `application/pdf; name=report.pdf` as unsupported.
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";

const pdf = (mimeType: string): Message[] => [
  { id: "u", role: "user", content: [{ type: "text", text: "Summarise" }, { type: "document", source: { type: "data", value: "JVBERi0=", mimeType } }] },
];

describe("document MIME types with parameters or another case", () => {
  it.each(["Application/PDF", "application/pdf; name=report.pdf"])("Chat sends %s as a PDF file_data", (mimeType) => {
    const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: pdf(mimeType) }, { model: "gpt-5" });
    expect((params.messages[0]?.content as unknown[])[1]).toEqual({ type: "file", file: { file_data: "data:application/pdf;base64,JVBERi0=", filename: "document.pdf" } });
    expect(warnings).toEqual([]);
  });
});
