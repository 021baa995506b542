/**
 * Output items the API returns for calls the application runs (openai-node 7.60
 * `ResponseOutputItem`: `function_call_output`, `custom_tool_call_output`, `computer_call_output`,
 * `local_shell_call_output`, `apply_patch_call_output`, `shell_call_output` of a client-run shell
 * call, `mcp_approval_response`): each becomes the TOOL_CALL_RESULT of the call it names, in the
 * form the application's own answer takes, and the next request sends it back as the item it came
 * as. The expected input items are written here from the API reference's input item types.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const PNG = "iVBORw0KGgo=";

const functionCall = { id: "fc_1", type: "function_call", call_id: "call_f", name: "lookup", arguments: '{"q":"x"}', status: "completed" };
const functionOutput = { id: "fco_1", type: "function_call_output", call_id: "call_f", output: '{"hits":3}', status: "completed" };
const customCall = { id: "ctc_1", type: "custom_tool_call", call_id: "call_c", name: "render", input: "draw" };
const customOutput = {
  id: "ctco_1",
  type: "custom_tool_call_output",
  call_id: "call_c",
  status: "completed",
  output: [
    { type: "input_text", text: "done" },
    { type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "high" },
    { type: "input_file", file_data: "data:application/pdf;base64,JVBERi0=", filename: "report.pdf" },
  ],
};
const computerCall = { id: "cu_1", type: "computer_call", call_id: "call_u", action: { type: "screenshot" }, pending_safety_checks: [], status: "completed" };
const computerOutput = {
  id: "cuo_1",
  type: "computer_call_output",
  call_id: "call_u",
  status: "completed",
  output: { type: "computer_screenshot", image_url: "https://example.com/shot.png" },
  acknowledged_safety_checks: [{ id: "sc_1", code: "malicious_instructions", message: "ok" }],
};
const localShellCall = { id: "lsh_1", type: "local_shell_call", call_id: "call_l", action: { type: "exec", command: ["ls"], env: {} }, status: "completed" };
const localShellOutput = { id: "lsho_1", type: "local_shell_call_output", call_id: "call_l", output: '{"stdout":"a.txt"}', status: "completed" };
const patchCall = { id: "apc_1", type: "apply_patch_call", call_id: "call_p", operation: { type: "delete_file", path: "a.txt" }, status: "completed" };
const patchOutput = { id: "apco_1", type: "apply_patch_call_output", call_id: "call_p", status: "failed", output: "no such file" };
const shellCall = { id: "sh_1", type: "shell_call", call_id: "call_s", action: { commands: ["ls"], max_output_length: 64, timeout_ms: null }, status: "completed", environment: null };
const shellOutput = {
  id: "sho_1",
  type: "shell_call_output",
  call_id: "call_s",
  status: "completed",
  max_output_length: 64,
  output: [{ stdout: "a.txt\n", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
};
const approvalRequest = { id: "mcpr_1", type: "mcp_approval_request", name: "deploy", arguments: "{}", server_label: "ops" };
const approvalResponse = { id: "mcpa_1", type: "mcp_approval_response", approval_request_id: "mcpr_1", approve: false, reason: "not on a Friday" };

const PAIRS: Array<[Rec, Rec]> = [
  [functionCall, functionOutput],
  [customCall, customOutput],
  [computerCall, computerOutput],
  [localShellCall, localShellOutput],
  [patchCall, patchOutput],
  [shellCall, shellOutput],
  [approvalRequest, approvalResponse],
];

/** One response whose output holds `items`, each added and finished (unless listed in `notDone`). */
function response(items: Rec[], notDone: ReadonlySet<Rec> = new Set()): Rec[] {
  return [
    { type: "response.created", response: { id: "resp_1", model: "gpt-5.5", status: "in_progress", output: [] } },
    ...items.flatMap((item, index) => [
      { type: "response.output_item.added", output_index: index, item },
      ...(notDone.has(item) ? [] : [{ type: "response.output_item.done", output_index: index, item }]),
    ]),
    { type: "response.completed", response: { id: "resp_1", model: "gpt-5.5", status: "completed", output: items, usage: { input_tokens: 5, output_tokens: 5 } } },
  ];
}

/** Runs so far: each run mints ids of its own prefix, new to the conversation the earlier runs made. */
let runs = 0;

async function run(chunks: Rec[], messages: Message[] = []): Promise<{ events: Event[]; warnings: BridgeWarning[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const warnings: BridgeWarning[] = [];
  const input = { threadId: "t", runId: "r", messages, tools: [], context: [] };
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds(`run${++runs}-id`), onWarning: (w) => warnings.push(w), input }));
  const folded = (await assertConformant(events, { input })) as Message[];
  return { events, warnings, messages: folded };
}

function resultOf(events: Event[], toolCallId: string): Rec | undefined {
  return ofType(events, "TOOL_CALL_RESULT").find((event) => event.toolCallId === toolCallId) as Rec | undefined;
}

describe("output items of application calls (openai 7.60 ResponseOutputItem)", () => {
  it("each answers the call it names: a TOOL_CALL_RESULT in the application's answer form, no unknown-item warning", async () => {
    const { events, warnings } = await run(response(PAIRS.flat()));
    expect(warnings.filter((w) => w.code === "stream.unknown-content" || w.code === "stream.orphan-tool-result")).toEqual([]);
    expect(resultOf(events, "call_f")?.content).toBe('{"hits":3}');
    expect(resultOf(events, "call_c")?.content).toEqual([
      { type: "text", text: "done" },
      { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" }, metadata: { detail: "high" } },
      { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" }, metadata: { filename: "report.pdf" } },
    ]);
    expect(resultOf(events, "call_u")?.content).toEqual([
      { type: "image", source: { type: "url", value: "https://example.com/shot.png" } },
      { type: "text", text: JSON.stringify({ acknowledged_safety_checks: computerOutput.acknowledged_safety_checks }) },
    ]);
    expect(resultOf(events, "call_l")?.content).toBe('{"stdout":"a.txt"}');
    expect(JSON.parse(resultOf(events, "call_p")?.content as string)).toEqual({ status: "failed", output: "no such file" });
    expect(JSON.parse(resultOf(events, "call_s")?.content as string)).toMatchObject({ output: shellOutput.output, max_output_length: 64 });
    expect(JSON.parse(resultOf(events, "mcpr_1")?.content as string)).toEqual({ approve: false, reason: "not on a Friday" });
    // Metadata: the output item's type and id, its other fields; not provider-executed (the call is the application's).
    const fields = (resultOf(events, "call_f")?.metadata as Rec)["agui-bridge"] as Rec;
    expect(fields).toMatchObject({ providerToolType: "function_call_output", itemId: "fco_1", itemFields: { status: "completed" } });
    expect(fields.providerExecuted).toBeUndefined();
    // Every call has its result: none is left pending for the application.
    const finished = ofType(events, "RUN_FINISHED")[0] as Rec | undefined;
    expect((finished?.outcome as Rec | undefined)?.pendingToolCallIds ?? []).toEqual([]);
  });

  it("the next request sends each output back as the item it came as (own id, call id, content)", async () => {
    const { messages } = await run(response(PAIRS.flat()));
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-5.5", onWarning: (w) => warnings.push(w) });
    const outputs = (params.input as unknown as Rec[]).filter((item) => PAIRS.some(([, output]) => output.type === item.type));
    expect(outputs).toEqual([
      { type: "function_call_output", id: "fco_1", call_id: "call_f", output: '{"hits":3}' },
      {
        type: "custom_tool_call_output",
        id: "ctco_1",
        call_id: "call_c",
        output: [
          { type: "input_text", text: "done" },
          { type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "high" },
          { type: "input_file", file_data: "data:application/pdf;base64,JVBERi0=", filename: "report.pdf" },
        ],
      },
      { type: "computer_call_output", id: "cuo_1", call_id: "call_u", output: computerOutput.output, acknowledged_safety_checks: computerOutput.acknowledged_safety_checks },
      { type: "local_shell_call_output", id: "lsho_1", call_id: "call_l", output: '{"stdout":"a.txt"}' },
      { type: "apply_patch_call_output", id: "apco_1", call_id: "call_p", status: "failed", output: "no such file" },
      { type: "shell_call_output", id: "sho_1", call_id: "call_s", output: shellOutput.output, max_output_length: 64 },
      { type: "mcp_approval_response", id: "mcpa_1", approval_request_id: "mcpr_1", approve: false, reason: "not on a Friday" },
    ]);
    expect(warnings.filter((w) => w.code === "request.missing-tool-result" || w.code === "request.unsupported-part")).toEqual([]);
  });

  it("a response whose calls its own output items all answered finishes in stop; one left for the application, in tool-calls", async () => {
    const finishReason = (events: Event[]): unknown => ((ofType(events, "RUN_FINISHED")[0]?.metadata as Rec | undefined)?.["agui-bridge"] as Rec | undefined)?.finishReason;
    const message = { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "3 hits.", annotations: [] }] };
    expect(finishReason((await run(response([functionCall, functionOutput, message]))).events)).toBe("stop");
    expect(finishReason((await run(response([functionCall, functionOutput, customCall]))).events)).toBe("tool-calls");
  });

  it("an answer the application wrote itself goes back without an item id", async () => {
    const { messages } = await run(response([functionCall]));
    const answered: Message[] = [...messages, { id: "tool_1", role: "tool", toolCallId: "call_f", content: "3 hits" }];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: answered }, { model: "gpt-5.5" });
    expect((params.input as unknown as Rec[]).find((item) => item.type === "function_call_output")).toEqual({ type: "function_call_output", call_id: "call_f", output: "3 hits" });
  });

  it("an output whose done never came is taken from response.completed, once", async () => {
    const { events } = await run(response([functionCall, functionOutput], new Set([functionOutput])));
    expect(ofType(events, "TOOL_CALL_RESULT").map((event) => [event.toolCallId, event.content])).toEqual([["call_f", '{"hits":3}']]);
  });

  it("an output for an unanswered call of an earlier turn lands on that call", async () => {
    const first = await run(response([functionCall]));
    const { events, warnings } = await run(response([functionOutput]), first.messages);
    expect(warnings.filter((w) => w.code === "stream.orphan-tool-result")).toEqual([]);
    expect(resultOf(events, "call_f")?.content).toBe('{"hits":3}');
  });

  it("an output naming a call the run never saw is dropped with stream.orphan-tool-result, not stream.unknown-content", async () => {
    const { events, warnings } = await run(response([{ ...functionOutput, call_id: "call_nowhere" }]));
    expect(ofType(events, "TOOL_CALL_RESULT")).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(["stream.orphan-tool-result"]);
  });
});

describe("output item ids repeated across responses", () => {
  it("a later output repeating an earlier one's id goes without its id, not dropped (its call still needs it)", async () => {
    // A compatible server that numbers its items per response (`fco_0` in every response).
    const first = await run(response([{ ...functionCall, id: "fc_0" }, { ...functionOutput, id: "fco_0" }]));
    const second = await run(
      response([
        { ...functionCall, id: "fc_9", call_id: "call_g" },
        { ...functionOutput, id: "fco_0", call_id: "call_g", output: "second" },
      ]),
      first.messages,
    );
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r3", messages: second.messages }, { model: "gpt-5.5", onWarning: (w) => warnings.push(w) });
    expect((params.input as unknown as Rec[]).filter((item) => item.type === "function_call_output")).toEqual([
      { type: "function_call_output", id: "fco_0", call_id: "call_f", output: '{"hits":3}' },
      { type: "function_call_output", call_id: "call_g", output: "second" },
    ]);
    expect(warnings.filter((w) => w.code === "request.duplicate-item-id").map((w) => w.details?.action)).toEqual(["id-removed"]);
  });
});
