/**
 * A response that starts with the result of a server tool call made in an earlier response (the
 * shape of a recorded web_fetch error turn: the second response repeats the `web_fetch_tool_result`
 * at index 0; a `pause_turn` continuation whose result comes in the next response). A call of the
 * conversation that has no result yet is answered by this run; a result the conversation already
 * holds is not emitted again.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;
const SRV = "srvtoolu_01Fetch";
const fetchError = { type: "web_fetch_tool_result", tool_use_id: SRV, content: { type: "web_fetch_tool_result_error", error_code: "url_not_accessible" } };
const messageStart = (id: string) => ({ type: "message_start", message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], usage: { input_tokens: 40, output_tokens: 1 } } });
const finish = (reason: string) => [{ type: "message_delta", delta: { stop_reason: reason }, usage: { output_tokens: 9 } }, { type: "message_stop" }];

function firstResponse(withResult: boolean): unknown[] {
  return [
    messageStart("msg_1"),
    { type: "content_block_start", index: 0, content_block: { type: "server_tool_use", id: SRV, name: "web_fetch", input: {} } },
    { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"url": "https://example.com/500"}' } },
    { type: "content_block_stop", index: 0 },
    ...(withResult ? [{ type: "content_block_start", index: 1, content_block: fetchError }, { type: "content_block_stop", index: 1 }] : []),
    ...finish(withResult ? "end_turn" : "pause_turn"),
  ];
}

const secondResponse = [
  messageStart("msg_2"),
  { type: "content_block_start", index: 0, content_block: fetchError },
  { type: "content_block_stop", index: 0 },
  { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "The page could not be fetched." } },
  { type: "content_block_stop", index: 1 },
  ...finish("end_turn"),
];

async function run(chunks: unknown[], input: RunAgentInput, warnings: BridgeWarning[] = []) {
  const events = await collect(streamMessages(fromList(chunks), { input, generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
  return { events, messages: (await assertConformant(events)) as Message[] };
}

const inputOf = (messages: Message[]): RunAgentInput => ({ threadId: "t", runId: "r", state: {}, messages, tools: [], context: [], forwardedProps: {} });

describe("a server tool result for a call of an earlier turn", () => {
  it("the call has no result yet: this run emits it, and the next request puts it right after its server_tool_use", async () => {
    const user: Message = { id: "u1", role: "user", content: "Fetch https://example.com/500" };
    const first = await run(firstResponse(false), inputOf([user]));
    // The fold of a run starts from its input: the messages are the whole conversation.
    const history = first.messages;
    const warnings: BridgeWarning[] = [];
    const second = await run(secondResponse, inputOf(history), warnings);
    const results = second.events.filter((event) => event.type === "TOOL_CALL_RESULT");
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolCallId: SRV, metadata: { "agui-bridge": { providerExecuted: true, anthropicBlockType: "web_fetch_tool_result" } } });
    expect(JSON.parse(String((results[0] as unknown as Rec).content))).toEqual(fetchError.content);
    expect(warnings).toEqual([]);

    const { params } = toMessagesRequest({ messages: [...second.messages, { id: "u2", role: "user", content: "ok" }] });
    expect(apiViolations(params)).toEqual([]);
    // The continuation is one assistant turn with the paused one (consecutive assistant turns merge).
    const firstTurn = params.messages[1]?.content as unknown as Rec[];
    expect(firstTurn.map((block) => block.type)).toEqual(["server_tool_use", "web_fetch_tool_result", "text"]);
    expect(firstTurn[1]).toMatchObject({ tool_use_id: SRV, content: fetchError.content });
  });

  it("the conversation already holds its result: the repeat is dropped with stream.repeated-tool-result", async () => {
    const user: Message = { id: "u1", role: "user", content: "Fetch https://example.com/500" };
    const first = await run(firstResponse(true), inputOf([user]));
    const warnings: BridgeWarning[] = [];
    const second = await run(secondResponse, inputOf(first.messages), warnings);
    expect(second.events.filter((event) => event.type === "TOOL_CALL_RESULT")).toHaveLength(0);
    expect(warnings.map((w) => [w.code, w.details?.toolCallId])).toEqual([["stream.repeated-tool-result", SRV]]);
    expect(second.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });
});
