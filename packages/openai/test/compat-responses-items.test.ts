/**
 * Responses streams of other servers (shapes from Alibaba DashScope's Responses API reference,
 * Qwen models): reasoning streamed as `reasoning_text` deltas that the finished item lists as its
 * `summary`, and the server's own tool call items (`web_extractor_call`, `web_search_image_call`)
 * that carry their output. Also what the next request does with provider-run items that have no
 * input form.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

async function run(events: Rec[], warnings: BridgeWarning[] = []): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* events;
  }
  const out = await collect(streamResponses(source(), { provider: "dashscope", generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
  return { events: out, messages: (await assertConformant(out)) as Message[] };
}

const created = { type: "response.created", response: { id: "863d-uuid", model: "", status: "queued", output: [] } };
const completed = { type: "response.completed", response: { id: "863d-uuid", status: "completed", usage: { input_tokens: 45, output_tokens: 320, total_tokens: 365 } } };
const thought = "用户想要我：\n1. 搜索阿里云官网";

const reasoningEvents = (done: Rec): Rec[] => [
  { type: "response.output_item.added", output_index: 0, item: { id: "msg_r1", type: "reasoning", summary: [] } },
  { type: "response.reasoning_text.delta", output_index: 0, item_id: "msg_r1", delta: thought.slice(0, 6) },
  { type: "response.reasoning_text.delta", output_index: 0, item_id: "msg_r1", delta: thought.slice(6) },
  { type: "response.reasoning_text.done", output_index: 0, item_id: "msg_r1", text: thought },
  { type: "response.output_item.done", output_index: 0, item: done },
];

const reasoningOf = (events: Event[]): string => ofType(events, "REASONING_MESSAGE_CONTENT").map((e) => e.delta).join("");

describe("reasoning a server streams as reasoning_text and finishes as summary", () => {
  it("is written once, byte for byte", async () => {
    const done = { id: "msg_r1", type: "reasoning", summary: [{ type: "summary_text", text: thought }] };
    const { events } = await run([created, ...reasoningEvents(done), completed]);
    expect(reasoningOf(events)).toBe(thought);
  });

  it("an item that has both (OpenAI: reasoning text streamed, a summary known only at the end) keeps both", async () => {
    const done = { id: "msg_r1", type: "reasoning", summary: [{ type: "summary_text", text: "Searching." }], content: [{ type: "reasoning_text", text: thought }] };
    const { events } = await run([created, ...reasoningEvents(done), completed]);
    expect(reasoningOf(events)).toBe(`${thought}Searching.`);
  });
});

describe("a server's own tool call items", () => {
  const extractor = { id: "msg_x1", type: "web_extractor_call", status: "in_progress", urls: ["https://cn.aliyun.com/"], goal: "key facts" };
  const finished = { ...extractor, status: "completed", output: "The useful information ..." };
  const events: Rec[] = [
    created,
    { type: "response.output_item.added", output_index: 0, item: extractor },
    { type: "response.output_item.done", output_index: 0, item: finished },
    { type: "response.output_item.added", output_index: 1, item: { id: "msg_t1", type: "message", role: "assistant", content: [{ type: "text", text: "" }] } },
    { type: "response.output_text.delta", output_index: 1, delta: "Found it." },
    completed,
  ];

  it("without a call_id are provider-run calls with their output as the result, not skipped", async () => {
    const warnings: BridgeWarning[] = [];
    const out = await run(events, warnings);
    const start = ofType(out.events, "TOOL_CALL_START")[0];
    expect(start).toMatchObject({ toolCallId: "msg_x1", toolCallName: "web_extractor" });
    expect(readBridgeMetadata(start?.metadata)).toMatchObject({ providerExecuted: true, providerToolType: "web_extractor_call", itemId: "msg_x1" });
    expect(JSON.parse(ofType(out.events, "TOOL_CALL_ARGS").map((e) => e.delta).join(""))).toEqual({ urls: extractor.urls, goal: "key facts" });
    expect(JSON.parse(String(ofType(out.events, "TOOL_CALL_RESULT")[0]?.content))).toEqual({ status: "completed", output: finished.output });
    expect(ofType(out.events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("Found it.");
    expect(warnings).toEqual([]);
  });

  it("with a call_id (something the application might have to answer) stay unknown: skipped with a warning", async () => {
    const warnings: BridgeWarning[] = [];
    const withCallId = events.map((event) => (event.item === extractor || event.item === finished ? { ...event, item: { ...(event.item as Rec), call_id: "call_9" } } : event));
    const out = await run(withCallId, warnings);
    expect(ofType(out.events, "TOOL_CALL_START")).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(["stream.unknown-content"]);
  });

  it("go back to no one: the next request omits them as provider-run (not as an invalid claim)", async () => {
    const { messages } = await run(events);
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [{ id: "u", role: "user", content: "Extract." }, ...messages] }, {
      model: "qwen3-max",
      provider: "dashscope",
      onWarning: (w) => warnings.push(w),
    });
    expect((params.input as unknown as Rec[]).map((item) => item.type ?? item.role)).toEqual(["user", "assistant"]);
    expect(warnings.map((w) => w.code)).toEqual(["request.provider-executed-call-omitted"]);
  });
});
