/**
 * Grounding folded chunk by chunk: a long grounded answer sends citations on many chunks, and the
 * fold keeps their union in arrival order (a citation sent again kept once) while serialising each
 * citation once, not every earlier citation again on each chunk (which made long answers
 * quadratic). The serialisations are counted, not timed.
 */
import { createSequentialIds } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createGroundingFold, foldGrounding } from "../src/stream/merge-grounding.js";
import { streamGenerateContent } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const citation = (i: number): Rec => ({ startIndex: i * 10, endIndex: i * 10 + 5, uri: `https://s${i}.example` });

afterEach(() => vi.restoreAllMocks());

describe("grounding fold", () => {
  it("each citation is serialised once however many chunks carry citations", () => {
    const all = Array.from({ length: 200 }, (_, i) => citation(i));
    const tracked = new Set<unknown>(all);
    let serialised = 0;
    const stringify = JSON.stringify.bind(JSON);
    vi.spyOn(JSON, "stringify").mockImplementation(((value: unknown, ...rest: unknown[]) => {
      if (tracked.has(value)) serialised++;
      return stringify(value, ...(rest as []));
    }) as typeof JSON.stringify);
    const fold = createGroundingFold();
    // Each chunk resends the previous citation and adds a new one.
    all.forEach((c, i) => foldGrounding(fold, { citationMetadata: { citations: i === 0 ? [c] : [all[i - 1], c] } }));
    vi.restoreAllMocks();
    expect((fold.fields.citationMetadata as Rec).citations).toEqual(all);
    // One serialisation per citation a chunk carried (199 resent + 200 new), never the earlier ones again.
    expect(serialised).toBe(all.length * 2 - 1);
  });

  it("keys merge (later wins), citations are a union in arrival order, a non-array citations value is ignored", () => {
    const fold = createGroundingFold();
    foldGrounding(fold, { responseId: "r1", groundingMetadata: { webSearchQueries: ["q"] }, citationMetadata: { citations: [citation(1)] } });
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [{ web: { uri: "u" } }] }, citationMetadata: { citations: "oops", note: "x" } });
    foldGrounding(fold, { citationMetadata: { citations: [citation(2), citation(1)] } });
    expect(fold.fields).toEqual({
      responseId: "r1",
      groundingMetadata: { webSearchQueries: ["q"], groundingChunks: [{ web: { uri: "u" } }] },
      citationMetadata: { note: "x", citations: [citation(1), citation(2)] },
    });
  });

  it("through the stream: the union reaches the text message and RUN_FINISHED", async () => {
    async function* source(): AsyncGenerator<unknown> {
      for (let i = 0; i < 30; i++) {
        yield { candidates: [{ content: { role: "model", parts: [{ text: `s${i}. ` }] }, index: 0, citationMetadata: { citations: [citation(i)] } }], responseId: "r1" };
      }
      yield { candidates: [{ content: { role: "model", parts: [] }, index: 0, finishReason: "STOP", citationMetadata: { citations: [citation(0)] } }], responseId: "r1" };
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
    await assertConformant(events);
    const want = Array.from({ length: 30 }, (_, i) => citation(i));
    const end = events.find((e) => e.type === "TEXT_MESSAGE_END") as unknown as { metadata: Record<string, Rec> };
    expect(end.metadata["agui-bridge"]?.citations).toEqual(want);
    const finished = events.at(-1) as unknown as { metadata: Record<string, { grounding: Rec[] }> };
    expect((finished.metadata["agui-bridge"]?.grounding[0]?.citationMetadata as Rec).citations).toEqual(want);
  });

  it("grounding chunks are numbered across the stream: every chunk's list is kept in order, supports are a union", () => {
    const retrieved = { retrievedContext: { text: "Paris is the capital of France.", fileSearchStore: "fileSearchStores/s" } };
    const support = (i: number): Rec => ({ segment: { startIndex: i, endIndex: i + 5 }, groundingChunkIndices: [1] });
    const fold = createGroundingFold();
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [retrieved] } });
    foldGrounding(fold, { groundingMetadata: { groundingChunks: [retrieved], groundingSupports: [support(0)] } });
    foldGrounding(fold, { groundingMetadata: { groundingSupports: [support(0), support(9)], retrievalMetadata: { googleSearchDynamicRetrievalScore: 0.5 } } });
    expect(fold.fields.groundingMetadata).toEqual({
      groundingChunks: [retrieved, retrieved],
      groundingSupports: [support(0), support(9)],
      retrievalMetadata: { googleSearchDynamicRetrievalScore: 0.5 },
    });
  });

  it("through the stream: a support citing index 1 finds a chunk there, on the text's END and on RUN_FINISHED", async () => {
    const retrieved = (text: string): Rec => ({ retrievedContext: { text, fileSearchStore: "fileSearchStores/s" } });
    async function* source(): AsyncGenerator<unknown> {
      yield { candidates: [{ content: { role: "model", parts: [{ text: "The capital " }] }, index: 0, groundingMetadata: { groundingChunks: [retrieved("a")] } }], responseId: "r1" };
      yield {
        candidates: [
          {
            content: { role: "model", parts: [{ text: "is Paris." }] },
            index: 0,
            finishReason: "STOP",
            groundingMetadata: { groundingChunks: [retrieved("b")], groundingSupports: [{ segment: { endIndex: 21 }, groundingChunkIndices: [1] }] },
          },
        ],
        responseId: "r1",
      };
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
    await assertConformant(events);
    const want = { groundingChunks: [retrieved("a"), retrieved("b")], groundingSupports: [{ segment: { endIndex: 21 }, groundingChunkIndices: [1] }] };
    const end = events.find((e) => e.type === "TEXT_MESSAGE_END") as unknown as { metadata: Record<string, Rec> };
    expect(end.metadata["agui-bridge"]?.groundingMetadata).toEqual(want);
    const finished = events.at(-1) as unknown as { metadata: Record<string, { grounding: Rec[] }> };
    expect(finished.metadata["agui-bridge"]?.grounding[0]?.groundingMetadata).toEqual(want);
  });
});
