/**
 * vLLM's Responses server does not use `content_index` as a position in the item's `content`:
 * one counter runs across the whole response (vllm-project/vllm#31761: a reasoning part at 4, the
 * next message's part at 5) or every delta gets the next index (vllm-project/vllm#35184). The
 * finished item then lists the text as its part 0, which had "not streamed" by position: it was
 * written a second time (the answer and the reasoning twice, and twice again in the next request).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const reasoningDone = (text: string): Rec => ({ id: "rs_1", type: "reasoning", summary: [], content: [{ type: "reasoning_text", text }], encrypted_content: null, status: "completed" });
const messageDone = (text: string): Rec => ({ id: "msg_2", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });

/** A reasoning item and a message item whose events carry the content indexes given. */
function stream(reasoning: readonly string[], text: readonly string[], index: (part: "reasoning" | "text", n: number) => number): Rec[] {
  const thought = reasoning.join("");
  const answer = text.join("");
  return [
    { type: "response.created", response: { id: "resp_v", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { ...reasoningDone(""), content: [], status: "in_progress" } },
    ...reasoning.map((delta, n) => ({ type: "response.reasoning_text.delta", item_id: "rs_1", output_index: 0, content_index: index("reasoning", n), delta })),
    { type: "response.reasoning_text.done", item_id: "rs_1", output_index: 0, content_index: index("reasoning", reasoning.length - 1), text: thought },
    { type: "response.output_item.done", output_index: 0, item: reasoningDone(thought) },
    { type: "response.output_item.added", output_index: 1, item: { ...messageDone(""), content: [], status: "in_progress" } },
    { type: "response.content_part.added", item_id: "msg_2", output_index: 1, content_index: index("text", 0), part: { type: "output_text", text: "", annotations: [] } },
    ...text.map((delta, n) => ({ type: "response.output_text.delta", item_id: "msg_2", output_index: 1, content_index: index("text", n), delta })),
    { type: "response.output_text.done", item_id: "msg_2", output_index: 1, content_index: index("text", text.length - 1), text: answer },
    { type: "response.output_item.done", output_index: 1, item: messageDone(answer) },
    { type: "response.completed", response: { id: "resp_v", status: "completed", output: [reasoningDone(thought), messageDone(answer)], usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 } } },
  ];
}

async function run(chunks: Rec[]): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id-"), provider: "vllm" }));
  await assertConformant(events);
  return { events, messages: applyEvents([], events) };
}

const joined = (events: Event[], type: "TEXT_MESSAGE_CONTENT" | "REASONING_MESSAGE_CONTENT"): string => ofType(events, type).map((e) => e.delta).join("");

describe("Responses: vLLM's content_index numbering", () => {
  it("one counter across the response: reasoning and answer once each, and once in the next request", async () => {
    const { events, messages } = await run(stream(["I should ", "greet."], ["Hi ", "there"], (part) => (part === "reasoning" ? 4 : 5)));
    expect(joined(events, "REASONING_MESSAGE_CONTENT")).toBe("I should greet.");
    expect(joined(events, "TEXT_MESSAGE_CONTENT")).toBe("Hi there");
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [{ id: "u", role: "user", content: "hi" }, ...messages, { id: "u2", role: "user", content: "again" }], tools: [], context: [], state: {}, forwardedProps: {} }, { model: "m", provider: "vllm" });
    const texts = JSON.stringify(params.input);
    expect(texts.split("Hi there").length - 1).toBe(1);
    expect(texts.split("I should greet.").length - 1).toBe(1);
  });

  it("a new index per delta: every delta once, nothing written again from the finished items", async () => {
    const { events } = await run(stream(["I", " should", " greet."], ["Hi", " there"], (part, n) => (part === "reasoning" ? 90 + n : 93 + n)));
    expect(joined(events, "REASONING_MESSAGE_CONTENT")).toBe("I should greet.");
    expect(joined(events, "TEXT_MESSAGE_CONTENT")).toBe("Hi there");
  });

  it("a new index per delta: the message and the reasoning go back as the one part each item had", async () => {
    const { events, messages } = await run(stream(["I", " should", " greet."], ["Hi", " there"], (part, n) => (part === "reasoning" ? 90 + n : 93 + n)));
    // The per-delta indexes are no parts: no part boundaries are recorded (one `contentParts` entry per delta before).
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.contentParts).toBeUndefined();
    expect(readBridgeMetadata(ofType(events, "REASONING_MESSAGE_END")[0]?.metadata)?.contentParts).toEqual([{ type: "reasoning_text", length: "I should greet.".length }]);
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [{ id: "u", role: "user", content: "hi" }, ...messages, { id: "u2", role: "user", content: "again" }], tools: [], context: [], state: {}, forwardedProps: {} }, { model: "m", provider: "vllm" });
    const items = params.input as unknown as Rec[];
    expect(items.find((item) => item.type === "reasoning")?.content).toEqual([{ type: "reasoning_text", text: "I should greet." }]);
    expect((items.find((item) => item.role === "assistant")?.content as Rec[]).map((part) => part.text)).toEqual(["Hi there"]);
  });

  it("a new index for each of many deltas: what the mapper keeps for the item stays bounded", async () => {
    const deltas = Array.from({ length: 5000 }, (_, n) => `w${n} `);
    const { events } = await run(stream(deltas, deltas, (part, n) => (part === "reasoning" ? n : 10_000 + n)));
    expect(joined(events, "TEXT_MESSAGE_CONTENT")).toBe(deltas.join(""));
    expect(joined(events, "REASONING_MESSAGE_CONTENT")).toBe(deltas.join(""));
    for (const end of [...ofType(events, "TEXT_MESSAGE_END"), ...ofType(events, "REASONING_MESSAGE_END")]) {
      expect(JSON.stringify(end).length).toBeLessThan(1000);
    }
  });

  it("a finished item longer than what streamed adds only the rest", async () => {
    const chunks = stream(["I should "], ["Hi "], (part) => (part === "reasoning" ? 4 : 5)).map((chunk) =>
      chunk.type === "response.output_item.done" ? { ...chunk, item: (chunk.item as Rec).type === "message" ? messageDone("Hi there") : reasoningDone("I should greet.") } : chunk,
    ).filter((chunk) => chunk.type !== "response.output_text.done" && chunk.type !== "response.reasoning_text.done");
    const { events } = await run(chunks);
    expect(joined(events, "REASONING_MESSAGE_CONTENT")).toBe("I should greet.");
    expect(joined(events, "TEXT_MESSAGE_CONTENT")).toBe("Hi there");
  });
});
