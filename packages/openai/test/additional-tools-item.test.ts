/**
 * `additional_tools` output items (openai-node 7.60 `ResponseOutputItem.AdditionalTools`:
 * `{ id, role, tools }`, "the additional tool definitions made available at this item"). The input
 * item of the same type (`ResponseInputItem.AdditionalTools`) takes them back, role `developer`
 * only ("Only `developer` is supported").
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const tools = [{ type: "function", name: "lookup_order", description: "Find an order.", parameters: { type: "object", properties: { id: { type: "string" } } }, strict: true }];
const reasoning = { id: "rs_1", type: "reasoning", summary: [], encrypted_content: "enc" };
const call = { id: "fc_1", type: "function_call", call_id: "call_1", name: "lookup_order", arguments: '{"id":"42"}', status: "completed" };
const input: Message[] = [{ id: "u1", role: "user", content: "Where is order 42?" }];

function response(additional: Rec): Rec[] {
  const output = [reasoning, additional, call];
  return [
    { type: "response.created", response: { id: "resp_1", model: "gpt-5.6", status: "in_progress", output: [] } },
    ...output.flatMap((item, index) => [
      { type: "response.output_item.added", output_index: index, item },
      { type: "response.output_item.done", output_index: index, item },
    ]),
    { type: "response.completed", response: { id: "resp_1", model: "gpt-5.6", status: "completed", output, usage: { input_tokens: 1, output_tokens: 1 } } },
  ];
}

async function run(chunks: Rec[]): Promise<{ events: Event[]; warnings: BridgeWarning[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const warnings: BridgeWarning[] = [];
  const events = await collect(streamResponses(source(), { input: { threadId: "t", runId: "r", messages: input }, generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
  await assertConformant(events, { initialMessages: input });
  return { events, warnings, messages: applyEvents(input, events) };
}

function nextRequest(messages: Message[]): { items: Rec[]; codes: string[] } {
  const warnings: BridgeWarning[] = [];
  const answered: Message[] = [...messages, { id: "t1", role: "tool", toolCallId: "call_1", content: '{"status":"shipped"}' }];
  const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: answered }, { model: "gpt-5.6", onWarning: (w) => warnings.push(w) });
  return { items: params.input as unknown as Rec[], codes: warnings.map((w) => w.code) };
}

describe("additional_tools items", () => {
  const additional = { id: "at_1", type: "additional_tools", role: "developer", tools };

  it("stream as a provider-run step (args its role, result its tools), never pending, no warning", async () => {
    const { events, warnings } = await run(response(additional));
    const start = ofType(events, "TOOL_CALL_START").find((e) => e.toolCallName === "additional_tools");
    expect(readBridgeMetadata(start?.metadata)).toMatchObject({ providerExecuted: true, itemType: "additional_tools", itemId: "at_1" });
    const args = ofType(events, "TOOL_CALL_ARGS").filter((e) => e.toolCallId === start?.toolCallId).map((e) => e.delta).join("");
    expect(JSON.parse(args)).toEqual({ role: "developer" });
    const result = ofType(events, "TOOL_CALL_RESULT").find((e) => e.toolCallId === start?.toolCallId);
    expect(JSON.parse(result?.content as string)).toEqual({ tools });
    expect((last(events) as { outcome?: { pendingToolCallIds?: string[] } }).outcome?.pendingToolCallIds).toEqual(["call_1"]);
    expect(warnings).toEqual([]);
  });

  it("go back in their place: reasoning, the additional tools, the call they made possible, its output", async () => {
    const { items, codes } = nextRequest((await run(response(additional))).messages);
    expect(items.map((item) => item.type ?? item.role)).toEqual(["user", "reasoning", "additional_tools", "function_call", "function_call_output"]);
    expect(items[2]).toEqual(additional);
    expect(codes).toEqual([]);
  });

  it("an item of another role than developer (the input item takes no other) is not sent back: request.provider-item-dropped", async () => {
    const { items, codes } = nextRequest((await run(response({ ...additional, role: "system" }))).messages);
    expect(items.map((item) => item.type ?? item.role)).not.toContain("additional_tools");
    expect(codes).toContain("request.provider-item-dropped");
  });
});
