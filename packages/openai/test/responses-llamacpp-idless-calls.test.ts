/**
 * llama.cpp's `llama-server` on the Responses API (`/v1/responses`), as its first implementation
 * writes the stream (tools/server/server-task.cpp, `to_json_oaicompat_resp_partial` / `_stream`):
 * no `output_index`, `content_index` or `sequence_number` on any event; a `function_call` item's
 * `output_item.added` carries no item `id` (only `call_id: "fc_<id>"`), its argument deltas name it
 * by that `call_id` (`item_id: "fc_<id>"`), and its `output_item.done` and the final output list it
 * again without id or position. Reasoning is `reasoning_text` with `encrypted_content: ""`.
 * Synthetic streams written from that source (no recording found). Before the fix, one call
 * became three: the announced one with empty arguments (its deltas named no known item), one from
 * its `done`, one from `response.completed`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, streamResponsesFromResponse, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";
import { sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

const sse = (events: readonly Rec[]): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(""));

const reasoning = (text: string): Rec => ({ id: "rs_l", summary: [], type: "reasoning", content: [{ text, type: "reasoning_text" }], encrypted_content: "" });
const call = (callId: string, name: string, args: string): Rec => ({ type: "function_call", status: "completed", arguments: args, call_id: callId, name });
const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15, input_tokens_details: { cached_tokens: 4 } };

/** Reasoning, then the calls (each: added, argument deltas naming its call_id), then every `done`, then `response.completed`. */
function stream(calls: ReadonlyArray<{ callId: string; name: string; deltas: readonly string[] }>, complete = true): Rec[] {
  const head: Rec[] = [
    { type: "response.created", response: { id: "resp_l", object: "response", status: "in_progress" } },
    { type: "response.in_progress", response: { id: "resp_l", object: "response", status: "in_progress" } },
    { type: "response.output_item.added", item: { ...reasoning(""), content: [], status: "in_progress" } },
    { type: "response.reasoning_text.delta", delta: "Need ", item_id: "rs_l" },
    { type: "response.reasoning_text.delta", delta: "the weather.", item_id: "rs_l" },
  ];
  const added = calls.map((c) => ({ type: "response.output_item.added", item: { arguments: "", call_id: c.callId, name: c.name, type: "function_call", status: "in_progress" } }));
  // llama.cpp opens each call when its name is parsed and streams its arguments right after.
  const streamed = calls.flatMap((c, n) => [added[n] as Rec, ...c.deltas.map((delta) => ({ type: "response.function_call_arguments.delta", delta, item_id: c.callId }))]);
  if (!complete) return [...head, ...streamed];
  const finished = calls.map((c) => call(c.callId, c.name, c.deltas.join("")));
  return [
    ...head,
    ...streamed,
    { type: "response.output_item.done", item: reasoning("Need the weather.") },
    ...finished.map((item) => ({ type: "response.output_item.done", item })),
    { type: "response.completed", response: { id: "resp_l", object: "response", status: "completed", model: "qwen3", output: [reasoning("Need the weather."), ...finished], usage } },
  ];
}

/** The events through the SDK and through the raw-bytes path (they must agree), with the warnings. */
async function run(chunks: readonly Rec[], provider: string): Promise<{ events: Event[]; warnings: string[] }> {
  const warnings: string[] = [];
  const opts = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r", provider, onWarning: (w: { code: string }) => warnings.push(w.code) });
  const viaSdk = await collect(streamResponses(sdkResponseEvents(sse(chunks)), opts()));
  const viaRaw = await collect(streamResponsesFromResponse(new Response(sse(chunks)), opts()));
  expect(viaRaw).toEqual(viaSdk);
  await assertConformant(viaSdk);
  return { events: viaSdk, warnings };
}

const argsOf = (events: Event[], id: string): string =>
  ofType(events, "TOOL_CALL_ARGS")
    .filter((e) => e.toolCallId === id)
    .map((e) => e.delta)
    .join("");

describe("Responses: llama.cpp's call items without id or output index", () => {
  for (const provider of ["llama.cpp", "my-local-server"]) {
    it(`one call, its arguments byte for byte, once (label ${provider})`, async () => {
      const { events, warnings } = await run(stream([{ callId: "fc_abc", name: "get_weather", deltas: ['{"city":', '"Paris"}'] }]), provider);
      expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallId)).toEqual(["fc_abc"]);
      expect(argsOf(events, "fc_abc")).toBe('{"city":"Paris"}');
      expect(ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("Need the weather.");
      expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([]);
      expect(warnings).toEqual([]);
      expect(last(events)).toMatchObject({
        type: "RUN_FINISHED",
        outcome: { type: "success", pendingToolCallIds: ["fc_abc"] },
        usage: [{ provider, model: "qwen3", inputTokens: 10, outputTokens: 5, totalTokens: 15, cachedInputTokens: 4 }],
      });

      // The next request: the call once, without an item id (none was sent), answered by its result.
      const messages: Message[] = applyEvents([{ id: "u", role: "user", content: "weather?" }], events);
      messages.push({ id: "t1", role: "tool", toolCallId: "fc_abc", content: "sunny" });
      const { params, warnings: requestWarnings } = toResponsesRequest({ threadId: "t", runId: "r2", messages, tools: [], context: [], state: {}, forwardedProps: {} }, { model: "qwen3", provider });
      expect(params.input).toEqual([
        { role: "user", content: "weather?" },
        { type: "reasoning", id: "rs_l", summary: [], content: [{ type: "reasoning_text", text: "Need the weather." }] },
        { type: "function_call", call_id: "fc_abc", name: "get_weather", arguments: '{"city":"Paris"}' },
        { type: "function_call_output", call_id: "fc_abc", output: "sunny" },
      ]);
      expect(requestWarnings).toEqual([]);
    });
  }

  it("two calls: each argument delta goes to the call its call_id names", async () => {
    const { events, warnings } = await run(
      stream([
        { callId: "fc_1", name: "get_weather", deltas: ['{"city"', ':"Paris"}'] },
        { callId: "fc_2", name: "get_time", deltas: ['{"tz":"CET"}'] },
      ]),
      "llama.cpp",
    );
    expect(ofType(events, "TOOL_CALL_START").map((e) => [e.toolCallId, e.toolCallName])).toEqual([
      ["fc_1", "get_weather"],
      ["fc_2", "get_time"],
    ]);
    expect(argsOf(events, "fc_1")).toBe('{"city":"Paris"}');
    expect(argsOf(events, "fc_2")).toBe('{"tz":"CET"}');
    expect(warnings).toEqual([]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["fc_1", "fc_2"] } });
  });

  it("a stream cut mid-arguments: the call closed interrupted with what arrived, RUN_ERROR stream_truncated", async () => {
    const { events } = await run(stream([{ callId: "fc_abc", name: "get_weather", deltas: ['{"city":', '"Par'] }], false), "llama.cpp");
    expect(ofType(events, "TOOL_CALL_START")).toHaveLength(1);
    expect(argsOf(events, "fc_abc")).toBe('{"city":"Par');
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });
});
