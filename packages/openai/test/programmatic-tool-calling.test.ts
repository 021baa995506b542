/**
 * Programmatic tool calling over several turns. A response runs a `program` item (its JavaScript
 * `code` and an opaque `fingerprint` that must be round-tripped), which calls the application's
 * functions: `function_call` items with `caller: { type: "program", caller_id }` naming the
 * program's `call_id`. The application answers them with `function_call_output` items; a later
 * response carries the program's `program_output`, then the answer. The next request must carry
 * all of it back in that order (the input item types `program` and `program_output`, the calls with
 * their `caller`), with or without `store`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;

const PROGRAM = { id: "cm_1", type: "program", call_id: "call_prog", code: "const a = await tools.lookup({q: 1});\ntext(JSON.stringify(a));", fingerprint: "fp-opaque" };
const CALLER = { type: "program", caller_id: "call_prog" };
const CALL = { id: "fc_1", type: "function_call", call_id: "call_lookup", name: "lookup", arguments: '{"q":1}', caller: CALLER, status: "completed" };

/** One response streamed item by item (a program's code arrives only on its finished item). */
function response(id: string, output: Rec[]): Rec[] {
  return [
    { type: "response.created", response: { id, status: "in_progress", output: [] } },
    ...output.flatMap((item, index) => [
      { type: "response.output_item.added", output_index: index, item: item.type === "program" ? { ...item, code: "" } : item },
      { type: "response.output_item.done", output_index: index, item },
    ]),
    { type: "response.completed", response: { id, status: "completed", output, usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 } } },
  ];
}

/** Streams one turn answering `before` and folds its events into the conversation with core's `applyEvents`. */
async function turn(events: Rec[], before: Message[]): Promise<{ messages: Message[]; warnings: BridgeWarning[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* events;
  }
  const warnings: BridgeWarning[] = [];
  const input: RunAgentInput = { threadId: "t", runId: `r${before.length}`, messages: before };
  const run = await collect(streamResponses(source(), { input, generateId: createSequentialIds(`run${before.length}-`), onWarning: (w) => warnings.push(w) }));
  await assertConformant(run, { initialMessages: before });
  return { messages: applyEvents(before, run), warnings };
}

function request(messages: Message[], params: Rec = {}): { items: Rec[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params: out } = toResponsesRequest({ threadId: "t", runId: "next", messages }, { model: "gpt-5.5", params, onWarning: (w) => warnings.push(w) });
  return { items: out.input as unknown as Rec[], codes: warnings.map((w) => w.code) };
}

const user: Message = { id: "u1", role: "user", content: "Look it up with a program." };
const reasoning = { id: "rs_1", type: "reasoning", summary: [], encrypted_content: "enc-1" };

async function firstTurn(): Promise<Message[]> {
  const { messages } = await turn(response("resp_1", [reasoning, PROGRAM, CALL]), [user]);
  return [...messages, { id: "out-1", role: "tool", toolCallId: "call_lookup", content: '{"found":true}' }];
}

describe("programmatic tool calling across turns", () => {
  it.each([["stored", {}], ["store: false", { store: false }]])("the program item and the calls it made go back as they came (%s)", async (_label, params) => {
    const { items, codes } = request(await firstTurn(), params);
    expect(items).toEqual([
      { role: "user", content: user.content },
      { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "enc-1" },
      { type: "program", id: "cm_1", call_id: "call_prog", code: PROGRAM.code, fingerprint: "fp-opaque" },
      { type: "function_call", id: "fc_1", call_id: "call_lookup", name: "lookup", arguments: '{"q":1}', caller: CALLER },
      { type: "function_call_output", call_id: "call_lookup", output: '{"found":true}' },
    ]);
    expect(codes).toEqual([]);
  });

  it("a later response's program_output lands on the program of the earlier turn and goes back after the calls' outputs", async () => {
    const before = await firstTurn();
    const output = { id: "cmo_1", type: "program_output", call_id: "call_prog", result: '{"found":true}', status: "completed" };
    const answer = { id: "msg_1", type: "message", role: "assistant", status: "completed", phase: "final_answer", content: [{ type: "output_text", text: "Found it.", annotations: [] }] };
    const { messages, warnings } = await turn(
      [...response("resp_2", [output, answer]).slice(0, 4), { type: "response.output_text.delta", item_id: "msg_1", output_index: 1, content_index: 0, delta: "Found it." }, ...response("resp_2", [output, answer]).slice(4)],
      before,
    );
    expect(warnings.map((w) => w.code)).not.toContain("stream.orphan-tool-result");
    const result = messages.find((message) => message.role === "tool" && message.toolCallId === "call_prog");
    expect(result?.content).toContain('"result"');
    const { items, codes } = request([...messages, { id: "u2", role: "user", content: "Thanks." }]);
    expect(items.map((item) => item.type ?? item.role)).toEqual(["user", "reasoning", "program", "function_call", "function_call_output", "program_output", "message", "user"]);
    expect(items[5]).toEqual({ type: "program_output", id: "cmo_1", call_id: "call_prog", result: '{"found":true}', status: "completed" });
    expect(items[6]).toMatchObject({ type: "message", id: "msg_1", phase: "final_answer" });
    expect(codes).toEqual([]);
  });

  it("with previous_response_id only the outputs of the program's calls are sent (the chain holds the program)", async () => {
    const { items } = request(await firstTurn(), { previous_response_id: "resp_1" });
    expect(items).toEqual([{ type: "function_call_output", call_id: "call_lookup", output: '{"found":true}' }]);
  });

  it("a call whose program is not in the conversation goes back without the caller naming it", async () => {
    const messages = (await firstTurn()).map((message): Message =>
      message.role === "assistant" ? { ...message, toolCalls: (message.toolCalls ?? []).filter((call) => call.id !== "call_prog") } : message,
    );
    const call = request(messages).items.find((item) => item.type === "function_call");
    expect(call).toMatchObject({ call_id: "call_lookup", name: "lookup" });
    expect(call).not.toHaveProperty("caller");
  });
});

describe("client-run built-in calls a program made (apply_patch_call with a program caller)", () => {
  const PATCH = { id: "apc_1", type: "apply_patch_call", call_id: "call_patch", operation: { type: "delete_file", path: "old.txt" }, status: "completed", caller: CALLER };
  const answer = (messages: Message[]): Message[] => [...messages, { id: "out-p", role: "tool", toolCallId: "call_patch", content: '{"status":"completed","output":"Deleted old.txt"}' }];

  it("goes back with its caller while the program is sent", async () => {
    const { messages } = await turn(response("resp_1", [reasoning, PROGRAM, PATCH]), [user]);
    const { items, codes } = request(answer(messages));
    expect(items.find((item) => item.type === "apply_patch_call")).toMatchObject({ call_id: "call_patch", caller: CALLER });
    expect(codes).toEqual([]);
  });

  it("goes back without a caller naming a program the request does not send (the API could not resolve it)", async () => {
    const { messages } = await turn(response("resp_1", [reasoning, PROGRAM, PATCH]), [user]);
    const withoutProgram = answer(messages).map((message): Message =>
      message.role === "assistant" ? { ...message, toolCalls: (message.toolCalls ?? []).filter((call) => call.id !== "call_prog") } : message,
    );
    const patch = request(withoutProgram).items.find((item) => item.type === "apply_patch_call");
    expect(patch).toMatchObject({ call_id: "call_patch", operation: PATCH.operation });
    expect(patch).not.toHaveProperty("caller");
  });
});

describe("a hosted shell call a program made (the shell tool's allowed_callers)", () => {
  const SHELL = { id: "sh_1", type: "shell_call", call_id: "call_sh", action: { commands: ["ls"], timeout_ms: null, max_output_length: null }, environment: { type: "container_reference", container_id: "cntr_1" }, status: "completed", caller: CALLER };
  const OUTPUT = { id: "sho_1", type: "shell_call_output", call_id: "call_sh", output: [{ stdout: "a.txt\n", stderr: "", outcome: { type: "exit", exit_code: 0 } }], status: "completed" };

  it("goes back with its caller while the program is sent, without it otherwise", async () => {
    const { messages } = await turn(response("resp_1", [reasoning, PROGRAM, SHELL, OUTPUT]), [user]);
    expect(request(messages).items.find((item) => item.type === "shell_call")).toMatchObject({ call_id: "call_sh", caller: CALLER });
    const withoutProgram = messages.map((message): Message =>
      message.role === "assistant" ? { ...message, toolCalls: (message.toolCalls ?? []).filter((call) => call.id !== "call_prog") } : message,
    );
    const shell = request(withoutProgram).items.find((item) => item.type === "shell_call");
    expect(shell).toMatchObject({ call_id: "call_sh", environment: SHELL.environment });
    expect(shell).not.toHaveProperty("caller");
  });
});
