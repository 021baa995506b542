/**
 * A server tool and a client tool in one response (Anthropic's "Mixing server tools and client
 * tools in one turn"): the response holds the `server_tool_use` without its result and the client
 * `tool_use` (stop_reason tool_use); the client answers with a user turn of `tool_result`s only,
 * Anthropic then runs the server tool and its result begins the next response. The next request
 * keeps that sequence (assistant → user tool_result → assistant starting with the server result),
 * the shape vercel/ai#18887's live reproduction sent and the API accepted; the result is not moved
 * back beside its call (a shape the API never produced).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";
import { start, finish, text, call } from "./support/chunks.js";

type Rec = Record<string, unknown>;
const add = { name: "add_two_numbers", description: "Add", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } } };
const SRV = "srvtoolu_01Search";
const searchResult = {
  type: "tool_search_tool_result",
  tool_use_id: SRV,
  content: { type: "tool_search_tool_search_result", tool_references: [{ type: "tool_reference", tool_name: "reverse" }] },
};

/** The server call is deferred: no result in this response. */
const first = [
  start("msg_1"),
  ...text(0, "Both at once."),
  ...call(1, { type: "server_tool_use", id: SRV, name: "tool_search_tool_regex" }, { query: "reverse" }),
  ...call(2, { type: "tool_use", id: "toolu_01Add", name: "add_two_numbers" }, { a: 1, b: 2 }),
  ...finish("tool_use"),
];
/** The next response begins with the deferred server result. */
const second = [start("msg_2"), { type: "content_block_start", index: 0, content_block: searchResult }, { type: "content_block_stop", index: 0 }, ...text(1, "1 + 2 = 3."), ...finish("end_turn")];

const inputOf = (messages: Message[]): RunAgentInput => ({ threadId: "t", runId: "r", state: {}, messages, tools: [add], context: [], forwardedProps: {} });
async function run(chunks: unknown[], messages: Message[]): Promise<Message[]> {
  const events = await collect(streamMessages(fromList(chunks), { input: inputOf(messages), generateId: createSequentialIds("id") }));
  return (await assertConformant(events)) as Message[];
}
const types = (turn: unknown): unknown[] => ((turn as Rec).content as Rec[]).map((block) => block.type);

describe("a server tool deferred past the client tool of its response", () => {
  it("the client results go back with the server call still unanswered", async () => {
    const one = await run(first, [{ id: "u1", role: "user", content: "Use both tools at the same time." }]);
    const { params, warnings } = toMessagesRequest({ messages: [...one, { id: "t1", role: "tool", toolCallId: "toolu_01Add", content: "3" }], tools: [add] });
    expect(apiViolations(params)).toEqual([]);
    expect(warnings).toEqual([]);
    expect(params.messages.map(types)).toEqual([["text"], ["text", "server_tool_use", "tool_use"], ["tool_result"]]);
  });

  it("its result stays at the start of the next assistant turn, after the client's tool_result turn", async () => {
    const one = await run(first, [{ id: "u1", role: "user", content: "Use both tools at the same time." }]);
    const two = await run(second, [...one, { id: "t1", role: "tool", toolCallId: "toolu_01Add", content: "3" }]);
    const { params, warnings } = toMessagesRequest({ messages: [...two, { id: "u2", role: "user", content: "Thanks" }], tools: [add] });
    expect(apiViolations(params)).toEqual([]);
    expect(warnings).toEqual([]);
    expect(params.messages.map(types)).toEqual([["text"], ["text", "server_tool_use", "tool_use"], ["tool_result"], ["tool_search_tool_result", "text"], ["text"]]);
    expect((params.messages[3]?.content as unknown as Rec[])[0]).toEqual(searchResult);
  });

  it("a result with no client turn before it (a pause_turn continuation) still joins its call's turn", async () => {
    const paused = [start("msg_1"), ...call(0, { type: "server_tool_use", id: SRV, name: "tool_search_tool_regex" }, { query: "reverse" }), ...finish("pause_turn")];
    const one = await run(paused, [{ id: "u1", role: "user", content: "Search." }]);
    const two = await run(second, one);
    const { params } = toMessagesRequest({ messages: [...two, { id: "u2", role: "user", content: "Thanks" }], tools: [add] });
    expect(apiViolations(params)).toEqual([]);
    expect(params.messages.map(types)).toEqual([["text"], ["server_tool_use", "tool_search_tool_result", "text"], ["text"]]);
  });
});
