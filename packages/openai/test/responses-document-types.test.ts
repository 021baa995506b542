/**
 * Documents given as data go to the Responses API as `input_file` `file_data` for every type its
 * "File inputs" guide lists (PDF, text and code, Word / RTF / ODT, PowerPoint, CSV / TSV / Excel),
 * with the part's filename or a default one naming the type; Chat Completions still takes PDF only.
 * A type the API does not read is dropped with `request.unsupported-part`. Other platforms speaking
 * the Responses API keep the PDF-only rule, and xAI, which takes files by URL or id only, gets no
 * inline file. A text document (core's `isTextMediaType`) a target takes no file of goes as a text
 * part holding its decoded text, with `request.document-as-text` (the guide: "To use text from a
 * file in Chat Completions, read the file in your application and send its contents as a text
 * content part").
 */
import type { BridgeWarning, ContentPart, Message, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function doc(mimeType: string, value: string, filename?: string): ContentPart {
  return { type: "document", source: { type: "data", mimeType, value }, ...(filename !== undefined && { metadata: { filename } }) } as ContentPart;
}

function input(parts: ContentPart[]): RunAgentInput {
  return { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: [{ type: "text", text: "Which city?" }, ...parts] } as Message] };
}

function responsesParts(parts: ContentPart[], provider?: string): { content: unknown[]; warnings: BridgeWarning[] } {
  const { params, warnings } = toResponsesRequest(input(parts), { model: "gpt-5.4", ...(provider !== undefined && { provider }) });
  const [message] = params.input as unknown as Array<{ content: unknown[] }>;
  return { content: message?.content ?? [], warnings };
}

describe("Responses request: non-PDF documents as file_data", () => {
  it("a Word document goes as input_file with its data URL and the filename the part named", () => {
    const { content, warnings } = responsesParts([doc(DOCX, "UEsDBA==", "offsite_memo.docx")]);
    expect(content).toEqual([
      { type: "input_text", text: "Which city?" },
      { type: "input_file", file_data: `data:${DOCX};base64,UEsDBA==`, filename: "offsite_memo.docx" },
    ]);
    expect(warnings).toEqual([]);
  });

  it.each([
    [XLSX, "document.xlsx"],
    ["text/csv", "document.csv"],
    ["text/markdown", "document.md"],
    ["application/json", "document.json"],
    ["text/x-python", "document.txt"],
    ["text/plain; charset=utf-8", "document.txt"],
    ["application/pdf", "document.pdf"],
  ])("%s without a filename goes as %s", (mimeType, filename) => {
    const { content, warnings } = responsesParts([doc(mimeType, "AAAA")]);
    expect(content[1]).toEqual({ type: "input_file", file_data: `data:${mimeType};base64,AAAA`, filename });
    expect(warnings).toEqual([]);
  });

  it("a type the API does not read is dropped with a warning", () => {
    const { content, warnings } = responsesParts([doc("application/zip", "UEsDBA==", "a.zip")]);
    expect(content).toEqual([{ type: "input_text", text: "Which city?" }]);
    expect(warnings.map((w) => [w.code, w.details?.mimeType])).toEqual([["request.unsupported-part", "application/zip"]]);
  });

  it("Chat Completions still takes PDF data only", () => {
    const { params, warnings } = toChatCompletionsRequest(input([doc(DOCX, "UEsDBA==", "memo.docx"), doc("application/pdf", "JVBE")]), { model: "gpt-5.4" });
    const [message] = params.messages as unknown as Array<{ content: unknown[] }>;
    expect(message?.content).toEqual([
      { type: "text", text: "Which city?" },
      { type: "file", file: { file_data: "data:application/pdf;base64,JVBE", filename: "document.pdf" } },
    ]);
    expect(warnings.map((w) => [w.code, w.details?.mimeType])).toEqual([["request.unsupported-part", DOCX]]);
  });

  it("another Responses platform (azure-openai) keeps the PDF-only rule", () => {
    const { content, warnings } = responsesParts([doc(DOCX, "UEsDBA==", "memo.docx"), doc("application/pdf", "JVBE", "a.pdf")], "azure-openai");
    expect(content.slice(1)).toEqual([{ type: "input_file", file_data: "data:application/pdf;base64,JVBE", filename: "a.pdf" }]);
    expect(warnings.map((w) => [w.code, w.details?.mimeType])).toEqual([["request.unsupported-part", DOCX]]);
  });

  it("xAI takes no inline file (PDF included); a document URL still goes as file_url", () => {
    const url = { type: "document", source: { type: "url", value: "https://x.test/report.pdf" } } as ContentPart;
    const { content, warnings } = responsesParts([doc("application/pdf", "JVBE"), doc("application/zip", "UEsDBA=="), url], "xai");
    expect(content.slice(1)).toEqual([{ type: "input_file", file_url: "https://x.test/report.pdf" }]);
    expect(warnings.map((w) => [w.code, w.details?.mimeType])).toEqual([
      ["request.unsupported-part", "application/pdf"],
      ["request.unsupported-part", "application/zip"],
    ]);
  });
});

const base64 = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

function chatParts(parts: ContentPart[], provider?: string): { content: unknown[]; warnings: BridgeWarning[] } {
  const { params, warnings } = toChatCompletionsRequest(input(parts), { model: "gpt-5.4", ...(provider !== undefined && { provider }) });
  const [message] = params.messages as unknown as Array<{ content: unknown[] }>;
  return { content: message?.content ?? [], warnings };
}

const asText = (warnings: readonly BridgeWarning[]) => warnings.map((w) => [w.code, w.details?.mimeType]);

describe("text documents a target takes no file of: their decoded text as a text part", () => {
  it.each([
    ["text/plain", "plain ünïcode"],
    ["text/markdown", "# Title\n\n- item"],
    ["text/csv; charset=utf-8", "city,pop\nParis,2.1"],
    ["application/json", '{"a":1}'],
    ["application/xml", "<a>1</a>"],
  ])("Chat Completions: %s → a text part", (mimeType, text) => {
    const { content, warnings } = chatParts([doc(mimeType, base64(text), "notes")]);
    expect(content).toEqual([
      { type: "text", text: "Which city?" },
      { type: "text", text },
    ]);
    expect(asText(warnings)).toEqual([["request.document-as-text", mimeType]]);
  });

  it("Chat Completions: the charset the type states decodes the text; a data: URL source too", () => {
    const latin1 = btoa(String.fromCharCode(0x63, 0x61, 0x66, 0xe9));
    const url = { type: "document", source: { type: "url", value: `data:text/plain;base64,${base64("from a data URL")}` } } as ContentPart;
    const { content } = chatParts([doc("text/csv; charset=iso-8859-1", latin1), url]);
    expect(content.slice(1)).toEqual([
      { type: "text", text: "café" },
      { type: "text", text: "from a data URL" },
    ]);
  });

  it("Chat Completions: a binary document that is neither PDF nor text is still dropped", () => {
    const { content, warnings } = chatParts([doc("application/zip", "UEsDBA==")]);
    expect(content).toEqual([{ type: "text", text: "Which city?" }]);
    expect(asText(warnings)).toEqual([["request.unsupported-part", "application/zip"]]);
  });

  it("Responses (OpenAI): a text type input_file does not list (YAML, TOML) → input_text; listed ones stay files", () => {
    const { content, warnings } = responsesParts([doc("application/yaml", base64("a: 1")), doc("application/toml", base64("a = 1")), doc("text/markdown", base64("# T"))]);
    expect(content.slice(1)).toEqual([
      { type: "input_text", text: "a: 1" },
      { type: "input_text", text: "a = 1" },
      { type: "input_file", file_data: `data:text/markdown;base64,${base64("# T")}`, filename: "document.md" },
    ]);
    expect(asText(warnings)).toEqual([
      ["request.document-as-text", "application/yaml"],
      ["request.document-as-text", "application/toml"],
    ]);
  });

  it.each(["azure-openai", "xai"])("Responses to %s (no inline text files): text documents → input_text, PDF as before", (provider) => {
    const { content, warnings } = responsesParts([doc("text/plain", base64("hello")), doc("application/json", base64("[1]"))], provider);
    expect(content.slice(1)).toEqual([
      { type: "input_text", text: "hello" },
      { type: "input_text", text: "[1]" },
    ]);
    expect(asText(warnings)).toEqual([
      ["request.document-as-text", "text/plain"],
      ["request.document-as-text", "application/json"],
    ]);
  });

  it("a Chat tool result (text only): a text document's decoded text is joined with the text parts; a PDF is still dropped", () => {
    const call = { id: "a", role: "assistant", toolCalls: [{ id: "call_1", type: "function", function: { name: "read", arguments: "{}" } }] } as Message;
    const result = { id: "tr", role: "tool", toolCallId: "call_1", content: [{ type: "text", text: "Found:" }, doc("text/markdown", base64("# Notes")), doc("application/pdf", "JVBE")] } as unknown as Message;
    const { params, warnings } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "read it" }, call, result] }, { model: "gpt-5.4" });
    const tool = params.messages.find((m) => m.role === "tool") as { content?: unknown } | undefined;
    expect(tool?.content).toBe("Found:\n# Notes");
    expect(warnings.map((w) => [w.code, w.details?.mimeType ?? w.details?.partType])).toEqual([
      ["request.document-as-text", "text/markdown"],
      ["request.unsupported-part", "document"],
    ]);
  });
});

