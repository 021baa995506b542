/**
 * Compares one run's AG-UI events with what the generated Gemini stream carried: text and thought
 * deltas byte for byte per message, the arguments of every call (whole args as one delta equal to
 * JSON.stringify(args); streamed partialArgs concatenating to the JSON of the assembled object),
 * every thoughtSignature exactly once on its entity, usage per the formula, finish and
 * pending calls.
 */
import type { Event } from "@agui-bridge/core/adapter";
import { expect } from "vitest";
import type { Expected, ExpectedEntity } from "../arbitraries/gemini-stream.js";
import { bridgeOf, type Rec } from "@agui-bridge/test-support";

const of = (events: readonly Event[], type: string): Rec[] => events.filter((event) => event.type === type) as unknown as Rec[];

/** Per entity: content, arguments, results and encrypted values. */
export function expectConserved(events: readonly Event[], entities: readonly ExpectedEntity[]): void {
  const encrypted = of(events, "REASONING_ENCRYPTED_VALUE");
  const expectSignature = (entityId: string, subtype: string, signature: string | undefined): void => {
    const values = encrypted.filter((event) => event.entityId === entityId).map((event) => [event.subtype, event.encryptedValue]);
    expect(values).toEqual(signature === undefined ? [] : [[subtype, signature]]);
  };

  for (const [kind, startType, contentType] of [
    ["text", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT"],
    ["reasoning", "REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT"],
  ] as const) {
    const want = entities.filter((entity) => entity.kind === kind) as Array<Extract<ExpectedEntity, { kind: "text" | "reasoning" }>>;
    const ids = of(events, startType).map((event) => String(event.messageId));
    expect(ids, `${kind} messages`).toHaveLength(want.length);
    want.forEach((entity, i) => {
      const id = ids[i] as string;
      expect(of(events, contentType).filter((event) => event.messageId === id).map((event) => event.delta)).toEqual(entity.deltas);
      expectSignature(id, "message", entity.signature);
    });
  }

  const calls = entities.filter((entity) => entity.kind === "call") as Array<Extract<ExpectedEntity, { kind: "call" }>>;
  const starts = of(events, "TOOL_CALL_START");
  expect(starts.map((event) => event.toolCallName)).toEqual(calls.map((call) => call.name));
  calls.forEach((call, i) => {
    const start = starts[i] as Rec;
    const id = String(start.toolCallId);
    if (call.providerId !== undefined) {
      expect(id).toBe(call.providerId);
      expect(bridgeOf(start).functionCallId).toBe(call.providerId);
    }
    expect(bridgeOf(start).providerExecuted === true).toBe(call.providerExecuted);
    const args = of(events, "TOOL_CALL_ARGS").filter((event) => event.toolCallId === id).map((event) => String(event.delta));
    if (call.whole) expect(args).toEqual([call.args]);
    else expect(args.join("")).toBe(call.args);
    expectSignature(id, "tool-call", call.signature);
    const results = of(events, "TOOL_CALL_RESULT").filter((event) => event.toolCallId === id);
    if (call.result === undefined) expect(results).toEqual([]);
    else {
      expect(results.map((event) => event.content)).toEqual([call.result]);
      expectSignature(String(results[0]?.messageId), "message", call.resultSignature);
    }
  });

  // Every signature sent arrives once: nothing extra anywhere.
  const sent = entities.flatMap((entity) =>
    entity.kind === "call" ? [entity.signature, entity.resultSignature] : [entity.signature],
  ).filter((value): value is string => value !== undefined);
  expect(encrypted.map((event) => event.encryptedValue).sort()).toEqual([...sent].sort());
}

/** Everything, for a stream that ran to its end. */
export function expectHealthyRun(events: readonly Event[], terminal: Rec, expected: Expected): void {
  expect(terminal.type).toBe("RUN_FINISHED");
  expect((terminal.outcome as Rec).type).toBe("success");
  expectConserved(events, expected.entities);
  expect(terminal.usage).toEqual(expected.usage);
  expect(bridgeOf(terminal)).toMatchObject({ finishReason: expected.finishReason, rawFinishReason: expected.rawFinishReason });
  // Every application call is pending (none has a result), in call order — a streamed call whose
  // closing part never came before its response finished too: the adapter completes its JSON and
  // closes it `interrupted`, and it is still a call the run started and did not answer.
  const calls = expected.entities.filter((entity) => entity.kind === "call");
  const starts = of(events, "TOOL_CALL_START");
  const applicationCalls = starts.filter((event) => bridgeOf(event).providerExecuted !== true).map((event) => event.toolCallId);
  const pending = ((terminal.outcome as Rec).pendingToolCallIds as string[] | undefined) ?? [];
  expect(pending).toEqual(applicationCalls);
  starts.forEach((start, i) => {
    if (calls[i]?.cut !== true) return;
    const end = of(events, "TOOL_CALL_END").find((event) => event.toolCallId === start.toolCallId);
    expect(bridgeOf(end as Rec)).toMatchObject({ interrupted: true });
  });
}
