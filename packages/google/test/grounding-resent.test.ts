/**
 * Grounding lists sent again on a later chunk. Gemini may resend the whole `groundingMetadata` of a
 * response on later chunks (the `groundingChunks` so far, then with the new ones after them), or
 * send each chunk's own sources and number them across the stream (a file-search stream: one
 * retrieved chunk per stream chunk, supports citing index 1). A resent list must not double the
 * sources, and per-chunk lists must all come through with the indices their supports cite valid.
 * Both paths (SDK objects, raw SSE bytes) go through the same fold.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createGroundingFold, foldGrounding } from "../src/stream/merge-grounding.js";
import { streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const web = (name: string): Rec => ({ web: { uri: `https://${name}.example`, title: name.toUpperCase() } });
const support = (start: number, end: number, indices: number[]): Rec => ({ segment: { startIndex: start, endIndex: end, text: "x".repeat(end - start) }, groundingChunkIndices: indices });
const chunk = (text: string, extra: Rec = {}): Rec => ({ responseId: "r1", modelVersion: "gemini-2.5-flash", candidates: [{ index: 0, content: { role: "model", parts: [{ text }] }, ...extra }] });

async function bothPaths(chunks: readonly Rec[]): Promise<Array<{ path: string; events: Event[] }>> {
  const sse = chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join("");
  const options = () => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r" });
  async function* objects(): AsyncGenerator<unknown> {
    for (const c of chunks) yield structuredClone(c);
  }
  return [
    { path: "sdk", events: await collect(streamGenerateContent(objects(), options())) },
    { path: "raw", events: await collect(streamGenerateContentFromResponse(new Response(sse), options())) },
  ];
}

function groundingOf(events: readonly Event[]): { end: Rec; finished: Rec } {
  const end = events.find((e) => e.type === "TEXT_MESSAGE_END") as unknown as { metadata: Record<string, Rec> };
  const finished = events.at(-1) as unknown as { metadata: Record<string, { grounding: Rec[] }> };
  return { end: end.metadata["agui-bridge"]?.groundingMetadata as Rec, finished: finished.metadata["agui-bridge"]?.grounding[0]?.groundingMetadata as Rec };
}

describe("grounding lists resent on later chunks", () => {
  it("a cumulative groundingChunks / groundingSupports list (resent whole, then grown) keeps each source once", async () => {
    const chunks = [
      chunk("Paris ", { groundingMetadata: { webSearchQueries: ["paris"], groundingChunks: [web("a")], groundingSupports: [support(0, 5, [0])] } }),
      chunk("is sunny.", { groundingMetadata: { webSearchQueries: ["paris"], groundingChunks: [web("a"), web("b")], groundingSupports: [support(0, 5, [0]), support(6, 15, [1])] } }),
      chunk("", { finishReason: "STOP", groundingMetadata: { webSearchQueries: ["paris"], groundingChunks: [web("a"), web("b")], groundingSupports: [support(0, 5, [0]), support(6, 15, [1])] } }),
    ];
    const want = { webSearchQueries: ["paris"], groundingChunks: [web("a"), web("b")], groundingSupports: [support(0, 5, [0]), support(6, 15, [1])] };
    for (const { path, events } of await bothPaths(chunks)) {
      await assertConformant(events);
      const { end, finished } = groundingOf(events);
      expect(end, path).toEqual(want);
      expect(finished, path).toEqual(want);
    }
  });

  it("per-chunk lists numbered across the stream all come through, equal ones included, when a support cites past a resend", async () => {
    const retrieved = { retrievedContext: { text: "Paris is the capital of France.", fileSearchStore: "fileSearchStores/s" } };
    const chunks = [
      chunk("The capital ", { groundingMetadata: { groundingChunks: [retrieved] } }),
      chunk("is Paris.", { groundingMetadata: { groundingChunks: [retrieved] } }),
      // The supports come on a later chunk than the chunks they cite.
      chunk("", { finishReason: "STOP", groundingMetadata: { groundingSupports: [support(0, 21, [1])] } }),
    ];
    for (const { path, events } of await bothPaths(chunks)) {
      await assertConformant(events);
      const { end, finished } = groundingOf(events);
      const want = { groundingChunks: [retrieved, retrieved], groundingSupports: [support(0, 21, [1])] };
      expect(end, path).toEqual(want);
      expect(finished, path).toEqual(want);
    }
  });

  it("distinct per-chunk sources, then the whole list resent on the last chunk: each once, in order", () => {
    const fold = createGroundingFold();
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [web("a")] } });
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [web("b")] } });
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [web("a"), web("b")], groundingSupports: [support(0, 4, [0, 1])] } });
    expect(fold.fields.groundingMetadata).toEqual({ groundingChunks: [web("a"), web("b")], groundingSupports: [support(0, 4, [0, 1])] });
  });

  it("a list that does not continue what came (a different first source) is appended whole", () => {
    const fold = createGroundingFold();
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [web("a"), web("b")] } });
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [web("c"), web("a")] } });
    expect((fold.fields.groundingMetadata as Rec).groundingChunks).toEqual([web("a"), web("b"), web("c"), web("a")]);
  });
});
