/**
 * Citations go back to Anthropic on the text blocks that carried them. The Messages API takes
 * `citations` on a `TextBlockParam` of an assistant turn (`TextCitationParam`: the response's
 * citation without the output-only `file_id`; "cited_text is also not counted towards input
 * tokens" when sent back). Only to the platform that made them (core's `isMintedBy`).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { bridgeMetadata, createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const page = { type: "page_location", cited_text: "Revenue grew 12%.", document_index: 0, document_title: "Q3", file_id: "file_011Q3", start_page_number: 2, end_page_number: 3 };
const chars = { type: "char_location", cited_text: "Costs fell.", document_index: 1, document_title: null, file_id: null, start_char_index: 10, end_char_index: 21 };
const blocksOfDoc = { type: "content_block_location", cited_text: "Outlook: stable.", document_index: 2, document_title: "Notes", start_block_index: 0, end_block_index: 1 };
const web = { type: "web_search_result_location", cited_text: "Paris is the capital.", url: "https://example.com/paris", title: "Paris", encrypted_index: "EpMBCioIBhgC" };

const text = (index: number, value: string) => [
  { type: "content_block_start", index, content_block: { type: "text", text: "", citations: [] } },
  { type: "content_block_delta", index, delta: { type: "text_delta", text: value } },
];
const cite = (index: number, citation: Rec) => ({ type: "content_block_delta", index, delta: { type: "citations_delta", citation } });
const stop = (index: number) => ({ type: "content_block_stop", index });

const stream = [
  { type: "message_start", message: { id: "msg_cited", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], usage: { input_tokens: 50, output_tokens: 1 } } },
  ...text(0, "According to the report, "),
  stop(0),
  ...text(1, "revenue grew"),
  cite(1, page),
  cite(1, chars),
  stop(1),
  ...text(2, " "),
  stop(2),
  ...text(3, "and the outlook is stable."),
  cite(3, blocksOfDoc),
  cite(3, web),
  stop(3),
  { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 30 } },
  { type: "message_stop" },
];

async function streamed(): Promise<Message[]> {
  const events = await collect(streamMessages(fromList(stream), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  return (await assertConformant(events)) as Message[];
}

function assistantTurn(messages: Message[], provider?: string): { blocks: Rec[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest(
    { messages: [{ id: "u1", role: "user", content: "Summarize." }, ...messages, { id: "u2", role: "user", content: "Thanks" }] },
    { onWarning: (warning) => warnings.push(warning), ...(provider !== undefined && { provider }) },
  );
  expect(apiViolations(params)).toEqual([]);
  return { blocks: params.messages[1]?.content as unknown as Rec[], warnings };
}

const withoutFileId = ({ file_id: _, ...rest }: Rec) => rest;

describe("citations carried back to Anthropic", () => {
  it("each text block gets the citations it carried, in order, without the output-only file_id", async () => {
    const { blocks, warnings } = assistantTurn(await streamed());
    expect(warnings).toEqual([]);
    expect(blocks).toEqual([
      { type: "text", text: "According to the report, " },
      { type: "text", text: "revenue grew", citations: [withoutFileId(page), withoutFileId(chars)] },
      { type: "text", text: " " },
      { type: "text", text: "and the outlook is stable.", citations: [blocksOfDoc, web] },
    ]);
  });

  it("never to another platform: the same conversation sent to Bedrock has no citations", async () => {
    const { blocks } = assistantTurn(await streamed(), "amazon-bedrock");
    expect(blocks.map((block) => block.text)).toEqual(["According to the report, ", "revenue grew", " ", "and the outlook is stable."]);
    expect(blocks.some((block) => "citations" in block)).toBe(false);
  });

  it("never another provider's: an OpenAI message with the same metadata sends its text only", async () => {
    const messages = (await streamed()).map((message) => {
      const fields = (message.metadata as Rec | undefined)?.["agui-bridge"] as Rec | undefined;
      return { ...message, metadata: bridgeMetadata({ ...fields, provider: "openai" }) } as Message;
    });
    const { blocks } = assistantTurn(messages);
    expect(JSON.stringify(blocks)).not.toContain("cited_text");
  });

  it("a citation with no Messages API form is dropped with a warning; its block's text and other citations still go", async () => {
    const messages = (await streamed()).map((message) => {
      if (message.role !== "assistant") return message;
      const fields = (message.metadata as Rec)["agui-bridge"] as Rec;
      const citations = [...(fields.citations as Rec[])];
      citations[0] = { type: "future_location", cited_text: "?" };
      citations[1] = { ...chars, start_char_index: "10" };
      return { ...message, metadata: bridgeMetadata({ ...fields, citations }) } as Message;
    });
    const { blocks, warnings } = assistantTurn(messages);
    expect(blocks[1]).toEqual({ type: "text", text: "revenue grew" });
    expect(blocks[3]).toEqual({ type: "text", text: "and the outlook is stable.", citations: [blocksOfDoc, web] });
    expect(warnings.map((w) => [w.code, w.details?.citationIndex])).toEqual([
      ["request.citation-dropped", 0],
      ["request.citation-dropped", 1],
    ]);
  });
});
