/**
 * An `onWarning` that throws, given straight to `streamMessages` or `createMessagesMapper` (no
 * provider factory in between to guard it): the warning is still told, the handler's exception is
 * ignored, and the run is the same as with a handler that does not throw, ending RUN_FINISHED.
 */
import { createSequentialIds, driveRun, type Event, type WarningHandler } from "@agui-bridge/core/adapter";
import { expectThrowingHandlerIgnored } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { createMessagesMapper, streamMessages } from "../src/index.js";
import { fromList } from "./support/replay.js";

/** The same valid run with a throwing handler as with a quiet one, its unmodelled block told once and still sent as RAW. */
async function expectSameRun(run: (onWarning: WarningHandler) => AsyncIterable<Event>): Promise<void> {
  const { events, warnings } = await expectThrowingHandlerIgnored(run);
  expect(events.some((event) => event.type === "RAW")).toBe(true);
  expect(warnings.map((w) => [w.code, w.details?.kind])).toEqual([["stream.unknown-content", "block"]]);
}

describe("a throwing onWarning given straight to the Messages mapper", () => {
  // A content block of a type the mapper does not model: `stream.unknown-content` (kind "block").
  const events = [
    { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-test", content: [], stop_reason: null, usage: { input_tokens: 3, output_tokens: 1 } } },
    { type: "content_block_start", index: 0, content_block: { type: "future_block", content: null } },
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Hello." } },
    { type: "content_block_stop", index: 1 },
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 2 } },
    { type: "message_stop" },
  ];
  const common = { threadId: "t", runId: "r", emitRawEvents: true } as const;

  it("streamMessages: the run completes as with a quiet handler", async () => {
    await expectSameRun((onWarning) => streamMessages(fromList(events), { ...common, generateId: createSequentialIds("id"), onWarning }));
  });

  it("createMessagesMapper under driveRun: the run completes as with a quiet handler", async () => {
    await expectSameRun((onWarning) =>
      driveRun({ source: fromList(events), threadId: "t", runId: "r", generateId: createSequentialIds("id"), createMapper: (run) => createMessagesMapper(run, { ...common, onWarning }) }),
    );
  });
});
