/**
 * A Responses stream that repeats events it already delivered (a proxy replaying after a
 * reconnect; an app concatenating a background response's stream with its resumption from
 * `starting_after` an earlier `sequence_number`): an event whose `sequence_number` is not above
 * one already handled for the same response is dropped, with one `stream.replayed-event` warning
 * per run. Streams without numeric sequence numbers, and responses that number their events anew
 * (a new `response.created`), are read as they come. Hand-written events, SDK and raw paths.
 */
import { describe, expect, it } from "vitest";
import { ofType, last } from "./support/collect.js";
import { runResponsesBothPaths } from "./support/responses-both-paths.js";

type Rec = Record<string, unknown>;
const usage = { input_tokens: 1, output_tokens: 1, total_tokens: 2 };
const message = (id: string, text: string): Rec => ({ id, type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });

/** One response's events, numbered from `from` (`null`: no sequence numbers). */
function response(id: string, msg: string, deltas: readonly string[], from: number | null = 0): Rec[] {
  const events: Rec[] = [
    { type: "response.created", response: { id, model: "m", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { ...message(msg, ""), status: "in_progress", content: [] } },
    ...deltas.map((delta) => ({ type: "response.output_text.delta", item_id: msg, output_index: 0, content_index: 0, delta })),
    { type: "response.output_item.done", output_index: 0, item: message(msg, deltas.join("")) },
    { type: "response.completed", response: { id, model: "m", status: "completed", output: [message(msg, deltas.join(""))], usage } },
  ];
  return from === null ? events : events.map((event, i) => ({ ...event, sequence_number: from + i }));
}

const texts = (events: Parameters<typeof ofType>[0]) => ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta);

describe("Responses: events replayed with sequence numbers already handled", () => {
  it("a replay of the stream's events after a reconnect is dropped, with one warning", async () => {
    const first = response("resp_1", "msg_1", ["Hel", "lo", "!"]);
    // The connection broke after the second delta; the proxy replays from event 2.
    const { events, warnings } = await runResponsesBothPaths([...first.slice(0, 4), ...first.slice(2)]);
    expect(texts(events)).toEqual(["Hel", "lo", "!"]);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(warnings.map((w) => w.code)).toEqual(["stream.replayed-event"]);
  });

  it("a replay from the very start (response.created again, same response) is dropped too", async () => {
    const first = response("resp_1", "msg_1", ["Hel", "lo"]);
    const { events, warnings } = await runResponsesBothPaths([...first.slice(0, 3), ...first]);
    expect(texts(events)).toEqual(["Hel", "lo"]);
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(warnings.map((w) => w.code)).toEqual(["stream.replayed-event"]);
  });

  it("responses back to back each numbered from 0 are all read", async () => {
    const { events, warnings } = await runResponsesBothPaths([...response("resp_1", "msg_1", ["A"]), ...response("resp_2", "msg_2", ["B"])]);
    expect(texts(events)).toEqual(["A", "B"]);
    expect(warnings).toEqual([]);
  });

  it("without sequence numbers, or with ones that are not numbers, nothing is dropped", async () => {
    const plain = response("resp_1", "msg_1", ["A", "B"], null);
    const repeated = [...plain.slice(0, 3), plain[2] as Rec, ...plain.slice(3)];
    expect(texts((await runResponsesBothPaths(repeated)).events)).toEqual(["A", "A", "B"]);
    const strings = repeated.map((event) => ({ ...event, sequence_number: "1" }));
    const { events, warnings } = await runResponsesBothPaths(strings);
    expect(texts(events)).toEqual(["A", "A", "B"]);
    // The repeat shows where it can: the final text is not what streamed (it stays as it streamed).
    expect(warnings.map((warning) => [warning.code, warning.details])).toEqual([
      ["stream.final-text-differs", { kind: "text", id: "msg_1", index: 0, streamedLength: 3, finalLength: 2, final: "AB" }],
    ]);
  });

  it("a 0 on an event other than the response's first is a gateway's default, not a replay: kept", async () => {
    // LiteLLM's synthetic Responses stream serializes a model default of 0 on events it does not
    // number; sub2api writes 0 on a terminal event it synthesizes when the last number is unknown.
    const numbered = response("resp_1", "msg_1", ["Hel", "lo", "!"]);
    const zeroed = numbered.map((event) => (event.type === "response.output_text.delta" || event.type === "response.completed" ? { ...event, sequence_number: 0 } : event));
    const { events, warnings } = await runResponsesBothPaths(zeroed);
    expect(texts(events)).toEqual(["Hel", "lo", "!"]);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(warnings).toEqual([]);
  });
});
