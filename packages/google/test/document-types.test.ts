/**
 * Gemini reads PDF documents, and other documents only as text ("Document understanding"); a
 * document of another stated type is refused with the whole request (400 "Unsupported MIME type:
 * application/vnd.openxmlformats-officedocument.wordprocessingml.document", googleapis/python-genai#829).
 * Such a part is dropped with request.unsupported-media-type, whatever its source; PDF and text
 * documents, and a file whose type is not stated, are sent as before.
 */
import type { BridgeWarning, PartSource } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function userParts(source: PartSource): { parts: unknown; warnings: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toGenerateContentRequest(
    { messages: [{ id: "u1", role: "user", content: [{ type: "text", text: "Read it." }, { type: "document", source }] }] },
    { onWarning: (w) => warnings.push(w) },
  );
  return { parts: params.contents[0]?.parts, warnings: warnings.map((w) => w.code) };
}

describe("document types Gemini reads", () => {
  it.each<PartSource>([
    { type: "data", value: "UEsDBA==", mimeType: DOCX },
    { type: "data", value: "eyJhIjoxfQ==", mimeType: "application/json" },
    { type: "url", value: "https://files.example/a.docx", mimeType: DOCX },
    { type: "file", value: "https://generativelanguage.googleapis.com/v1beta/files/abc", mimeType: DOCX },
  ])("a %j document is dropped with a warning", (source) => {
    const { parts, warnings } = userParts(source);
    expect(parts).toEqual([{ text: "Read it." }]);
    expect(warnings).toEqual(["request.unsupported-media-type"]);
  });

  it.each<PartSource>([
    { type: "data", value: "JVBERi0xLjQK", mimeType: "application/pdf" },
    { type: "data", value: "aGVsbG8=", mimeType: "text/csv" },
    { type: "file", value: "https://generativelanguage.googleapis.com/v1beta/files/abc" },
  ])("a %j document is sent", (source) => {
    const { parts, warnings } = userParts(source);
    expect((parts as unknown[]).length).toBe(2);
    expect(warnings).toEqual([]);
  });
});
