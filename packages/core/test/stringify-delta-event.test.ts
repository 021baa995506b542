import { describe, expect, it } from "vitest";
import { encodeSSE, EventType, type Event } from "../src/adapter.js";
import { stringifyDeltaEvent } from "../src/encodable/stringify-delta-event.js";

const DELTAS = [
  [EventType.TEXT_MESSAGE_CONTENT, "messageId"],
  [EventType.REASONING_MESSAGE_CONTENT, "messageId"],
  [EventType.TOOL_CALL_ARGS, "toolCallId"],
] as const;

/** Strings JSON must escape: quotes, backslashes, controls, line separators, lone surrogates, emoji. */
const AWKWARD = ["", " ", 'a"b', "a\\b", "\n\r\t\b\f", "\u0000\u001f\u007f", "\u2028\u2029", "\ud800", "x\udfffy", "😀", "é✓", "</script>", '{"x":1}'];

describe("stringifyDeltaEvent", () => {
  it("gives exactly JSON.stringify's text for every delta event shape the builder makes", () => {
    let checked = 0;
    for (const [type, idKey] of DELTAS) {
      for (const id of ["m1", ...AWKWARD]) {
        for (const delta of AWKWARD) {
          for (const timestamp of [undefined, 0, 1767225600000, 1.5, -3]) {
            const event = { type, [idKey]: id, delta, ...(timestamp !== undefined && { timestamp }) } as unknown as Event;
            expect(stringifyDeltaEvent(event)).toBe(JSON.stringify(event));
            expect(encodeSSE(event)).toBe(`data: ${JSON.stringify(event)}\n\n`);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(3 * 14 * 13 * 5);
  });

  it("stays exact when deltas of different messages, calls and types interleave (the head of the last one is reused)", () => {
    const order: Array<[string, string, string]> = [];
    for (let i = 0; i < 40; i++) {
      const [type, idKey] = DELTAS[(i * 7) % 3] as (typeof DELTAS)[number];
      order.push([type, idKey, ["a", "b", "a", '"q"'][(i * 5) % 4] as string]);
    }
    // The same id under another type, and back.
    order.push([EventType.TEXT_MESSAGE_CONTENT, "messageId", "same"], [EventType.TOOL_CALL_ARGS, "toolCallId", "same"], [EventType.TEXT_MESSAGE_CONTENT, "messageId", "same"]);
    for (const [i, [type, idKey, id]] of order.entries()) {
      const event = { type, [idKey]: id, delta: `d${i}` } as unknown as Event;
      expect(stringifyDeltaEvent(event)).toBe(JSON.stringify(event));
    }
  });

  it("declines anything that is not exactly a delta event, and encodeSSE still matches JSON.stringify", () => {
    const declined: Array<Record<string, unknown>> = [
      { type: "TEXT_MESSAGE_CONTENT", delta: "x", messageId: "m" }, // another key order
      { messageId: "m", type: "TEXT_MESSAGE_CONTENT", delta: "x" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x", rawEvent: { a: 1 } }, // an extra key
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x", timestamp: 1, rawEvent: 2 },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x", metadata: {} },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: 5 }, // a non-string value
      { type: "TEXT_MESSAGE_CONTENT", messageId: 7, delta: "x" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x", timestamp: "now" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x", timestamp: Number.NaN },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x", timestamp: Number.POSITIVE_INFINITY },
      { type: "TOOL_CALL_ARGS", messageId: "m", delta: "x" }, // the wrong id member for the type
      { type: "TEXT_MESSAGE_CONTENT", toolCallId: "t", delta: "x" },
      { type: "TEXT_MESSAGE_START", messageId: "m", delta: "x" }, // not a delta type
      { type: "toString", messageId: "m", delta: "x" },
      { type: "__proto__", messageId: "m", delta: "x" },
    ];
    for (const record of declined) {
      const event = record as unknown as Event;
      expect(stringifyDeltaEvent(event)).toBeUndefined();
      expect(encodeSSE(event)).toBe(`data: ${JSON.stringify(event)}\n\n`);
    }
    // A getter is read once, like JSON.stringify reads it.
    let reads = 0;
    const withGetter = { type: "TEXT_MESSAGE_CONTENT", messageId: "m", get delta() { reads++; return "d"; } } as unknown as Event;
    expect(stringifyDeltaEvent(withGetter)).toBe('{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"d"}');
    expect(reads).toBe(1);
  });
});
