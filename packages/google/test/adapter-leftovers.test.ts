/**
 * Small stream-mapper defects: an empty `functionCall.id` is no id (no duplicate-id warning, no
 * `functionCallId: ""`), and a RUN_ERROR after the finishing chunk keeps the finish the response
 * had reached, as the Anthropic mapper does.
 */
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamGenerateContent } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const chunk = (parts: unknown[], extra: Rec = {}): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  modelVersion: "gemini-2.5-flash",
  responseId: "r1",
});
const bridge = (event: unknown): Rec => ((event as { metadata?: Rec }).metadata?.["agui-bridge"] ?? {}) as Rec;

async function run(chunks: unknown[], error?: Error, warnings: BridgeWarning[] = []): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
    if (error !== undefined) throw error;
  }
  return collect(streamGenerateContent(source(), { generateId: createSequentialIds(), onWarning: (w) => warnings.push(w) }));
}

describe("functionCall.id of an empty string", () => {
  it("is read as absent: no duplicate-id warning, no functionCallId in metadata", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await run(
      [chunk([{ functionCall: { id: "", name: "a", args: { x: 1 } } }, { functionCall: { id: "", name: "b", args: {} } }], { finishReason: "STOP" })],
      undefined,
      warnings,
    );
    const starts = ofType(events, "TOOL_CALL_START");
    expect(starts.map((s) => s.toolCallName)).toEqual(["a", "b"]);
    for (const start of starts) {
      expect(start.toolCallId).not.toBe("");
      expect(bridge(start)).not.toHaveProperty("functionCallId");
    }
    expect(warnings.filter((w) => w.code === "stream.duplicate-tool-call-id")).toEqual([]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((a) => a.delta)).toEqual(['{"x":1}', "{}"]);
  });
});

describe("a RUN_ERROR after the finishing chunk", () => {
  it("a thrown stream error keeps the reached finish reason", async () => {
    const events = await run([chunk([{ text: "Hi" }]), chunk([], { finishReason: "STOP" })], new Error("socket hang up"));
    const last = events.at(-1)!;
    expect(last.type).toBe("RUN_ERROR");
    expect(bridge(last)).toMatchObject({ finishReason: "stop", rawFinishReason: "STOP" });
  });

  it("a malformed chunk after the finish keeps it, with its finishMessage", async () => {
    const events = await run([chunk([{ text: "Hi" }], { finishReason: "SAFETY", finishMessage: "blocked" }), "garbage"]);
    const last = events.at(-1)!;
    expect(last.type).toBe("RUN_ERROR");
    expect(bridge(last)).toMatchObject({ finishReason: "content-filter", rawFinishReason: "SAFETY", finishDetails: { finishMessage: "blocked" } });
  });

  it("an error before any finish carries no finish reason", async () => {
    const events = await run([chunk([{ text: "Hi" }])], new Error("socket hang up"));
    expect(events.at(-1)!.type).toBe("RUN_ERROR");
    expect(bridge(events.at(-1))).not.toHaveProperty("finishReason");
  });
});
