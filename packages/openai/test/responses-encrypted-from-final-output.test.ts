/**
 * A reasoning item whose `output_item.done` carries no `encrypted_content` while the final
 * `response.completed` output does (reported for Azure OpenAI deployments, earendil-works/pi#4256):
 * the value still reaches the reasoning message, once, and goes back in the next request.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

async function* from(values: unknown[]): AsyncGenerator<unknown> {
  for (const value of values) yield value;
}

const reasoning = (extra: Record<string, unknown> = {}) => ({ type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "Thinking." }], ...extra });
const message = { type: "message", id: "msg_1", status: "completed", role: "assistant", content: [{ type: "output_text", text: "Hi", annotations: [] }] };

function stream(doneItem: Record<string, unknown>, finalReasoning: Record<string, unknown>): unknown[] {
  return [
    { type: "response.created", response: { id: "resp_1", model: "gpt-5", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs_1", summary: [] } },
    { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 0, delta: "Thinking." },
    { type: "response.output_item.done", output_index: 0, item: doneItem },
    { type: "response.output_item.added", output_index: 1, item: { ...message, status: "in_progress", content: [] } },
    { type: "response.output_text.delta", item_id: "msg_1", output_index: 1, content_index: 0, delta: "Hi" },
    { type: "response.output_item.done", output_index: 1, item: message },
    { type: "response.completed", response: { id: "resp_1", model: "gpt-5", status: "completed", output: [finalReasoning, message], usage: { input_tokens: 3, output_tokens: 4 } } },
  ];
}

async function run(chunks: unknown[]): Promise<{ events: Event[]; messages: Awaited<ReturnType<typeof assertConformant>> }> {
  const events = await collect(streamResponses(from(chunks), { generateId: createSequentialIds("id"), provider: "azure-openai" }));
  return { events, messages: await assertConformant(events) };
}

describe("encrypted reasoning found only in the final output", () => {
  it("reaches the reasoning message after the item closed, and goes back in the next request", async () => {
    const { events, messages } = await run(stream(reasoning(), reasoning({ encrypted_content: "gAAA-final" })));
    const values = ofType(events, "REASONING_ENCRYPTED_VALUE");
    expect(values.map((e) => [e.subtype, e.encryptedValue])).toEqual([["message", "gAAA-final"]]);
    const reasoningMessage = messages.find((m) => m.role === "reasoning");
    expect(values[0]?.entityId).toBe(reasoningMessage?.id);
    expect(reasoningMessage).toMatchObject({ encryptedValue: "gAAA-final" });
    const { params } = toResponsesRequest(
      { threadId: "t", runId: "r2", messages: [{ id: "u", role: "user", content: "Hello" }, ...messages, { id: "u2", role: "user", content: "More" }] },
      { model: "gpt-5", provider: "azure-openai", params: { store: false } },
    );
    expect(params.input).toContainEqual(expect.objectContaining({ type: "reasoning", id: "rs_1", encrypted_content: "gAAA-final" }));
  });

  it("a reasoning message that had to take another id (the same item id in a second response) gets its own value", async () => {
    const second = stream(reasoning(), reasoning({ encrypted_content: "gAAA-second" })).map((chunk) => JSON.parse(JSON.stringify(chunk).replaceAll("resp_1", "resp_2")));
    const { events, messages } = await run([...stream(reasoning(), reasoning({ encrypted_content: "gAAA-first" })), ...second]);
    const reasoningIds = messages.filter((m) => m.role === "reasoning").map((m) => m.id);
    expect(new Set(reasoningIds).size).toBe(2);
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => [e.entityId, e.encryptedValue])).toEqual([
      [reasoningIds[0], "gAAA-first"],
      [reasoningIds[1], "gAAA-second"],
    ]);
  });

  it("is sent once when the item's done already carried it", async () => {
    const { events } = await run(stream(reasoning({ encrypted_content: "gAAA-done" }), reasoning({ encrypted_content: "gAAA-final" })));
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => e.encryptedValue)).toEqual(["gAAA-done"]);
  });

  it("nothing is added when the final output has none either", async () => {
    const { events } = await run(stream(reasoning(), reasoning()));
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([]);
  });
});
