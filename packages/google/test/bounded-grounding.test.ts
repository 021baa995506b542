import { assertConformant } from "@agui-bridge/conformance";
import { BRIDGE_METADATA_KEY, createSequentialIds, OMITTED_VALUE, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamGenerateContent } from "../src/index.js";

function nest(depth: number): unknown {
  let value: unknown = { uri: "https://example.com" };
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

async function* chunks(groundingMetadata: unknown, raw: unknown): AsyncGenerator<unknown> {
  yield { responseId: "g1", modelVersion: "gemini-2.5-flash", candidates: [{ content: { role: "model", parts: [{ text: "Paris." }] } }] };
  yield { responseId: "g1", candidates: [{ content: { role: "model", parts: [{ futurePart: raw }] }, groundingMetadata, finishReason: "STOP" }] };
}

describe("provider payloads copied into events are bounded (issue 16 item 6)", () => {
  it("a 10,000-deep groundingMetadata and RAW payload: every event encodes, the cut is marked, a warning says so", async () => {
    const warnings: BridgeWarning[] = [];
    const events: Event[] = [];
    for await (const event of streamGenerateContent(chunks({ groundingChunks: nest(10_000) }, nest(10_000)), {
      generateId: createSequentialIds(),
      emitRawEvents: true,
      onWarning: (w) => warnings.push(w),
    })) {
      events.push(event);
    }
    for (const event of events) expect(() => JSON.stringify(event)).not.toThrow();
    await assertConformant(events);
    const end = events.find((e) => e.type === "TEXT_MESSAGE_END") as Event & { metadata: Record<string, Record<string, unknown>> };
    const fields = end.metadata[BRIDGE_METADATA_KEY]!;
    expect(JSON.stringify(fields.groundingMetadata)).toContain(OMITTED_VALUE);
    expect(fields.omitted).toEqual([{ field: "metadata", path: expect.stringMatching(/^\["agui-bridge"\]\.groundingMetadata\.groundingChunks(\[0\])+$/), reason: "depth" }]);
    const raw = events.find((e) => e.type === "RAW") as Event & { metadata?: Record<string, Record<string, unknown>> };
    expect(raw.metadata?.[BRIDGE_METADATA_KEY]?.omitted).toHaveLength(1);
    // RAW, TEXT_MESSAGE_END (the turn's grounding) and RUN_FINISHED (every turn's grounding)
    expect(warnings.filter((w) => w.code === "event.value-omitted").map((w) => w.details?.field)).toEqual(["event", "metadata", "metadata"]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("ordinary grounding passes through unchanged", async () => {
    const grounding = { groundingChunks: [{ web: { uri: "https://example.com/paris" } }] };
    const events: Event[] = [];
    for await (const event of streamGenerateContent(chunks(grounding, 1), { generateId: createSequentialIds() })) events.push(event);
    const end = events.find((e) => e.type === "TEXT_MESSAGE_END") as Event & { metadata: Record<string, Record<string, unknown>> };
    expect(end.metadata[BRIDGE_METADATA_KEY]).toMatchObject({ groundingMetadata: grounding });
    expect(end.metadata[BRIDGE_METADATA_KEY]).not.toHaveProperty("omitted");
  });
});
