/**
 * The Responses streaming reference's audio events (`response.audio.delta` / `.done`,
 * `response.audio.transcript.delta` / `.done`: base64 audio and its transcript, naming no output
 * item). AG-UI has no audio event and they belong to no message: dropped, but reported once per
 * stream (`stream.audio-dropped`), RAW with `emitRawEvents`; the run itself is unaffected.
 */
import { createSequentialIds, type BridgeWarning } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, jsonlChunks, last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const message = { id: "msg_a", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Hi", annotations: [] }] };
const events: Rec[] = [
  { type: "response.created", sequence_number: 0, response: { id: "resp_a", model: "m", output: [] } },
  { type: "response.audio.transcript.delta", sequence_number: 1, delta: "Hel" },
  { type: "response.audio.delta", sequence_number: 2, delta: "UklGRg==" },
  { type: "response.audio.transcript.delta", sequence_number: 3, delta: "lo" },
  { type: "response.audio.transcript.done", sequence_number: 4 },
  { type: "response.audio.done", sequence_number: 5 },
  { type: "response.output_item.added", sequence_number: 6, output_index: 0, item: { ...message, status: "in_progress", content: [] } },
  { type: "response.output_text.delta", sequence_number: 7, output_index: 0, content_index: 0, item_id: "msg_a", delta: "Hi" },
  { type: "response.output_item.done", sequence_number: 8, output_index: 0, item: message },
  { type: "response.completed", sequence_number: 9, response: { id: "resp_a", model: "m", status: "completed", output: [message] } },
];

async function run(emitRawEvents: boolean): Promise<{ out: Awaited<ReturnType<typeof collect>>; warnings: BridgeWarning[] }> {
  const warnings: BridgeWarning[] = [];
  const out = await collect(
    streamResponses(jsonlChunks(events.map((value) => ({ ok: true as const, value }))), { generateId: createSequentialIds("id"), emitRawEvents, onWarning: (w) => warnings.push(w) }),
  );
  return { out, warnings };
}

describe("Responses audio events", () => {
  it("are reported once as stream.audio-dropped; the run finishes with its text", async () => {
    const { out, warnings } = await run(false);
    expect(warnings.map((w) => [w.code, w.details])).toEqual([["stream.audio-dropped", { eventType: "response.audio.transcript.delta" }]]);
    expect(ofType(out, "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(["Hi"]);
    expect(last(out).type).toBe("RUN_FINISHED");
  });

  it("pass as RAW with emitRawEvents, every one of them", async () => {
    const { out } = await run(true);
    const raw = ofType(out, "RAW").map((e) => (e.event as Rec).type);
    expect(raw).toEqual(["response.audio.transcript.delta", "response.audio.delta", "response.audio.transcript.delta", "response.audio.transcript.done", "response.audio.done"]);
  });
});
