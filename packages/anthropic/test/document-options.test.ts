/**
 * A document part's metadata gives its `document` block the fields that describe it: `title`
 * (or `filename`), `context` and `citations: { enabled }`. Without `citations.enabled` Claude
 * cannot cite the document, so a conversation built around cited answers could not be made
 * (ruby_llm's recorded accepted request sends a text document with a title and citations on).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type ContentPart, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_TITLE_LENGTH } from "../src/request/document-options.js";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

const notes = Buffer.from("The bridge opened in 1932. It is 503 m long.").toString("base64");

function documentPart(metadata?: unknown): ContentPart {
  return { type: "document", source: { type: "data", value: notes, mimeType: "text/plain" }, ...(metadata !== undefined && { metadata }) } as ContentPart;
}

function firstBlocks(part: ContentPart): { blocks: unknown[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest(
    { messages: [{ id: "u1", role: "user", content: [{ type: "text", text: "When did it open?" }, part] }] },
    { onWarning: (warning) => warnings.push(warning) },
  );
  expect(apiViolations(params)).toEqual([]);
  return { blocks: params.messages[0]?.content as unknown[], warnings };
}

const text = { type: "text", media_type: "text/plain", data: "The bridge opened in 1932. It is 503 m long." };

describe("document part metadata", () => {
  it("sends title, context and citations the part asks for", () => {
    const { blocks, warnings } = firstBlocks(documentPart({ title: "bridge.txt", context: "Town archive, 1990", citations: true }));
    expect(blocks[1]).toEqual({ type: "document", source: text, title: "bridge.txt", context: "Town archive, 1990", citations: { enabled: true } });
    expect(warnings).toEqual([]);
  });

  it("takes the API's own citations spelling and the filename other converters read as the title", () => {
    const { blocks } = firstBlocks(documentPart({ filename: "bridge.txt", citations: { enabled: false } }));
    expect(blocks[1]).toEqual({ type: "document", source: text, title: "bridge.txt", citations: { enabled: false } });
  });

  it("reads the same keys under the agui-bridge key, for PDFs, URLs and file handles too", () => {
    const metadata = { "agui-bridge": { title: "Report", citations: true } };
    const parts: ContentPart[] = [
      { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" }, metadata },
      { type: "document", source: { type: "url", value: "https://example.com/r.pdf" }, metadata },
      { type: "document", source: { type: "file", value: "file_011Report", provider: "anthropic" }, metadata },
    ];
    const { params } = toMessagesRequest({ messages: [{ id: "u1", role: "user", content: parts }] });
    expect(params.messages[0]?.content).toEqual([
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" }, title: "Report", citations: { enabled: true } },
      { type: "document", source: { type: "url", url: "https://example.com/r.pdf" }, title: "Report", citations: { enabled: true } },
      { type: "document", source: { type: "file", file_id: "file_011Report" }, title: "Report", citations: { enabled: true } },
    ]);
  });

  it("adds nothing without metadata, and leaves out what the API would reject", () => {
    expect(firstBlocks(documentPart()).blocks[1]).toEqual({ type: "document", source: text });
    const { blocks, warnings } = firstBlocks(documentPart({ title: "x".repeat(MAX_DOCUMENT_TITLE_LENGTH + 1), context: "", citations: "yes" }));
    expect(blocks[1]).toEqual({ type: "document", source: text });
    expect(warnings.map((warning) => warning.code)).toEqual(["request.document-title-dropped"]);
    expect(firstBlocks(documentPart({ title: "" })).warnings.map((warning) => warning.code)).toEqual(["request.document-title-dropped"]);
  });

  it("applies to documents in a tool result", () => {
    const { params } = toMessagesRequest({
      messages: [
        { id: "u1", role: "user", content: "Look it up." },
        { id: "a1", role: "assistant", toolCalls: [{ id: "toolu_01Fetch", type: "function", function: { name: "fetch_notes", arguments: "{}" } }] },
        { id: "t1", role: "tool", toolCallId: "toolu_01Fetch", content: [documentPart({ title: "bridge.txt", citations: true })] },
      ],
      tools: [{ name: "fetch_notes", description: "Notes", parameters: { type: "object", properties: {} } }],
    });
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages[2]?.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_01Fetch", content: [{ type: "document", source: text, title: "bridge.txt", citations: { enabled: true } }] },
    ]);
  });

  it("keeps a cited conversation sendable: the document stays citable and the answer goes back with its citation", async () => {
    const question: Message = { id: "u1", role: "user", content: [{ type: "text", text: "When did it open?" }, documentPart({ title: "bridge.txt", citations: true })] };
    const citation = { type: "char_location", cited_text: "The bridge opened in 1932. ", document_index: 0, document_title: "bridge.txt", start_char_index: 0, end_char_index: 27 };
    const stream = [
      { type: "message_start", message: { id: "msg_cite", type: "message", role: "assistant", model: "claude-haiku-4-5", content: [], usage: { input_tokens: 40, output_tokens: 1 } } },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "", citations: [] } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "It opened in 1932." } },
      { type: "content_block_delta", index: 0, delta: { type: "citations_delta", citation } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 12 } },
      { type: "message_stop" },
    ];
    const input = { threadId: "t", runId: "r", messages: [question] };
    const events = await collect(streamMessages(fromList(stream), { input, generateId: createSequentialIds("id") }));
    const folded = (await assertConformant(events, { initialMessages: [question] })) as Message[];
    const { params } = toMessagesRequest({ messages: [...folded, { id: "u2", role: "user", content: "How long is it?" }] });
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user"]);
    expect((params.messages[0]?.content as unknown[])[1]).toEqual({ type: "document", source: text, title: "bridge.txt", citations: { enabled: true } });
    expect(params.messages[1]?.content).toEqual([{ type: "text", text: "It opened in 1932.", citations: [citation] }]);
  });
});

describe("document part media types", () => {
  const encode = (text: string) => Buffer.from(text).toString("base64");
  const documentOf = (mimeType: string, text: string): ContentPart => ({ type: "document", source: { type: "data", value: encode(text), mimeType } });

  it("sends text documents of any text type as the plain-text source the API takes (chatlas sends a CSV so)", () => {
    const parts = [
      documentOf("text/csv", "region,q3\nMidwest,264\n"),
      documentOf("text/markdown", "# Notes\n- one"),
      documentOf("application/json", '{"a":1}'),
      documentOf("application/vnd.api+json", '{"data":[]}'),
    ];
    const warnings: BridgeWarning[] = [];
    const { params } = toMessagesRequest({ messages: [{ id: "u1", role: "user", content: [{ type: "text", text: "Read these." }, ...parts] }] }, { onWarning: (warning) => warnings.push(warning) });
    expect(apiViolations(params)).toEqual([]);
    expect((params.messages[0]?.content as unknown[]).slice(1)).toEqual([
      { type: "document", source: { type: "text", media_type: "text/plain", data: "region,q3\nMidwest,264\n" } },
      { type: "document", source: { type: "text", media_type: "text/plain", data: "# Notes\n- one" } },
      { type: "document", source: { type: "text", media_type: "text/plain", data: '{"a":1}' } },
      { type: "document", source: { type: "text", media_type: "text/plain", data: '{"data":[]}' } },
    ]);
    expect(warnings).toEqual([]);
  });

  it("reads MIME types without parameters or case, decoding with the stated charset", () => {
    const latin1 = { type: "document", source: { type: "data", value: Buffer.from("café", "latin1").toString("base64"), mimeType: "Text/Plain; charset=ISO-8859-1" } } as ContentPart;
    const parts: ContentPart[] = [
      latin1,
      { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/PDF" } },
      { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/PNG" } },
    ];
    const { params } = toMessagesRequest({ messages: [{ id: "u1", role: "user", content: parts }] });
    expect(params.messages[0]?.content).toEqual([
      { type: "document", source: { type: "text", media_type: "text/plain", data: "café" } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" } },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
    ]);
  });

  it("still drops binary types it cannot send", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toMessagesRequest(
      { messages: [{ id: "u1", role: "user", content: [{ type: "text", text: "Unzip." }, documentOf("application/zip", "PK")] }] },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(params.messages[0]?.content).toEqual([{ type: "text", text: "Unzip." }]);
    expect(warnings.map((warning) => warning.code)).toEqual(["request.unsupported-media-type"]);
  });
});
