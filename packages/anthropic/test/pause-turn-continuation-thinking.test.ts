/**
 * A `pause_turn` continuation is the same assistant turn ("Send the assistant content back to
 * continue", Stop reasons and fallback; "a tool-use loop is one assistant turn", Thinking in tool
 * and multi-turn workflows): the continuation response may open with a thinking block right after
 * the paused response's server tool result, exactly where interleaved thinking stands in a response
 * that was not paused. Merged into one assistant turn, that thinking stays (in order, signature
 * unchanged): "when you return a tool result, the thinking blocks from the assistant message must
 * come back with it". Another provider's answer before Claude's still drops Claude's leading
 * thinking (merged-turn-and-unanswered-server-tool.test.ts), and so does a paused response that
 * did not start with thinking: "If an assistant message contains any thinking blocks, the first
 * block must be thinking or redacted_thinking" (the API's 400, anthropics/claude-code#20705).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";
import { start, finish, thinking, text, call } from "./support/chunks.js";

type Rec = Record<string, unknown>;
const SRV = "srvtoolu_01Search";
const weather = { name: "get_weather", description: "Weather", parameters: { type: "object", properties: { city: { type: "string" } } } };
const searchResult = { type: "web_search_tool_result", tool_use_id: SRV, content: [{ type: "web_search_result", url: "https://example.com", title: "Example", encrypted_content: "EqQB", page_age: null }] };

/** The paused response: thinking, a web search and its result, then `pause_turn`. */
const paused = [
  start("msg_1"),
  ...thinking(0, "I should search.", "SIG_ONE"),
  ...call(1, { type: "server_tool_use", id: SRV, name: "web_search" }, { query: "paris weather" }),
  { type: "content_block_start", index: 2, content_block: searchResult },
  { type: "content_block_stop", index: 2 },
  ...finish("pause_turn"),
];

let runs = 0;
async function run(chunks: unknown[], messages: Message[]): Promise<Message[]> {
  runs++;
  const input = { threadId: "t", runId: `r${runs}`, state: {}, messages, tools: [weather], context: [], forwardedProps: {} };
  const events = await collect(streamMessages(fromList(chunks), { input, generateId: createSequentialIds(`run${runs}-`) }));
  return (await assertConformant(events)) as Message[];
}

function convert(messages: Message[]) {
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages, tools: [weather] }, { onWarning: (w) => warnings.push(w) });
  return { params, codes: warnings.map((w) => w.code) };
}

const turnBlocks = (turn: unknown): Rec[] => ((turn as Rec).content as Rec[]).map((block) => block);

describe("a pause_turn continuation that opens with thinking", () => {
  it("keeps that thinking after the paused response's server tool result (the continuation calls a client tool)", async () => {
    const one = await run(paused, [{ id: "u1", role: "user", content: "Weather in Paris?" }]);
    const continued = [start("msg_2"), ...thinking(0, "Now the tool.", "SIG_TWO"), ...call(1, { type: "tool_use", id: "toolu_01Weather", name: "get_weather" }, { city: "Paris" }), ...finish("tool_use")];
    const two = await run(continued, one);
    const { params, codes } = convert([...two, { id: "t1", role: "tool", toolCallId: "toolu_01Weather", content: "Sunny" }]);
    expect(apiViolations(params)).toEqual([]);
    expect(codes).not.toContain("request.thinking-not-leading");
    const assistant = turnBlocks(params.messages[1]);
    expect(assistant.map((block) => block.type)).toEqual(["thinking", "server_tool_use", "web_search_tool_result", "thinking", "tool_use"]);
    expect(assistant.filter((block) => block.type === "thinking")).toEqual([
      { type: "thinking", thinking: "I should search.", signature: "SIG_ONE" },
      { type: "thinking", thinking: "Now the tool.", signature: "SIG_TWO" },
    ]);
    expect(params.messages[2]?.role).toBe("user");
  });

  it("keeps it when the continuation answers in text", async () => {
    const one = await run(paused, [{ id: "u1", role: "user", content: "Weather in Paris?" }]);
    const two = await run([start("msg_2"), ...thinking(0, "Summarize.", "SIG_TWO"), ...text(1, "Sunny in Paris."), ...finish("end_turn")], one);
    const { params, codes } = convert([...two, { id: "u2", role: "user", content: "Thanks" }]);
    expect(apiViolations(params)).toEqual([]);
    expect(codes).toEqual([]);
    expect(turnBlocks(params.messages[1]).map((block) => block.type)).toEqual(["thinking", "server_tool_use", "web_search_tool_result", "thinking", "text"]);
  });

  it("is still dropped when the paused response did not start with thinking (an assistant turn holding thinking must start with it)", async () => {
    const unthought = [
      start("msg_1"),
      ...text(0, "Searching."),
      ...call(1, { type: "server_tool_use", id: SRV, name: "web_search" }, { query: "paris weather" }),
      { type: "content_block_start", index: 2, content_block: searchResult },
      { type: "content_block_stop", index: 2 },
      ...finish("pause_turn"),
    ];
    const one = await run(unthought, [{ id: "u1", role: "user", content: "Weather in Paris?" }]);
    const two = await run([start("msg_2"), ...thinking(0, "Summarize.", "SIG_TWO"), ...text(1, "Sunny in Paris."), ...finish("end_turn")], one);
    const { params, codes } = convert([...two, { id: "u2", role: "user", content: "Thanks" }]);
    expect(apiViolations(params)).toEqual([]);
    expect(codes).toEqual(["request.thinking-not-leading"]);
    expect(turnBlocks(params.messages[1]).map((block) => block.type)).toEqual(["text", "server_tool_use", "web_search_tool_result", "text"]);
  });
});
