/**
 * An `onWarning` that throws, given straight to a stream function or a mapper factory (no provider
 * factory in between to guard it): the warning is still told, the handler's exception is ignored,
 * and the run is the same as with a handler that does not throw, ending RUN_FINISHED.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, driveRun, type BridgeWarning, type Event, type WarningHandler } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createChatCompletionsMapper, createResponsesMapper, streamChatCompletions, streamResponses } from "../src/index.js";
import { collect, last } from "./support/collect.js";

async function* from(list: readonly unknown[]): AsyncGenerator<unknown> {
  yield* list;
}

const recording = (seen: BridgeWarning[]): WarningHandler => (warning) => {
  seen.push(warning);
};
const throwing = (seen: BridgeWarning[]): WarningHandler => (warning) => {
  seen.push(warning);
  throw new Error("handler failed");
};
const common = { threadId: "t", runId: "r", emitRawEvents: true } as const;

/** The events of one run per handler, checked to be the same valid run ending RUN_FINISHED, with the same warnings told. */
async function expectSameRun(run: (onWarning: WarningHandler) => AsyncIterable<Event>, code: string): Promise<void> {
  const told: BridgeWarning[] = [];
  const expected = await collect(run(recording(told)));
  const thrown: BridgeWarning[] = [];
  const events = await collect(run(throwing(thrown)));
  await assertConformant(events);
  expect(last(events).type).toBe("RUN_FINISHED");
  expect(events).toEqual(expected);
  // The unmodelled content still goes out as RAW (emitRawEvents).
  expect(events.some((event) => event.type === "RAW")).toBe(true);
  expect(thrown).toEqual(told);
  expect(thrown.map((w) => w.code)).toEqual([code]);
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
    await expectSameRun((onWarning) => streamResponses(from(events), { ...common, generateId: createSequentialIds("id"), onWarning }), "stream.unknown-content");
  });

  it("createResponsesMapper under driveRun: the run completes as with a quiet handler", async () => {
    await expectSameRun(
      (onWarning) => driveRun({ source: from(events), threadId: "t", runId: "r", generateId: createSequentialIds("id"), createMapper: (run) => createResponsesMapper(run, { ...common, onWarning }) }),
      "stream.unknown-content",
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
    await expectSameRun((onWarning) => streamChatCompletions(from(chunks), { ...common, generateId: createSequentialIds("id"), onWarning }), "stream.unknown-content");
  });

  it("createChatCompletionsMapper under driveRun: the run completes as with a quiet handler", async () => {
    await expectSameRun(
      (onWarning) => driveRun({ source: from(chunks), threadId: "t", runId: "r", generateId: createSequentialIds("id"), createMapper: (run) => createChatCompletionsMapper(run, { ...common, onWarning }) }),
      "stream.unknown-content",
    );
  });
});
