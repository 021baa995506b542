/**
 * What an END event carries when the run closes the entity itself: a stream cut before
 * `message_stop`, a provider stream that breaks, an `error` event, a malformed event, an abort. The
 * text message keeps the fields its normal close carries (`citations`, `files`, `textBlocks` with
 * their `citationIndexes`, the block still streaming spanning the text so far, `fallbackBlocks`,
 * `refusal`), a compaction message its `compactionSignature` and `toolChanges`, each beside
 * `interrupted: true`; a thinking block's signature already left as REASONING_ENCRYPTED_VALUE; a
 * call made by code that only waited for its container id ends complete, not interrupted.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

const page = { type: "page_location", cited_text: "Revenue grew 12%.", document_index: 0, document_title: "Q3", file_id: "file_011Q3", start_page_number: 2, end_page_number: 3 };
const web = { type: "web_search_result_location", cited_text: "Paris is the capital.", url: "https://example.com/paris", title: "Paris", encrypted_index: "EpMBCioIBhgC" };

const start = (id: string) => ({
  type: "message_start",
  message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], usage: { input_tokens: 50, output_tokens: 1 } },
});
const text = (index: number, value: string) => [
  { type: "content_block_start", index, content_block: { type: "text", text: "", citations: [] } },
  { type: "content_block_delta", index, delta: { type: "text_delta", text: value } },
];
const cite = (index: number, citation: Rec) => ({ type: "content_block_delta", index, delta: { type: "citations_delta", citation } });
const stop = (index: number) => ({ type: "content_block_stop", index });
const finish = (reason = "end_turn") => [{ type: "message_delta", delta: { stop_reason: reason }, usage: { output_tokens: 30 } }, { type: "message_stop" }];

/** Two cited text blocks; the second is still streaming where the forced endings cut it. */
const cited = [start("msg_cited"), ...text(0, "According to the report, "), stop(0), ...text(1, "revenue grew"), cite(1, page), cite(1, web)];

type Ending = "cut" | "broken" | "error event" | "malformed event" | "aborted";
const ENDINGS: Ending[] = ["cut", "broken", "error event", "malformed event", "aborted"];

/** The run of `chunks`, ended as `ending` says. */
async function endedBy(ending: Ending, chunks: readonly unknown[], input?: RunAgentInput): Promise<Event[]> {
  const controller = new AbortController();
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
    if (ending === "broken") throw new Error("socket hang up");
    if (ending === "error event") yield { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    if (ending === "malformed event") yield { type: "content_block_delta", index: 99, delta: { type: "text_delta", text: "?" } };
    if (ending === "aborted") {
      controller.abort();
      await new Promise(() => undefined);
    }
  }
  const events = await collect(
    streamMessages(source(), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), signal: controller.signal, ...(input !== undefined && { input }) }),
  );
  await assertConformant(events);
  expect(events.at(-1)).toMatchObject(ending === "aborted" ? { type: "RUN_FINISHED", outcome: { type: "cancelled" } } : { type: "RUN_ERROR" });
  return events;
}

const bridge = (event: Event | undefined): Rec => (readBridgeMetadata(event?.metadata) ?? {}) as Rec;
const endOf = (events: Event[], type: string): Event | undefined => events.find((event) => event.type === type);

describe("a forced close keeps the END fields of Anthropic entities", () => {
  it("the text message's citations, files and block spans, as the normal close carries them", async () => {
    const normal = bridge(endOf(await collect(streamMessages(fromList([...cited, stop(1), ...finish()]), { generateId: createSequentialIds("id") })), "TEXT_MESSAGE_END"));
    expect(normal.textBlocks).toEqual([
      { index: 0, start: 0, end: 25 },
      { index: 1, start: 25, end: 37, citationIndexes: [0, 1] },
    ]);
    for (const ending of ENDINGS) {
      const fields = bridge(endOf(await endedBy(ending, cited), "TEXT_MESSAGE_END"));
      expect(fields, ending).toEqual({ ...normal, interrupted: true });
      expect(fields.citations, ending).toEqual([page, web]);
      expect(fields.files, ending).toMatchObject([{ type: "document", source: { type: "file", value: "file_011Q3", provider: "anthropic" }, metadata: { citationIndexes: [0] } }]);
    }
  });

  it("the cut message's citations go back to Anthropic on the block that carried them", async () => {
    const messages = (await assertConformant(await endedBy("broken", cited))) as Message[];
    const { params } = toMessagesRequest({ messages: [{ id: "u1", role: "user", content: "Summarize." }, ...messages, { id: "u2", role: "user", content: "Go on" }] });
    expect(apiViolations(params)).toEqual([]);
    const { file_id: _, ...pageParam } = page;
    expect(params.messages[1]?.content).toEqual([
      { type: "text", text: "According to the report, " },
      { type: "text", text: "revenue grew", citations: [pageParam, web] },
    ]);
  });

  it("the text message's fallback blocks and refusal flag", async () => {
    const fallback = { type: "fallback", from: { model: "claude-opus-4-5" }, to: { model: "claude-sonnet-4-5" }, trigger: { type: "refusal", category: "cyber" } };
    const chunks = [
      start("msg_fb"),
      { type: "content_block_start", index: 0, content_block: fallback },
      stop(0),
      ...text(1, "I can't help with that."),
      stop(1),
      { type: "message_delta", delta: { stop_reason: "refusal" }, usage: { output_tokens: 9 } },
    ];
    for (const ending of ENDINGS) {
      expect(bridge(endOf(await endedBy(ending, chunks), "TEXT_MESSAGE_END")), ending).toMatchObject({
        interrupted: true,
        textBlocks: [{ index: 1, start: 0, end: 23 }],
        fallbackBlocks: [{ index: 0, from: { model: "claude-opus-4-5" }, to: { model: "claude-sonnet-4-5" }, trigger: { type: "refusal", category: "cyber" } }],
        refusal: true,
      });
    }
  });

  it("a compaction message's signature and tool changes", async () => {
    const toolChanges = [{ type: "tool_removal", tool: { type: "tool_reference", name: "get_weather" } }];
    const chunks = [
      start("msg_c"),
      { type: "content_block_start", index: 0, content_block: { type: "compaction", content: null, encrypted_content: null, tool_changes: toolChanges } },
      { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: "The user asked for issues.", encrypted_content: "enc-opaque==" } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig-compaction" } },
    ];
    for (const ending of ENDINGS) {
      expect(bridge(endOf(await endedBy(ending, chunks), "REASONING_MESSAGE_END")), ending).toMatchObject({
        encryptedKind: "anthropic-compaction",
        interrupted: true,
        compactionSignature: "sig-compaction",
        toolChanges,
      });
    }
  });

  it("a thinking block's signature received before the cut is on the wire (REASONING_ENCRYPTED_VALUE before the END)", async () => {
    const chunks = [
      start("msg_t"),
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Let me see" } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig-thinking" } },
    ];
    for (const ending of ENDINGS) {
      const events = await endedBy(ending, chunks);
      const signature = events.findIndex((event) => event.type === "REASONING_ENCRYPTED_VALUE");
      expect(events[signature], ending).toMatchObject({ subtype: "message", encryptedValue: "sig-thinking" });
      expect(signature, ending).toBeLessThan(events.findIndex((event) => event.type === "REASONING_MESSAGE_END"));
      expect(bridge(endOf(events, "REASONING_MESSAGE_END")), ending).toMatchObject({ encryptedKind: "anthropic-signature", interrupted: true });
    }
  });

  it("a call made by code that only waited for its container id ends complete (not interrupted) whatever ends the run", async () => {
    const chunks = [
      start("msg_p"),
      { type: "content_block_start", index: 0, content_block: { type: "server_tool_use", id: "srvtoolu_1", name: "code_execution", input: {} } },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"code":"roll()"}' } },
      stop(0),
      { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_P", name: "rollDie", input: {}, caller: { type: "code_execution_20250825", tool_id: "srvtoolu_1" } } },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"player":"A"}' } },
      stop(1),
    ];
    for (const ending of ENDINGS) {
      const events = await endedBy(ending, chunks);
      const end = events.find((event) => event.type === "TOOL_CALL_END" && (event as { toolCallId?: string }).toolCallId === "toolu_P");
      expect(bridge(end).interrupted, ending).toBeUndefined();
    }
  });
});
