/**
 * A message whose stop reason came (`message_delta`) but whose `message_stop` did not: the run
 * ends in RUN_ERROR (the stream was cut, broke, or sent an `error` event), and that RUN_ERROR says
 * how the model had stopped (`finishReason`, `rawFinishReason`, `finishDetails`), as RUN_FINISHED
 * would have. A cancelled run carries none of it, and neither does a later message that had not
 * stopped yet.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";
import { collect } from "./support/replay.js";

type Rec = Record<string, unknown>;

const start = (id: string) => ({
  type: "message_start",
  message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], usage: { input_tokens: 50, output_tokens: 1 } },
});
const answer = (id: string) => [
  start(id),
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "The answer is" } },
  { type: "content_block_stop", index: 0 },
];
const stopped = { type: "message_delta", delta: { stop_reason: "max_tokens", stop_sequence: null }, usage: { output_tokens: 4096 } };

async function run(chunks: readonly unknown[], ending: "cut" | "broken" | "error event" | "aborted"): Promise<Event[]> {
  const controller = new AbortController();
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
    if (ending === "broken") throw new Error("socket hang up");
    if (ending === "error event") yield { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    if (ending === "aborted") {
      controller.abort();
      await new Promise(() => undefined);
    }
  }
  const events = await collect(streamMessages(source(), { generateId: createSequentialIds("id"), signal: controller.signal }));
  await assertConformant(events);
  return events;
}

const terminal = (events: Event[]): { type: string; fields: Rec } => {
  const end = events.at(-1) as Event;
  return { type: end.type, fields: (readBridgeMetadata(end.metadata) ?? {}) as Rec };
};

describe("Anthropic: a stream that ends after the stop reason, before message_stop", () => {
  it("RUN_ERROR carries the stop reason on a cut, a broken stream and an error event", async () => {
    for (const ending of ["cut", "broken", "error event"] as const) {
      const { type, fields } = terminal(await run([...answer("msg_1"), stopped], ending));
      expect(type, ending).toBe("RUN_ERROR");
      expect(fields, ending).toMatchObject({ finishReason: "length", rawFinishReason: "max_tokens" });
    }
  });

  it("nothing of it without a stop reason, on a cancelled run, or from an earlier message", async () => {
    expect(terminal(await run(answer("msg_1"), "cut")).fields.finishReason).toBeUndefined();
    const cancelled = terminal(await run([...answer("msg_1"), stopped], "aborted"));
    expect(cancelled.type).toBe("RUN_FINISHED");
    expect(cancelled.fields.finishReason).toBeUndefined();
    // A first message that stopped normally, then a second one cut before its stop reason.
    const two = terminal(await run([...answer("msg_1"), stopped, { type: "message_stop" }, ...answer("msg_2")], "cut"));
    expect(two.type).toBe("RUN_ERROR");
    expect(two.fields.finishReason).toBeUndefined();
  });
});
