/**
 * An `onWarning` that throws, given straight to a stream function or a mapper factory (no provider
 * factory in between to guard it): the warning is still told, the handler's exception is ignored,
 * and the run is the same as with a handler that does not throw, ending RUN_FINISHED.
 */
import { createSequentialIds, driveRun, type BridgeWarning, type Event, type WarningHandler } from "@agui-bridge/core/adapter";
import { expectThrowingHandlerIgnored, throwingHandler } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { createChatCompletionsMapper, createResponsesMapper, mapChatUsage, mapResponsesUsage, streamChatCompletions, streamResponses } from "../src/index.js";

async function* from(list: readonly unknown[]): AsyncGenerator<unknown> {
  yield* list;
}
const common = { threadId: "t", runId: "r", emitRawEvents: true } as const;

/** The same valid run with a throwing handler as with a quiet one, its unmodelled content told once and still sent as RAW. */
async function expectSameRun(run: (onWarning: WarningHandler) => AsyncIterable<Event>): Promise<void> {
  const { events, warnings } = await expectThrowingHandlerIgnored(run);
  expect(events.some((event) => event.type === "RAW")).toBe(true);
  expect(warnings.map((w) => w.code)).toEqual(["stream.unknown-content"]);
}

describe("a throwing onWarning given straight to the Responses mapper", () => {
  // An output item of a type the mapper does not model: `stream.unknown-content` (kind "item").
  const events = [
    { type: "response.created", response: { id: "resp_1", model: "gpt-test", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { id: "fut_1", type: "future_item" } },
    { type: "response.output_item.added", output_index: 1, item: { id: "msg_1", type: "message", role: "assistant", content: [] } },
    { type: "response.output_text.delta", output_index: 1, item_id: "msg_1", delta: "Hello." },
    { type: "response.completed", response: { id: "resp_1", status: "completed", usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 } } },
  ];

  it("streamResponses: the run completes as with a quiet handler", async () => {
    await expectSameRun((onWarning) => streamResponses(from(events), { ...common, generateId: createSequentialIds("id"), onWarning }));
  });

  it("createResponsesMapper under driveRun: the run completes as with a quiet handler", async () => {
    await expectSameRun(
      (onWarning) => driveRun({ source: from(events), threadId: "t", runId: "r", generateId: createSequentialIds("id"), createMapper: (run) => createResponsesMapper(run, { ...common, onWarning }) })
    );
  });
});

describe("a throwing onWarning given straight to the Chat Completions mapper", () => {
  // A content part of a type the mapper does not model: `stream.unknown-content` (kind "content-part").
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): unknown => ({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    model: "gpt-test",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const chunks = [chunk({ role: "assistant", content: [{ type: "future_part", data: 1 }] }), chunk({ content: "Hello." }), chunk({}, "stop")];

  it("streamChatCompletions: the run completes as with a quiet handler", async () => {
    await expectSameRun((onWarning) => streamChatCompletions(from(chunks), { ...common, generateId: createSequentialIds("id"), onWarning }));
  });

  it("createChatCompletionsMapper under driveRun: the run completes as with a quiet handler", async () => {
    await expectSameRun(
      (onWarning) => driveRun({ source: from(chunks), threadId: "t", runId: "r", generateId: createSequentialIds("id"), createMapper: (run) => createChatCompletionsMapper(run, { ...common, onWarning }) })
    );
  });
});

describe("a throwing onWarning given to the standalone usage mappers", () => {
  it("mapChatUsage and mapResponsesUsage tell it and return the counts that survive", () => {
    const told: BridgeWarning[] = [];
    const onWarning = throwingHandler(told);
    expect(mapChatUsage({ prompt_tokens: 5, completion_tokens: -1 }, { model: "m", onWarning })).toEqual({ provider: "openai", model: "m", inputTokens: 5 });
    expect(mapResponsesUsage({ input_tokens: 5, output_tokens: 2, output_tokens_details: { reasoning_tokens: 3 } }, { onWarning })).toEqual({ provider: "openai", inputTokens: 5, outputTokens: 2, totalTokens: 7 });
    expect(told.map((w) => w.code)).toEqual(["usage.invalid-count", "usage.part-exceeds-total"]);
  });
});
