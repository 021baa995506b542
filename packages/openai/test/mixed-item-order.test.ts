/**
 * A response that mixes provider-run tool items (web search, code interpreter, MCP) with
 * application function calls, messages and reasoning: AG-UI folds every call of the response onto
 * one assistant message, and applications put their tool results right after it. The next request
 * must still carry the response's items in the order they were produced (each reasoning item right
 * before the item it led to), then the outputs of its calls, as the API documents for stateless
 * tool loops (the response's `output` appended to `input`, then the `function_call_output` items).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;

const done = (outputIndex: number, item: Rec): Rec[] => [
  { type: "response.output_item.added", output_index: outputIndex, item },
  { type: "response.output_item.done", output_index: outputIndex, item },
];

/** One response with the given output items, streamed item by item. */
function response(id: string, output: Rec[]): Rec[] {
  return [
    { type: "response.created", response: { id, status: "in_progress", output: [] } },
    ...output.flatMap((item, index) => done(index, item)),
    { type: "response.completed", response: { id, status: "completed", output, usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 } } },
  ];
}

/** Folds one run into the conversation; each run has its own id prefix, as runs of real random ids would. */
async function fold(events: Rec[], before: Message[] = []): Promise<Message[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* events;
  }
  const run = await collect(streamResponses(source(), { generateId: createSequentialIds(`run${before.length}-`) }));
  return (await assertConformant(run, { initialMessages: before })) as Message[];
}

function request(messages: Message[]): { items: Rec[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const input: RunAgentInput = { threadId: "t", runId: "r2", messages };
  const { params } = toResponsesRequest(input, { model: "gpt-5", onWarning: (w) => warnings.push(w) });
  return { items: params.input as unknown as Rec[], codes: warnings.map((w) => w.code) };
}

/** What an application does with the pending calls: each result right after the assistant message that holds the call. */
function answerAfterCalls(messages: Message[], answer: (callId: string) => string): Message[] {
  return messages.flatMap((message): Message[] => {
    if (message.role !== "assistant") return [message];
    const results = (message.toolCalls ?? [])
      .filter((call) => !/"providerExecuted":true/.test(JSON.stringify(call.metadata ?? {})))
      .map((call): Message => ({ id: `result-${call.id}`, role: "tool", toolCallId: call.id, content: answer(call.id) }));
    return [message, ...results];
  });
}

const label = (item: Rec): string => String(item.id ?? (item.type === "function_call_output" ? `out:${String(item.call_id)}` : item.role));

const user: Message = { id: "u1", role: "user", content: "Search, compute and look it up." };

const mixed = [
  { id: "rs_1", type: "reasoning", summary: [{ type: "summary_text", text: "Search first." }], encrypted_content: "ENC1" },
  { id: "ws_1", type: "web_search_call", status: "completed", action: { type: "search", query: "q" } },
  { id: "rs_2", type: "reasoning", summary: [], encrypted_content: "ENC2" },
  { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Now the tools.", annotations: [] }] },
  { id: "rs_3", type: "reasoning", summary: [], encrypted_content: "ENC3" },
  { id: "fc_1", type: "function_call", status: "completed", call_id: "call_1", name: "lookup", arguments: "{\"k\":1}" },
  { id: "ci_1", type: "code_interpreter_call", status: "completed", code: "print(2)", container_id: "cntr_1", outputs: [{ type: "logs", logs: "2" }] },
  { id: "fc_2", type: "function_call", status: "completed", call_id: "call_2", name: "lookup", arguments: "{\"k\":2}" },
];

describe("provider-run tools mixed with function calls and messages keep their order on replay", () => {
  it("results the application puts after the calls: the response's items in output order, then the outputs", async () => {
    const messages = answerAfterCalls(await fold(response("resp_A", mixed)), (id) => `value of ${id}`);
    const { items, codes } = request([user, ...messages]);
    expect(items.map(label)).toEqual(["user", "rs_1", "ws_1", "rs_2", "msg_1", "rs_3", "fc_1", "ci_1", "fc_2", "out:call_1", "out:call_2"]);
    // Every reasoning item is kept (none parted from its item), and the calls keep their item ids.
    expect(codes).toEqual([]);
    expect(items.find((item) => item.call_id === "call_1" && item.type === "function_call")).toMatchObject({ id: "fc_1", arguments: "{\"k\":1}" });
    expect(items.filter((item) => item.type === "function_call_output").map((item) => item.output)).toEqual(["value of call_1", "value of call_2"]);
  });

  it("results the request side repairs go after the whole response too", async () => {
    const { items, codes } = request([user, ...(await fold(response("resp_A", mixed)))]);
    expect(items.map(label)).toEqual(["user", "rs_1", "ws_1", "rs_2", "msg_1", "rs_3", "fc_1", "ci_1", "fc_2", "out:call_1", "out:call_2"]);
    expect(codes).toEqual(["request.missing-tool-result", "request.missing-tool-result"]);
  });

  it("a tool loop over two responses: each response's items, its outputs, then the next response", async () => {
    const first = answerAfterCalls(await fold(response("resp_A", mixed)), (id) => `value of ${id}`);
    const second = await fold(
      response("resp_B", [
        { id: "rs_4", type: "reasoning", summary: [], encrypted_content: "ENC4" },
        { id: "mcp_1", type: "mcp_call", status: "completed", server_label: "docs", name: "search", arguments: "{}", output: "found" },
        { id: "rs_5", type: "reasoning", summary: [], encrypted_content: "ENC5" },
        { id: "msg_2", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Done.", annotations: [] }] },
      ]),
      [user, ...first],
    );
    const { items, codes } = request([user, ...first, ...second.slice(first.length + 1)]);
    expect(items.map(label)).toEqual([
      "user", "rs_1", "ws_1", "rs_2", "msg_1", "rs_3", "fc_1", "ci_1", "fc_2", "out:call_1", "out:call_2",
      "rs_4", "mcp_1", "rs_5", "msg_2",
    ]);
    expect(codes).toEqual([]);
  });

  it("a result that answers a call of an earlier response still ends the current one (its place is kept)", async () => {
    const first = await fold(response("resp_A", [mixed[5] as Rec]));
    const second = await fold(response("resp_B", [mixed[0] as Rec, mixed[1] as Rec, mixed[2] as Rec, mixed[3] as Rec]), [user, ...first]);
    const late: Message = { id: "late", role: "tool", toolCallId: "call_1", content: "late value" };
    const { items } = request([user, ...first, ...second.slice(first.length + 1), late]);
    // call_1 was made in resp_A: its output is not pulled into resp_B's items.
    expect(items.map(label)).toEqual(["user", "fc_1", "rs_1", "ws_1", "rs_2", "msg_1", "out:call_1"]);
  });
});
