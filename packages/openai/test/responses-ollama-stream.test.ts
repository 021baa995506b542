/**
 * Ollama's Responses API (`/v1/responses`), as its converter writes the stream (ollama/ollama
 * openai/responses.go, `ResponsesStreamConverter`): reasoning as `reasoning_summary_text` deltas,
 * the reasoning item's `encrypted_content` being the thinking as plain text (what Ollama reads
 * back from a reasoning input item as the assistant's thinking); a message item opened before a
 * tool call gets no `output_item.done` and is left out of the final output; function call items
 * reuse the message's output index. Synthetic stream written from that source (no recording found).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, streamResponsesFromResponse, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";
import { sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

const sse = (events: readonly Rec[]): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(""));
const response = (status: string, output: unknown[], usage?: Rec): Rec => ({ id: "resp_o", object: "response", status, model: "gpt-oss:20b", output, ...(usage && { usage }) });
const thinking = { id: "rs_42", type: "reasoning", summary: [{ type: "summary_text", text: "Thinking." }], encrypted_content: "Thinking." };
const fc = { id: "fc_7_0", type: "function_call", status: "completed", call_id: "call_x", name: "get_weather", arguments: '{"city":"Paris"}' };
const usage = { input_tokens: 20, output_tokens: 8, total_tokens: 28, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };

const chunks: Rec[] = [
  { type: "response.created", sequence_number: 0, response: response("in_progress", []) },
  { type: "response.in_progress", sequence_number: 1, response: response("in_progress", []) },
  { type: "response.output_item.added", sequence_number: 2, output_index: 0, item: { id: "rs_42", type: "reasoning", summary: [] } },
  { type: "response.reasoning_summary_text.delta", sequence_number: 3, item_id: "rs_42", output_index: 0, summary_index: 0, delta: "Think" },
  { type: "response.reasoning_summary_text.delta", sequence_number: 4, item_id: "rs_42", output_index: 0, summary_index: 0, delta: "ing." },
  { type: "response.reasoning_summary_text.done", sequence_number: 5, item_id: "rs_42", output_index: 0, summary_index: 0, text: "Thinking." },
  { type: "response.output_item.done", sequence_number: 6, output_index: 0, item: thinking },
  { type: "response.output_item.added", sequence_number: 7, output_index: 1, item: { id: "msg_9", type: "message", status: "in_progress", role: "assistant", content: [] } },
  { type: "response.content_part.added", sequence_number: 8, item_id: "msg_9", output_index: 1, content_index: 0, part: { type: "output_text", text: "", annotations: [], logprobs: [] } },
  { type: "response.output_text.delta", sequence_number: 9, item_id: "msg_9", output_index: 1, content_index: 0, delta: "Let me check.", logprobs: [] },
  { type: "response.output_item.added", sequence_number: 10, output_index: 1, item: { ...fc, status: "in_progress", arguments: "" } },
  { type: "response.function_call_arguments.delta", sequence_number: 11, item_id: "fc_7_0", output_index: 1, delta: '{"city":"Paris"}' },
  { type: "response.function_call_arguments.done", sequence_number: 12, item_id: "fc_7_0", output_index: 1, arguments: '{"city":"Paris"}' },
  { type: "response.output_item.done", sequence_number: 13, output_index: 1, item: fc },
  { type: "response.completed", sequence_number: 14, response: response("completed", [thinking, fc], usage) },
];

async function run(provider: string): Promise<Event[]> {
  const opts = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", provider });
  const viaSdk = await collect(streamResponses(sdkResponseEvents(sse(chunks)), opts()));
  const viaRaw = await collect(streamResponsesFromResponse(new Response(sse(chunks)), opts()));
  expect(viaRaw).toEqual(viaSdk);
  await assertConformant(viaSdk);
  return viaSdk;
}

describe("Responses: Ollama's stream", () => {
  it("reasoning, the unfinished message's text and the call each once; the thinking goes back on the reasoning item", async () => {
    const events = await run("ollama");
    expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("Thinking.");
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.encryptedValue)).toEqual(["Thinking."]);
    expect(ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["Let me check."]);
    expect(ofType(events, "TEXT_MESSAGE_END")).toEqual([{ type: "TEXT_MESSAGE_END", messageId: "msg_9" }]);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallId)).toEqual(["call_x"]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["call_x"] }, usage: [{ inputTokens: 20, outputTokens: 8, totalTokens: 28 }] });

    const messages = applyEvents([{ id: "u", role: "user", content: "weather?" }], events);
    messages.push({ id: "t1", role: "tool", toolCallId: "call_x", content: "sunny" });
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages, tools: [], context: [], state: {}, forwardedProps: {} }, { model: "gpt-oss:20b", provider: "ollama" });
    // Ollama takes reasoning, message, function_call and function_call_output input items; the thinking from `encrypted_content`.
    expect((params.input as unknown as Rec[]).map((item) => item.type ?? item.role)).toEqual(["user", "reasoning", "message", "function_call", "function_call_output"]);
    expect((params.input as unknown as Rec[])[1]).toMatchObject({ type: "reasoning", encrypted_content: "Thinking." });
  });
});
