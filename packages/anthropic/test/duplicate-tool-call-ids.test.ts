/**
 * Tool call ids a compatible server repeats: within one message, across the messages of one stream,
 * or from the conversation (`call_0` every turn). Core refuses a second call under one id (the run
 * would end RUN_ERROR, the rest lost) and a client folds two calls of one id into one; so a taken
 * id gets a fresh one (warning `stream.duplicate-tool-call-id`, the block id kept as
 * `anthropicToolUseId`), every later reference follows it, and the thread goes back to Anthropic
 * as a valid request.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { checkRun, drain, listSource } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";

type Rec = Record<string, unknown>;
type Chunk = { type: string } & Rec;

const start = (id: string): Chunk => ({ type: "message_start", message: { id, model: "m", content: [], usage: { input_tokens: 5, output_tokens: 1 } } });
const stop = (reason = "tool_use"): Chunk[] => [{ type: "message_delta", delta: { stop_reason: reason }, usage: { output_tokens: 3 } }, { type: "message_stop" }];
const block = (index: number, content_block: Rec, deltas: string[] = []): Chunk[] => [
  { type: "content_block_start", index, content_block },
  ...deltas.map((partial_json) => ({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } })),
  { type: "content_block_stop", index },
];
const toolUse = (index: number, id: string, args: string, extra: Rec = {}) => block(index, { type: "tool_use", id, name: "get_weather", input: {}, ...extra }, [args]);
const serverUse = (index: number, id: string, name = "web_search") => block(index, { type: "server_tool_use", id, name, input: {} }, ['{"query":"q"}']);
const serverResult = (index: number, id: string, marker: string, type = "web_search_tool_result") =>
  block(index, { type, tool_use_id: id, content: [{ type: "web_search_result", url: `https://e.x/${marker}`, title: marker, encrypted_content: marker }] });

async function run(chunks: Chunk[], input?: RunAgentInput) {
  const warnings: BridgeWarning[] = [];
  const events = await drain(
    streamMessages(listSource(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id"), ...(input && { input }), onWarning: (w) => warnings.push(w) }),
  );
  return { events, warnings, duplicates: warnings.filter((w) => w.code === "stream.duplicate-tool-call-id") };
}

const starts = (events: Event[]) => events.filter((e) => e.type === "TOOL_CALL_START") as unknown as Array<{ toolCallId: string; metadata: { "agui-bridge": Rec } }>;
const results = (events: Event[]) => events.filter((e) => e.type === "TOOL_CALL_RESULT") as unknown as Array<{ toolCallId: string; content: string }>;

/** Converts a thread back to a Messages request, answering the client calls still pending; the request must be valid. */
function replay(thread: Message[]) {
  const answered = new Set(thread.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  const pending = thread.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).filter((c) => !answered.has(c.id) && !c.id.startsWith("srvtoolu_"));
  const messages: Message[] = [...thread, ...pending.map((c, k): Message => ({ id: `res-${k}`, role: "tool", toolCallId: c.id, content: `result of ${c.id}` }))];
  const warnings: BridgeWarning[] = [];
  const { params } = toMessagesRequest({ messages }, { onWarning: (w) => warnings.push(w) });
  expect(apiViolations(params)).toEqual([]);
  const blocks = params.messages.flatMap((turn) => (Array.isArray(turn.content) ? (turn.content as unknown as Rec[]) : []));
  return { blocks, warnings: warnings.map((w) => w.code) };
}

describe("a repeated tool call id gets a fresh one", () => {
  it("a client tool_use id repeated within one message: two calls, the second renamed, both answered on replay", async () => {
    const chunks = [start("msg_1"), ...toolUse(0, "toolu_0", '{"city":"Paris"}'), ...toolUse(1, "toolu_0", '{"city":"Rome"}'), ...stop()];
    const { events, duplicates } = await run(chunks);
    const { terminal, messages } = await checkRun(events);
    expect(terminal.type).toBe("RUN_FINISHED");
    const [first, second] = starts(events);
    expect(first?.toolCallId).toBe("toolu_0");
    expect(second?.toolCallId).toMatch(/^toolu_[a-zA-Z0-9_]+$/);
    expect(second?.toolCallId).not.toBe("toolu_0");
    expect(first?.metadata["agui-bridge"].anthropicToolUseId).toBeUndefined();
    expect(second?.metadata["agui-bridge"].anthropicToolUseId).toBe("toolu_0");
    expect(duplicates.map((w) => w.details)).toEqual([{ providerId: "toolu_0", toolCallId: second?.toolCallId }]);
    expect(terminal.outcome).toEqual({ type: "success", pendingToolCallIds: [first?.toolCallId, second?.toolCallId] });

    const thread = [{ id: "u", role: "user", content: "Weather?" } as Message, ...(messages as unknown as Message[])];
    const { blocks, warnings } = replay(thread);
    const uses = blocks.filter((b) => b.type === "tool_use");
    expect(uses.map((b) => [b.id, (b.input as Rec).city])).toEqual([
      ["toolu_0", "Paris"],
      [second?.toolCallId, "Rome"],
    ]);
    expect(blocks.filter((b) => b.type === "tool_result").map((b) => b.tool_use_id)).toEqual(uses.map((b) => b.id));
    expect(warnings).not.toContain("request.tool-call-id-repeated");
  });

  it("a server_tool_use id repeated across messages: each result goes to its own call, the replay pairs them", async () => {
    const chunks = [
      start("msg_1"),
      ...serverUse(0, "srvtoolu_a"),
      ...serverResult(1, "srvtoolu_a", "one"),
      ...stop("pause_turn"),
      start("msg_2"),
      ...serverUse(0, "srvtoolu_a"),
      ...serverResult(1, "srvtoolu_a", "two"),
      ...stop("end_turn"),
    ];
    const { events, duplicates } = await run(chunks);
    const { terminal, messages } = await checkRun(events);
    expect(terminal.type).toBe("RUN_FINISHED");
    const ids = starts(events).map((s) => s.toolCallId);
    expect(ids[0]).toBe("srvtoolu_a");
    expect(ids[1]).toMatch(/^srvtoolu_[a-zA-Z0-9_]+$/);
    expect(duplicates).toHaveLength(1);
    expect(results(events).map((r) => [r.toolCallId, JSON.parse(r.content)[0].title])).toEqual([
      ["srvtoolu_a", "one"],
      [ids[1], "two"],
    ]);

    const { blocks, warnings } = replay([{ id: "u", role: "user", content: "Search" } as Message, ...(messages as unknown as Message[])]);
    expect(blocks.filter((b) => b.type === "server_tool_use").map((b) => b.id)).toEqual(ids);
    expect(blocks.filter((b) => b.type === "web_search_tool_result").map((b) => [b.tool_use_id, (b.content as Rec[])[0]?.title])).toEqual([
      [ids[0], "one"],
      [ids[1], "two"],
    ]);
    expect(warnings.filter((w) => w.startsWith("request.invalid") || w.startsWith("request.unanswered"))).toEqual([]);
  });

  it("two calls under one server id before their results: a result goes to the latest call without one", async () => {
    const chunks = [
      start("msg_1"),
      ...serverUse(0, "srvtoolu_b"),
      ...serverUse(1, "srvtoolu_b"),
      ...serverResult(2, "srvtoolu_b", "first-result"),
      ...serverResult(3, "srvtoolu_b", "second-result"),
      ...stop("end_turn"),
    ];
    const { events } = await run(chunks);
    const { terminal } = await checkRun(events);
    expect(terminal.type).toBe("RUN_FINISHED");
    const ids = starts(events).map((s) => s.toolCallId);
    expect(results(events).map((r) => [r.toolCallId, JSON.parse(r.content)[0].title])).toEqual([
      [ids[1], "first-result"],
      [ids[0], "second-result"],
    ]);
  });

  it("a programmatic call names the renamed code execution call it came from, and the replay keeps the pair", async () => {
    const code = (index: number) => block(index, { type: "server_tool_use", id: "srvtoolu_c", name: "code_execution", input: {} }, ['{"code":"x"}']);
    const codeResult = (index: number) => block(index, { type: "code_execution_tool_result", tool_use_id: "srvtoolu_c", content: { type: "code_execution_result", stdout: "", stderr: "", return_code: 0, content: [] } });
    const caller = { caller: { type: "code_execution_20250825", tool_id: "srvtoolu_c" } };
    const chunks = [
      start("msg_1"),
      ...code(0),
      ...codeResult(1),
      ...stop("end_turn"),
      start("msg_2"),
      ...code(0),
      ...toolUse(1, "toolu_p", '{"city":"Oslo"}', caller),
      { type: "message_delta", delta: { stop_reason: "tool_use", container: { id: "container_1", expires_at: "2030-01-01T00:00:00Z" } }, usage: { output_tokens: 3 } },
      { type: "message_stop" },
    ];
    const { events } = await run(chunks);
    const { terminal, messages } = await checkRun(events);
    expect(terminal.type).toBe("RUN_FINISHED");
    const [, renamed, programmatic] = starts(events);
    expect(renamed?.toolCallId).not.toBe("srvtoolu_c");
    expect(programmatic?.metadata["agui-bridge"].caller).toEqual({ type: "code_execution_20250825", tool_id: renamed?.toolCallId });
    const { blocks, warnings } = replay([{ id: "u", role: "user", content: "Run" } as Message, ...(messages as unknown as Message[])]);
    expect(blocks.find((b) => b.type === "tool_use")?.caller).toEqual({ type: "code_execution_20250825", tool_id: renamed?.toolCallId });
    expect(warnings).not.toContain("request.orphan-caller");
  });

  it("an id the conversation already used (call_0 every turn): a fresh id, two calls in the thread, a valid request", async () => {
    const history: Message[] = [
      { id: "u1", role: "user", content: "Weather in Paris?" },
      { id: "a1", role: "assistant", toolCalls: [{ id: "call_0", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
      { id: "t1", role: "tool", toolCallId: "call_0", content: "18°C" },
      { id: "u2", role: "user", content: "And Tokyo?" },
    ];
    const input: RunAgentInput = { threadId: "t", runId: "r", state: {}, messages: history, tools: [], context: [], forwardedProps: {} };
    const { events, duplicates } = await run([start("msg_2"), ...toolUse(0, "call_0", '{"city":"Tokyo"}'), ...stop()], input);
    const [call] = starts(events);
    expect(call?.toolCallId).toMatch(/^call_[a-zA-Z0-9_]+$/);
    expect(call?.toolCallId).not.toBe("call_0");
    expect(call?.metadata["agui-bridge"].anthropicToolUseId).toBe("call_0");
    expect(duplicates.map((w) => w.details)).toEqual([{ providerId: "call_0", toolCallId: call?.toolCallId }]);
    const folded = await assertConformant(events, { initialMessages: history });
    for (const thread of [applyEvents(history, events), folded as Message[]]) {
      const calls = thread.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
      expect(calls.map((c) => c.function.arguments)).toEqual(['{"city":"Paris"}', '{"city":"Tokyo"}']);
      expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    }
    const { blocks, warnings } = replay(applyEvents(history, events));
    expect(blocks.filter((b) => b.type === "tool_result").map((b) => [b.tool_use_id, b.content])).toEqual([
      ["call_0", "18°C"],
      [call?.toolCallId, `result of ${call?.toolCallId}`],
    ]);
    expect(warnings).not.toContain("request.tool-call-id-repeated");
  });
});
