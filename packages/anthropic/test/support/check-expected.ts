/**
 * Compares one run's AG-UI events with what the generated Anthropic stream carried: every delta byte
 * for byte per message and per call, every encrypted value exactly once on its entity, usage per the
 * issue's formula, finish reason and pending calls.
 */
import type { Event } from "@agui-bridge/core/adapter";
import { expect } from "vitest";
import type { Expected } from "../arbitraries/message-stream.js";
import { bridgeOf, type Rec } from "@agui-bridge/test-support";

const of = (events: readonly Event[], type: string): Rec[] => events.filter((event) => event.type === type) as unknown as Rec[];

/** Text, reasoning, arguments and encrypted values against the expectation (any terminal). */
export function expectConserved(events: readonly Event[], expected: Pick<Expected, "text" | "reasoning" | "calls">): void {
  // Text: one AG-UI message per Anthropic message, every delta as sent.
  const textStarts = of(events, "TEXT_MESSAGE_START").map((event) => event.messageId);
  expect(textStarts).toEqual([...expected.text.keys()]);
  for (const [messageId, deltas] of expected.text) {
    const got = of(events, "TEXT_MESSAGE_CONTENT").filter((event) => event.messageId === messageId).map((event) => event.delta);
    expect(got).toEqual(deltas);
  }

  // Reasoning: one message per thinking / redacted block, in order.
  const reasoningIds = of(events, "REASONING_MESSAGE_START").map((event) => String(event.messageId));
  expect(reasoningIds).toHaveLength(expected.reasoning.length);
  const encrypted = of(events, "REASONING_ENCRYPTED_VALUE");
  expected.reasoning.forEach((want, i) => {
    const id = reasoningIds[i] as string;
    const start = of(events, "REASONING_MESSAGE_START")[i];
    expect(bridgeOf(start)).toMatchObject({
      encryptedKind: want.kind === "signature" ? "anthropic-signature" : "anthropic-redacted-thinking",
      anthropicMessageId: want.messageId,
      provider: "anthropic",
    });
    // Named only once the message was split (text after a provider-run tool's result).
    expect(bridgeOf(start).assistantMessageId).toBe(want.assistantMessageId === want.messageId ? undefined : want.assistantMessageId);
    const got = of(events, "REASONING_MESSAGE_CONTENT").filter((event) => event.messageId === id).map((event) => event.delta);
    expect(got).toEqual(want.deltas);
    const values = encrypted.filter((event) => event.entityId === id);
    if (want.encrypted === undefined) expect(values).toEqual([]);
    else expect(values.map((event) => [event.subtype, event.encryptedValue])).toEqual([["message", want.encrypted]]);
  });
  // No encrypted value lands anywhere else.
  expect(encrypted).toHaveLength(expected.reasoning.filter((want) => want.encrypted !== undefined).length);

  // Tool calls: ids, names, parents, argument fragments, provider-run results.
  const starts = of(events, "TOOL_CALL_START");
  expect(starts.map((event) => event.toolCallId)).toEqual(expected.calls.map((call) => call.id));
  expected.calls.forEach((call, i) => {
    const start = starts[i] as Rec;
    expect(start.toolCallName).toBe(call.name);
    expect(start.parentMessageId).toBe(call.parentMessageId);
    expect(bridgeOf(start).providerExecuted === true).toBe(call.providerExecuted);
    const args = of(events, "TOOL_CALL_ARGS").filter((event) => event.toolCallId === call.id).map((event) => event.delta);
    expect(args).toEqual(call.argDeltas);
    const results = of(events, "TOOL_CALL_RESULT").filter((event) => event.toolCallId === call.id);
    if (call.result === undefined) expect(results).toEqual([]);
    else expect(results.map((event) => event.content)).toEqual([call.result]);
  });
}

/** Everything, for a stream that ran to its end. */
export function expectHealthyRun(events: readonly Event[], terminal: Rec, expected: Expected): void {
  expect(terminal.type).toBe("RUN_FINISHED");
  expect((terminal.outcome as Rec).type).toBe("success");
  expectConserved(events, expected);
  expect(terminal.usage).toEqual(expected.usage);
  expect(bridgeOf(terminal)).toMatchObject({ finishReason: expected.finishReason, rawFinishReason: expected.rawFinishReason });
  const pending = ((terminal.outcome as Rec).pendingToolCallIds as string[] | undefined) ?? [];
  expect(pending).toEqual(expected.pending);
}
