/**
 * Output items a Responses-compatible server streams without an `id`: the stream side tracks them
 * under an id it makes up, and that id must never go back as the item's `id` (the server never
 * issued it). Like implicit message items and id-less function calls, reasoning, message,
 * compaction, provider-run and client-run items record an `itemId` only when the server sent one.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const user: Message = { id: "u1", role: "user", content: "hi" };

/** A response whose reasoning item, message item and web search call carry no `id`. */
const chunks: Rec[] = [
  { type: "response.created", response: { id: "resp_x" } },
  { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", summary: [] } },
  { type: "response.reasoning_summary_text.delta", output_index: 0, summary_index: 0, delta: "Think" },
  { type: "response.reasoning_summary_text.delta", output_index: 0, summary_index: 0, delta: "ing." },
  { type: "response.output_item.done", output_index: 0, item: { type: "reasoning", summary: [{ type: "summary_text", text: "Thinking." }] } },
  { type: "response.output_item.added", output_index: 1, item: { type: "message", role: "assistant", content: [] } },
  { type: "response.content_part.added", output_index: 1, content_index: 0, part: { type: "output_text", text: "" } },
  { type: "response.output_text.delta", output_index: 1, content_index: 0, delta: "Hello" },
  { type: "response.output_item.done", output_index: 1, item: { type: "message", role: "assistant", content: [{ type: "output_text", text: "Hello", annotations: [] }] } },
  { type: "response.output_item.added", output_index: 2, item: { type: "web_search_call", status: "in_progress" } },
  { type: "response.output_item.done", output_index: 2, item: { type: "web_search_call", status: "completed", action: { type: "search", query: "q" } } },
  { type: "response.completed", response: { id: "resp_x", output: [] } },
];

async function run(provider: string): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { provider, input: { threadId: "t", runId: "r", messages: [user] }, generateId: createSequentialIds("made-up-") }));
  await assertConformant(events, { initialMessages: [user] });
  return { events, messages: applyEvents([user], events) };
}

function madeUpIds(input: Rec[]): unknown[] {
  return input.flatMap((item) => [item.id, item.call_id]).filter((id) => typeof id === "string" && id.startsWith("made-up-"));
}

describe("output items streamed without an id", () => {
  it("record no itemId on the stream side", async () => {
    const { events } = await run("openai-compatible");
    const starts = [...ofType(events, "REASONING_MESSAGE_START"), ...ofType(events, "TEXT_MESSAGE_START"), ...ofType(events, "TOOL_CALL_START")];
    expect(starts).toHaveLength(3);
    for (const start of starts) expect(readBridgeMetadata(start.metadata)).not.toHaveProperty("itemId");
    for (const result of ofType(events, "TOOL_CALL_RESULT")) expect(readBridgeMetadata(result.metadata)).not.toHaveProperty("itemId");
    // The output position is still recorded, so the request side keeps the order.
    expect(readBridgeMetadata(ofType(events, "REASONING_MESSAGE_START")[0]?.metadata)).toMatchObject({ responseId: "resp_x", outputIndex: 0 });
  });

  it("go back to the server that streamed them without a made-up id: reasoning as an item without id, the message as an assistant message", async () => {
    const { messages } = await run("openai-compatible");
    const { params } = toResponsesRequest({ threadId: "t", runId: "n", messages }, { model: "m", provider: "openai-compatible" });
    const input = params.input as unknown as Rec[];
    expect(madeUpIds(input)).toEqual([]);
    // The web search call cannot be rebuilt without its id (the input item requires one): left out.
    expect(input).toEqual([{ role: "user", content: "hi" }, { type: "reasoning", summary: [{ type: "summary_text", text: "Thinking." }] }, { role: "assistant", content: "Hello" }]);
  });

  it("to OpenAI's own platform, which requires a reasoning item's id, the id-less reasoning is dropped with a warning, never sent with a made-up id", async () => {
    const { messages } = await run("openai");
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "n", messages }, { model: "gpt-5", onWarning: (w) => warnings.push(w) });
    const input = params.input as unknown as Rec[];
    expect(madeUpIds(input)).toEqual([]);
    expect(input.some((item) => item.type === "reasoning" || item.type === "web_search_call")).toBe(false);
    expect(warnings.map((w) => w.code)).toContain("request.reasoning-dropped");
  });
});

describe("a client-run built-in call streamed without an id", () => {
  it("records no itemId; the local shell call (whose input item requires an id) is dropped with its result, never sent with a made-up id", async () => {
    const shell = { type: "local_shell_call", call_id: "call_sh", status: "completed", action: { type: "exec", command: ["ls"], env: {} } };
    async function* source(): AsyncGenerator<unknown> {
      yield { type: "response.created", response: { id: "resp_s" } };
      yield { type: "response.output_item.added", output_index: 0, item: { ...shell, status: "in_progress" } };
      yield { type: "response.output_item.done", output_index: 0, item: shell };
      yield { type: "response.completed", response: { id: "resp_s", output: [] } };
    }
    const events = await collect(streamResponses(source(), { input: { threadId: "t", runId: "r", messages: [user] }, generateId: createSequentialIds("made-up-") }));
    await assertConformant(events, { initialMessages: [user] });
    expect(readBridgeMetadata(ofType(events, "TOOL_CALL_END")[0]?.metadata)).not.toHaveProperty("itemId");
    const messages = [...applyEvents([user], events), { id: "t1", role: "tool", toolCallId: "call_sh", content: "README.md" } as Message];
    const warnings: BridgeWarning[] = [];
    const input = toResponsesRequest({ threadId: "t", runId: "n", messages }, { model: "gpt-5", onWarning: (w) => warnings.push(w) }).params.input as unknown as Rec[];
    expect(madeUpIds(input)).toEqual([]);
    expect(input).toEqual([{ role: "user", content: "hi" }]);
    expect(warnings.map((w) => w.code)).toContain("request.client-item-dropped");
  });
});
