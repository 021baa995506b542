/**
 * `input_file.detail` (openai-node 7.60 `ResponseInputFile.detail`; OpenAI's "File inputs" guide:
 * for a PDF, `auto` / `low` / `high` set how its page images are rendered, `auto` when omitted;
 * Chat Completions file parts take none). A document part asks for it with metadata `detail`, as
 * an image part does.
 */
import type { ContentPart, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

type Rec = Record<string, unknown>;

const documents = (metadata?: Record<string, unknown>): ContentPart[] =>
  [
    { type: "document", source: { type: "data", value: "JVBERi0xLjQK", mimeType: "application/pdf" } },
    { type: "document", source: { type: "file", value: "file-abc", provider: "openai" } },
    { type: "document", source: { type: "url", value: "https://example.com/report.pdf", mimeType: "application/pdf" } },
  ].map((part) => ({ ...part, ...(metadata !== undefined && { metadata }) }) as ContentPart);

function responsesFiles(metadata?: Record<string, unknown>): Rec[] {
  const messages: Message[] = [{ id: "u1", role: "user", content: [{ type: "text", text: "Summarize." }, ...documents(metadata)] }];
  const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5.6" });
  const content = ((params.input as unknown as Rec[])[0]?.content ?? []) as Rec[];
  return content.filter((part) => part.type === "input_file");
}

describe("input_file detail", () => {
  it("a document part asking for high / low / auto sends that detail, whatever its source", () => {
    for (const detail of ["high", "low", "auto"]) {
      const files = responsesFiles({ detail });
      expect(files).toHaveLength(3);
      for (const file of files) expect(file.detail).toBe(detail);
    }
  });

  it("also under the agui-bridge key", () => {
    for (const file of responsesFiles({ "agui-bridge": { detail: "low" } })) expect(file.detail).toBe("low");
  });

  it("none asked, or a value input_file does not take (original, an image-only detail), sends none", () => {
    for (const metadata of [undefined, { detail: "original" }, { detail: 3 }]) {
      for (const file of responsesFiles(metadata)) expect(file).not.toHaveProperty("detail");
    }
  });

  it("Chat Completions file parts get none", () => {
    const messages: Message[] = [{ id: "u1", role: "user", content: [{ type: "text", text: "Summarize." }, ...documents({ detail: "high" }).slice(0, 2)] }];
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "gpt-5.6" });
    expect(JSON.stringify(params.messages)).not.toContain('"detail"');
  });
});
