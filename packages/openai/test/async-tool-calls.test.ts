/**
 * Async tool calling (OpenAI's "Async tool calling" guide; openai-node 7.60 `async` on
 * `ResponseFunctionToolCall` / `ResponseCustomToolCall`): with `async: true` on a tool definition
 * the model goes on working after calling it, the call items carry `async: true`, and the
 * application includes the output "in a later Responses request", matched by `call_id`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const call = { id: "fc_1", type: "function_call", call_id: "call_weather", name: "get_weather", arguments: '{"city":"Paris"}', status: "completed", async: true };
const custom = { id: "ctc_1", type: "custom_tool_call", call_id: "call_job", name: "run_job", input: "nightly", status: "completed", async: true };
const answer = { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Pack a light jacket; the weather is on its way.", annotations: [] }] };
const input: Message[] = [{ id: "u1", role: "user", content: "Weather in Paris, and what to pack?" }];

function response(output: Rec[], asyncOnAdded = true): Rec[] {
  return [
    { type: "response.created", response: { id: "resp_1", model: "gpt-6-astra", status: "in_progress", output: [] } },
    ...output.flatMap((item, index) => [
      { type: "response.output_item.added", output_index: index, item: asyncOnAdded ? item : { ...item, async: undefined } },
      { type: "response.output_item.done", output_index: index, item },
    ]),
    { type: "response.completed", response: { id: "resp_1", model: "gpt-6-astra", status: "completed", output, usage: { input_tokens: 3, output_tokens: 4 } } },
  ];
}

async function run(chunks: Rec[]): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { input: { threadId: "t", runId: "r", messages: input }, generateId: createSequentialIds("id") }));
  await assertConformant(events, { initialMessages: input });
  return { events, messages: applyEvents(input, events) };
}

function request(messages: Message[]): { items: Rec[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-6-astra", onWarning: (w) => warnings.push(w) });
  return { items: params.input as unknown as Rec[], codes: warnings.map((w) => w.code) };
}

describe("async function and custom tool calls", () => {
  it("stream as application calls (pending: the application runs them) marked async", async () => {
    const { events } = await run(response([call, custom, answer]));
    for (const start of ofType(events, "TOOL_CALL_START")) expect(readBridgeMetadata(start.metadata)).toMatchObject({ async: true });
    expect((last(events) as { outcome?: { pendingToolCallIds?: string[] } }).outcome?.pendingToolCallIds).toEqual(["call_weather", "call_job"]);
  });

  it("a later turn before the outputs are ready: the calls go back async, with no made-up error result", async () => {
    const { messages } = await run(response([call, custom, answer]));
    const { items, codes } = request([...messages, { id: "u2", role: "user", content: "Thanks, any news?" }]);
    expect(items.filter((item) => item.type === "function_call" || item.type === "custom_tool_call")).toEqual([
      { type: "function_call", id: "fc_1", call_id: "call_weather", name: "get_weather", arguments: '{"city":"Paris"}', async: true },
      { type: "custom_tool_call", id: "ctc_1", call_id: "call_job", name: "run_job", input: "nightly", async: true },
    ]);
    expect(items.some((item) => item.type === "function_call_output" || item.type === "custom_tool_call_output")).toBe(false);
    expect(codes).not.toContain("request.missing-tool-result");
  });

  it("the output, once the application has it, goes back matched by call_id", async () => {
    const { messages } = await run(response([call, answer]));
    const { items } = request([...messages, { id: "t1", role: "tool", toolCallId: "call_weather", content: '{"temperature_c":22}' }]);
    expect(items.find((item) => item.type === "function_call_output")).toEqual({ type: "function_call_output", call_id: "call_weather", output: '{"temperature_c":22}' });
  });

  it("async carried only by the finished item is recorded too", async () => {
    const { messages } = await run(response([call, answer], false));
    const { items, codes } = request([...messages, { id: "u2", role: "user", content: "And?" }]);
    expect(items.find((item) => item.type === "function_call")).toMatchObject({ async: true });
    expect(codes).not.toContain("request.missing-tool-result");
  });

  it("a call that is not async still gets the error result the API needs before the conversation goes on", async () => {
    const { messages } = await run(response([{ ...call, async: undefined }, answer]));
    const { items, codes } = request([...messages, { id: "u2", role: "user", content: "And?" }]);
    expect(items.find((item) => item.type === "function_call")).not.toHaveProperty("async");
    expect(codes).toContain("request.missing-tool-result");
  });
});

describe("an async call's output filed after a later turn", () => {
  it("stays where the application filed it (a later request), not moved back before that turn", async () => {
    const { messages } = await run(response([call, answer]));
    const later: Message[] = [...messages, { id: "u2", role: "user", content: "Anything else?" }, { id: "t1", role: "tool", toolCallId: "call_weather", content: '{"temperature_c":22}' }];
    const { items, codes } = request(later);
    expect(items.map((item) => item.type ?? item.role)).toEqual(["user", "function_call", "message", "user", "function_call_output"]);
    expect(codes).not.toContain("request.late-tool-result");
  });
});
