/**
 * `candidateCount > 1`: AG-UI has one assistant message stream per run, so only the first
 * candidate is mapped. The others are named in one warning per run (not one per chunk: a long
 * answer sends every candidate on hundreds of chunks), with how many were ignored; with
 * `emitRawEvents` each ignored candidate chunk is still passed through as RAW.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const candidate = (index: number, text: string, extra: Rec = {}): Rec => ({ index, content: { role: "model", parts: [{ text }] }, ...extra });
const chunk = (...candidates: Rec[]): Rec => ({ responseId: "r1", modelVersion: "gemini-2.5-flash", candidates });

async function bothPaths(chunks: readonly unknown[], emitRawEvents = false): Promise<Array<{ path: string; events: Event[]; warnings: BridgeWarning[] }>> {
  const sse = chunks.map((c) => (typeof c === "string" ? c : `data: ${JSON.stringify(c)}\r\n\r\n`)).join("");
  const out = [];
  for (const path of ["sdk", "raw"] as const) {
    const warnings: BridgeWarning[] = [];
    const options = { generateId: createSequentialIds("id"), threadId: "t", runId: "r", emitRawEvents, onWarning: (w: BridgeWarning) => warnings.push(w) };
    async function* objects(): AsyncGenerator<unknown> {
      for (const c of chunks) {
        if (typeof c === "string") throw new Error("connection reset");
        yield structuredClone(c);
      }
    }
    const events = await collect(path === "sdk" ? streamGenerateContent(objects(), options) : streamGenerateContentFromResponse(new Response(sse), options));
    out.push({ path, events, warnings });
  }
  return out;
}

const extra = (warnings: readonly BridgeWarning[]) => warnings.filter((w) => w.code === "stream.extra-candidate");

describe("candidates beyond the first", () => {
  it("one warning per run naming how many candidates were ignored; only the first candidate's text is mapped", async () => {
    const chunks = [
      chunk(candidate(0, "Paris "), candidate(1, "It is "), candidate(2, "The capital ")),
      chunk(candidate(0, "it is."), candidate(1, "Paris.")),
      chunk(candidate(0, "", { finishReason: "STOP" }), candidate(1, "", { finishReason: "STOP" }), candidate(2, "is Paris.", { finishReason: "STOP" })),
    ];
    for (const { path, events, warnings } of await bothPaths(chunks)) {
      const messages = await assertConformant(events);
      expect(messages.map((m) => ("content" in m ? m.content : undefined)), path).toEqual(["Paris it is."]);
      expect(extra(warnings), path).toEqual([expect.objectContaining({ details: { ignored: 2, indices: [1, 2] } })]);
      expect(extra(warnings)[0]?.message, path).toMatch(/2 candidates/);
      expect(events.filter((e) => e.type === "RAW"), path).toEqual([]);
      expect(events.at(-1)?.type, path).toBe("RUN_FINISHED");
    }
  });

  it("with emitRawEvents every ignored candidate is still passed through as RAW", async () => {
    const chunks = [chunk(candidate(0, "a"), candidate(1, "b")), chunk(candidate(0, "", { finishReason: "STOP" }), candidate(1, "c", { finishReason: "STOP" }))];
    for (const { path, events, warnings } of await bothPaths(chunks, true)) {
      await assertConformant(events);
      expect(events.filter((e) => e.type === "RAW").map((e) => ((e as unknown as Rec).event as Rec).index), path).toEqual([1, 1]);
      expect(extra(warnings).map((w) => w.details), path).toEqual([{ ignored: 1, indices: [1] }]);
    }
  });

  it("a run that ends in an error still gets its one warning", async () => {
    const chunks = [chunk(candidate(0, "a"), candidate(1, "b")), chunk(candidate(0, "c"), candidate(1, "d")), 'data: {"candidates": [\r\n\r\n'];
    for (const { path, events, warnings } of await bothPaths(chunks)) {
      await assertConformant(events);
      expect(events.at(-1)?.type, path).toBe("RUN_ERROR");
      expect(extra(warnings).map((w) => w.details), path).toEqual([{ ignored: 1, indices: [1] }]);
    }
  });
});
