/**
 * A response that runs a server tool reads "text, call, result, text": the answer written after
 * the result comes after it. AG-UI holds an assistant message's text in one string beside its tool
 * calls, so the text after a provider-run tool's result becomes a new assistant message
 * (`<id>:2`, …), placed after the result as Responses and Gemini streams place theirs; joined into
 * the first message it would read above the result, glued to the text before it. The next request
 * joins the assistant messages into the one turn they came from, every block back in order.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";
import { start, finish, thinking, text } from "./support/chunks.js";

type Rec = Record<string, unknown>;
const search = (index: number, id: string, query: string) => [
  { type: "content_block_start", index, content_block: { type: "server_tool_use", id, name: "web_search", input: {} } },
  { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify({ query }) } },
  { type: "content_block_stop", index },
  {
    type: "content_block_start",
    index: index + 1,
    content_block: { type: "web_search_tool_result", tool_use_id: id, content: [{ type: "web_search_result", title: query, url: `https://example.com/${query}`, encrypted_content: "EnC", page_age: null }] },
  },
  { type: "content_block_stop", index: index + 1 },
];
const cite = { type: "web_search_result_location", cited_text: "Paris", url: "https://example.com/capital", title: "capital", encrypted_index: "Eo" };

async function run(chunks: unknown[]): Promise<{ events: Event[]; messages: Message[] }> {
  const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  return { events, messages: (await assertConformant(events)) as Message[] };
}
const shape = (messages: Message[]) => messages.map((m) => [m.role, m.role === "assistant" ? m.id : undefined, m.role === "assistant" ? (m.content ?? null) : undefined, m.role === "assistant" ? (m.toolCalls ?? []).map((c) => c.id) : undefined]);

describe("text after a provider-run tool's result", () => {
  // Interleaved thinking, two searches, three text blocks: every kind of block on both sides of a result.
  const chunks = [
    start("msg_A"),
    ...thinking(0, "Plan.", "sig0"),
    ...text(1, "Let me look."),
    ...search(2, "srvtoolu_1", "capital"),
    ...thinking(4, "Found it.", "sig4"),
    ...text(5, "Paris.", [cite]),
    ...search(6, "srvtoolu_2", "river"),
    ...thinking(8, "And the river.", "sig8"),
    ...text(9, " The Seine."),
    ...finish("end_turn"),
  ];

  it("starts a new assistant message after each result: the conversation reads in the response's order", async () => {
    const { events, messages } = await run(chunks);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(shape(messages)).toEqual([
      ["reasoning", undefined, undefined, undefined],
      ["assistant", "msg_A", "Let me look.", ["srvtoolu_1"]],
      ["tool", undefined, undefined, undefined],
      ["reasoning", undefined, undefined, undefined],
      ["assistant", "msg_A:2", "Paris.", ["srvtoolu_2"]],
      ["tool", undefined, undefined, undefined],
      ["reasoning", undefined, undefined, undefined],
      ["assistant", "msg_A:3", " The Seine.", []],
    ]);
    // Each text message records its own blocks and citations.
    const ends = events.filter((event) => event.type === "TEXT_MESSAGE_END").map((event) => readBridgeMetadata(event.metadata));
    expect(ends.map((fields) => fields?.textBlocks)).toEqual([[{ index: 1, start: 0, end: 12 }], [{ index: 5, start: 0, end: 6, citationIndexes: [0] }], [{ index: 9, start: 0, end: 11 }]]);
    expect(ends.map((fields) => (fields?.citations as unknown[] | undefined)?.length)).toEqual([undefined, 1, undefined]);
    // Placement: the Anthropic message always; the assistant message once split.
    const placement = (event: Event | undefined) => {
      const fields = readBridgeMetadata(event?.metadata);
      return [fields?.anthropicMessageId, fields?.assistantMessageId, fields?.blockIndex];
    };
    expect(events.filter((event) => event.type === "REASONING_MESSAGE_START").map(placement)).toEqual([
      ["msg_A", undefined, 0],
      ["msg_A", undefined, 4],
      ["msg_A", "msg_A:2", 8],
    ]);
    expect(events.filter((event) => event.type === "TOOL_CALL_RESULT").map(placement)).toEqual([
      ["msg_A", undefined, 3],
      ["msg_A", "msg_A:2", 7],
    ]);
  });

  it("the next request joins them into one assistant turn holding the original blocks in order", async () => {
    const { messages } = await run(chunks);
    const { params, warnings } = toMessagesRequest(
      { messages: [{ id: "u", role: "user", content: "Capital and river?" }, ...messages, { id: "u2", role: "user", content: "Thanks" }] },
      { model: "claude-sonnet-4-6" },
    );
    expect(warnings).toEqual([]);
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user"]);
    const blocks = params.messages[1]?.content as unknown as Rec[];
    expect(blocks.map((block) => [block.type, block.thinking ?? block.text ?? block.id ?? block.tool_use_id])).toEqual([
      ["thinking", "Plan."],
      ["text", "Let me look."],
      ["server_tool_use", "srvtoolu_1"],
      ["web_search_tool_result", "srvtoolu_1"],
      ["thinking", "Found it."],
      ["text", "Paris."],
      ["server_tool_use", "srvtoolu_2"],
      ["web_search_tool_result", "srvtoolu_2"],
      ["thinking", "And the river."],
      ["text", " The Seine."],
    ]);
    expect(blocks[5]).toEqual({ type: "text", text: "Paris.", citations: [cite] });
  });

  it("a result that opens a message (a paused turn's call answered) leaves its text under the message id", async () => {
    const { messages } = await run([
      start("msg_B"),
      { type: "content_block_start", index: 0, content_block: { type: "web_search_tool_result", tool_use_id: "srvtoolu_0", content: [] } },
      { type: "content_block_stop", index: 0 },
      ...text(1, "Nothing found."),
      ...finish("end_turn"),
    ]);
    // The call is not this run's: the result is dropped as an orphan, and nothing was split.
    expect(shape(messages)).toEqual([["assistant", "msg_B", "Nothing found.", []]]);
  });

  it("a cut in the text after a result closes that message interrupted and keeps what came", async () => {
    const cutAt = chunks.findIndex((chunk) => (chunk as Rec).type === "content_block_delta" && (chunk as { delta: Rec }).delta.text === "Paris.");
    const { events, messages } = await run(chunks.slice(0, cutAt + 1));
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(messages.filter((m) => m.role === "assistant").map((m) => [m.id, m.content])).toEqual([
      ["msg_A", "Let me look."],
      ["msg_A:2", "Paris."],
    ]);
    const last = events.filter((event) => event.type === "TEXT_MESSAGE_END").at(-1);
    expect(readBridgeMetadata(last?.metadata)).toMatchObject({ interrupted: true, textBlocks: [{ index: 5, start: 0, end: 6, citationIndexes: [0] }] });
  });
});
