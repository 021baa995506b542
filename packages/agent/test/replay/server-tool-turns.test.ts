/**
 * An Anthropic server tool call whose result has not come yet, sent back while its assistant turn
 * is still open. Anthropic's "Stop reasons and fallback" guide
 * (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons, `pause_turn` and
 * `tool_use`): the API continues such a call while the turn is open: the response is the last
 * message (`pause_turn`: "send the response back as-is"), or only a user message of `tool_result`
 * blocks follows it (a server tool deferred behind the client tools of its response). "Adding
 * anything after the `tool_result` blocks in that user message, such as text, ends the assistant
 * turn; for a server tool Claude called directly, the request then fails with a 400." The request
 * check follows that rule (request-checks.ts); the converter drops the call once the turn is over
 * (`dropUnansweredServerCalls`).
 */
import type { Message, RunAgentInput, Tool } from "@agui-bridge/core/adapter";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { describe, expect, it } from "vitest";
import { runChecked, user } from "../support/scripted.js";
import { swapProvider } from "./providers.js";
import { requestProblems } from "./request-checks.js";

const tools: Tool[] = [{ name: "get_weather", description: "Current weather in a city", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }];

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
const named = (event: string, value: unknown): string => `event: ${event}\n${data(value)}`;
const block = (index: number, content_block: unknown, deltas: unknown[]): string =>
  named("content_block_start", { type: "content_block_start", index, content_block }) +
  deltas.map((delta) => named("content_block_delta", { type: "content_block_delta", index, delta })).join("") +
  named("content_block_stop", { type: "content_block_stop", index });

/** An Anthropic response: text, a web search still running, optionally a client call; `stop`. */
function openSearchTurn(stop: "pause_turn" | "tool_use", withClientCall: boolean): string {
  return (
    named("message_start", {
      type: "message_start",
      message: { id: "msg_01Open", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 3 } },
    }) +
    block(0, { type: "text", text: "" }, [{ type: "text_delta", text: "Searching." }]) +
    block(1, { type: "server_tool_use", id: "srvtoolu_01Open", name: "web_search", input: {} }, [{ type: "input_json_delta", partial_json: '{"query":"warmest city"}' }]) +
    (withClientCall ? block(2, { type: "tool_use", id: "toolu_01Paris", name: "get_weather", input: {} }, [{ type: "input_json_delta", partial_json: '{"city":"Paris"}' }]) : "") +
    named("message_delta", { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } }) +
    named("message_stop", { type: "message_stop" })
  );
}

type Json = Record<string, unknown>;
type AnthropicBody = { messages: Array<{ role: string; content: Json[] | string }> };
const blocksOf = (body: AnthropicBody): Json[] => body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));

/** Turn 1 (the open search) on Anthropic, then what the application sends next; the request body. */
async function continueOpenTurn(stop: "pause_turn" | "tool_use", next: (turn1: Message[]) => Message[]): Promise<AnthropicBody> {
  const mock = await startMockProvider({ strict: true, script: [openSearchTurn(stop, stop === "tool_use"), { text: "Tokyo is warmer." }] });
  try {
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("Paris or Tokyo: which is warmer?")], tools };
    const one = await runChecked(swapProvider("anthropic", mock), input);
    expect(one.last).toMatchObject({ type: "RUN_FINISHED" });
    const two = await runChecked(swapProvider("anthropic", mock), { threadId: "t", runId: "r2", messages: next(one.messages), tools });
    expect(two.last).toMatchObject({ type: "RUN_FINISHED" });
    expect(mock.requests).toHaveLength(2);
    return mock.requests[1]?.body as AnthropicBody;
  } finally {
    await mock.close();
  }
}

const pausedCall = (turn1: Message[]): string => {
  const call = turn1.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).find((c) => c.function.name === "get_weather");
  return call?.id ?? "";
};

describe("an Anthropic server tool call without its result, its assistant turn still open", () => {
  it("pause_turn: the paused response goes back as the last message, the call in it", async () => {
    const body = await continueOpenTurn("pause_turn", (turn1) => turn1);
    expect(body.messages.at(-1)?.role).toBe("assistant");
    expect(blocksOf(body).some((b) => b.type === "server_tool_use" && b.id === "srvtoolu_01Open")).toBe(true);
    expect(requestProblems("anthropic", body)).toEqual([]);
  });

  it("a user message of tool_result blocks only follows: the call stays (deferred behind the client call)", async () => {
    const body = await continueOpenTurn("tool_use", (turn1) => [...turn1, { id: "result-0", role: "tool", toolCallId: pausedCall(turn1), content: '{"tempC":18}' }]);
    expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(blocksOf(body).some((b) => b.type === "server_tool_use" && b.id === "srvtoolu_01Open")).toBe(true);
    expect((body.messages.at(-1)?.content as Json[]).map((b) => b.type)).toEqual(["tool_result"]);
    expect(requestProblems("anthropic", body)).toEqual([]);
  });

  it("the user writes after the results: the turn is over, the call is dropped (else a 400)", async () => {
    const body = await continueOpenTurn("tool_use", (turn1) => [...turn1, { id: "result-0", role: "tool", toolCallId: pausedCall(turn1), content: '{"tempC":18}' }, user("And Lyon?", "user-2")]);
    expect(blocksOf(body).some((b) => b.type === "server_tool_use")).toBe(false);
    expect(requestProblems("anthropic", body)).toEqual([]);
  });

  it("the check flags the call once its turn is over, and only then", () => {
    const use = { type: "server_tool_use", id: "srvtoolu_01Open", name: "web_search", input: { query: "warmest city" } };
    const call = { type: "tool_use", id: "toolu_01Paris", name: "get_weather", input: { city: "Paris" } };
    const result = { type: "tool_result", tool_use_id: "toolu_01Paris", content: '{"tempC":18}' };
    const ask = { role: "user", content: [{ type: "text", text: "Paris or Tokyo?" }] };
    const turn = { role: "assistant", content: [use, call] };
    expect(requestProblems("anthropic", { messages: [ask, { role: "assistant", content: [use] }] })).toEqual([]);
    expect(requestProblems("anthropic", { messages: [ask, turn, { role: "user", content: [result] }] })).toEqual([]);
    const closed = "messages[1] server_tool_use srvtoolu_01Open has no result block after it";
    expect(requestProblems("anthropic", { messages: [ask, turn, { role: "user", content: [result, { type: "text", text: "And Lyon?" }] }] })).toContain(closed);
    expect(requestProblems("anthropic", { messages: [ask, { role: "assistant", content: [use] }, { role: "user", content: "And Lyon?" }] })).toContain("messages[1] server_tool_use srvtoolu_01Open has no result block after it");
  });
});
