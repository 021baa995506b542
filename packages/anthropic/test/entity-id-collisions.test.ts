/**
 * Provider ids a broken or hostile stream repeats across entities (found by the mutation fuzzer
 * over the recorded streams): a message whose id is a tool call's, a second message under the
 * first one's id. Each would put two entities under one AG-UI id (the reference client merges
 * them); the run ends with RUN_ERROR `invalid_sequence` instead, with everything closed and the
 * usage so far.
 */
import { createSequentialIds } from "@agui-bridge/core/adapter";
import { checkRun, drain, listSource } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamMessages, streamMessagesFromResponse } from "../src/index.js";

const options = () => ({ threadId: "t", runId: "r", generateId: createSequentialIds("id") });
const start = (id: string) => ({ type: "message_start", message: { id, model: "m", content: [], usage: { input_tokens: 5, output_tokens: 1 } } });
const textBlock = (index: number, text: string) => [
  { type: "content_block_start", index, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index, delta: { type: "text_delta", text } },
  { type: "content_block_stop", index },
];
const stop = [{ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 3 } }, { type: "message_stop" }];
const sse = (chunks: ReadonlyArray<{ type: string } & Record<string, unknown>>): Response =>
  new Response(chunks.map((chunk) => `event: ${chunk.type}\ndata: ${JSON.stringify(chunk)}\n\n`).join(""));

const CASES: Array<[string, Array<{ type: string } & Record<string, unknown>>]> = [
  [
    "a message under the id of an earlier tool call",
    [
      start("msg_1"),
      { type: "content_block_start", index: 0, content_block: { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} } },
      { type: "content_block_stop", index: 0 },
      ...stop,
      start("srvtoolu_1"),
      ...textBlock(0, "after"),
      ...stop,
    ],
  ],
  [
    "a tool call under the id of the message it is in",
    [start("msg_1"), ...textBlock(0, "hi"), { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "msg_1", name: "f", input: {} } }, { type: "content_block_stop", index: 1 }, ...stop],
  ],
  ["a second message under the id of the first", [start("msg_1"), ...textBlock(0, "one"), ...stop, start("msg_1"), ...textBlock(0, "two"), ...stop]],
];

describe("an id repeated across entities", () => {
  for (const [name, chunks] of CASES) {
    it(`${name}: RUN_ERROR invalid_sequence on both paths, never two entities under one id`, async () => {
      for (const events of [await drain(streamMessages(listSource(chunks), options())), await drain(streamMessagesFromResponse(sse(chunks), options()))]) {
        const { terminal } = await checkRun(events);
        expect(terminal).toMatchObject({ type: "RUN_ERROR", code: "invalid_sequence" });
        expect(terminal.usage).toBeDefined();
      }
    });
  }
});
