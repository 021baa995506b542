/**
 * An `onWarning` that throws, given straight to `streamGenerateContent` or
 * `createGenerateContentMapper` (no provider factory in between to guard it): the warning is still
 * told, the handler's exception is ignored, and the run is the same as with a handler that does not
 * throw, ending RUN_FINISHED.
 */
import { createSequentialIds, driveRun, type BridgeWarning, type Event, type Message, type WarningHandler } from "@agui-bridge/core/adapter";
import { expectThrowingHandlerIgnored, recordingHandler, throwingHandler } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { createGenerateContentMapper, streamGenerateContent, toGenerateContentRequest } from "../src/index.js";

async function* from(list: readonly unknown[]): AsyncGenerator<unknown> {
  yield* list;
}

/** The same valid run with a throwing handler as with a quiet one, its unmodelled part told once and still sent as RAW. */
async function expectSameRun(run: (onWarning: WarningHandler) => AsyncIterable<Event>): Promise<void> {
  const { events, warnings } = await expectThrowingHandlerIgnored(run);
  expect(events.filter((event) => event.type === "RAW")).toEqual([expect.objectContaining({ event: { futurePart: { x: 1 } } })]);
  expect(warnings.map((w) => [w.code, w.details?.kind])).toEqual([["stream.unknown-content", "part"]]);
}

describe("a throwing onWarning given straight to the generateContent mapper", () => {
  // A part of a kind the mapper does not model: `stream.unknown-content` (kind "part").
  const chunk = (parts: unknown[], extra: Record<string, unknown> = {}): unknown => ({
    candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
    modelVersion: "gemini-test",
    responseId: "r1",
  });
  const chunks = [chunk([{ futurePart: { x: 1 } }, { text: "Hello" }]), chunk([{ text: "." }], { finishReason: "STOP" })];
  const common = { threadId: "t", runId: "r", emitRawEvents: true } as const;

  it("streamGenerateContent: the run completes as with a quiet handler", async () => {
    await expectSameRun((onWarning) => streamGenerateContent(from(chunks), { ...common, generateId: createSequentialIds("id"), onWarning }));
  });

  it("createGenerateContentMapper under driveRun: the run completes as with a quiet handler", async () => {
    await expectSameRun((onWarning) =>
      driveRun({ source: from(chunks), threadId: "t", runId: "r", generateId: createSequentialIds("id"), createMapper: (run) => createGenerateContentMapper(run, { ...common, onWarning }) }),
    );
  });
});

describe("a throwing onWarning given straight to toGenerateContentRequest", () => {
  it("the request and its warnings are the same as with a quiet handler", () => {
    // An empty user message and a conversation starting with the model: two request warnings.
    const messages: Message[] = [
      { id: "u", role: "user", content: "" },
      { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }], metadata: { "agui-bridge": { provider: "google" } } },
      { id: "t", role: "tool", toolCallId: "c1", content: "{}" },
    ];
    const told: BridgeWarning[] = [];
    const expected = toGenerateContentRequest({ messages }, { onWarning: recordingHandler(told) });
    const thrown: BridgeWarning[] = [];
    const result = toGenerateContentRequest({ messages }, { onWarning: throwingHandler(thrown) });
    expect(result).toEqual(expected);
    expect(thrown).toEqual(told);
    expect(result.warnings.map((w) => w.code)).toEqual(["request.empty-message", "request.empty-user-turn"]);
  });
});
