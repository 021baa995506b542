/**
 * A part of a kind the mapper does not model is reported (`stream.unknown-content`, kind "part")
 * once per kind of part in a stream, the kind being the part's fields, as the other mappers report
 * once per type or block; with `emitRawEvents` every such part still goes out as RAW. The kinds
 * remembered are bounded: past the cap a new kind is no longer warned.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, RunBuilder, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamGenerateContent } from "../src/index.js";
import { createStreamState } from "../src/stream/stream-state.js";
import { MAX_KEY_LENGTH, MAX_KIND_KEYS, MAX_UNKNOWN_PART_KINDS, warnUnknownPart } from "../src/stream/unknown-parts.js";
import { collect, ofType } from "./support/collect.js";

const chunk = (parts: unknown[], extra: Record<string, unknown> = {}): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  modelVersion: "gemini-test",
  responseId: "r1",
});
const stop = chunk([{ text: "ok" }], { finishReason: "STOP" });

async function run(chunks: readonly unknown[]): Promise<{ events: Event[]; warnings: BridgeWarning[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const warnings: BridgeWarning[] = [];
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("id"), emitRawEvents: true, onWarning: (w) => warnings.push(w) }));
  await assertConformant(events);
  expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  return { events, warnings: warnings.filter((w) => w.code === "stream.unknown-content") };
}

describe("unknown part kinds", () => {
  it("the same unknown part on three chunks is warned once, and goes out as RAW each time", async () => {
    const part = { futurePart: { x: 1 } };
    const { events, warnings } = await run([chunk([part]), chunk([{ text: "a" }, part]), chunk([part]), stop]);
    expect(warnings).toEqual([expect.objectContaining({ details: { kind: "part", type: null, keys: ["futurePart"] } })]);
    expect(ofType(events, "RAW").map((e) => e.event)).toEqual([part, part, part]);
  });

  it("the kind is the part's fields whatever their order or values, a thought signature on it aside", async () => {
    const { warnings } = await run([
      chunk([{ a: 1, b: 2 }]),
      chunk([{ b: "other", a: null }]),
      chunk([{ a: 3, b: 4, thoughtSignature: "sig" }]),
      stop,
    ]);
    expect(warnings.map((w) => w.details?.keys)).toEqual([["a", "b"]]);
  });

  it("two different unknown kinds are warned twice, each once", async () => {
    const { warnings } = await run([chunk([{ futurePart: 1 }, { otherPart: 1 }]), chunk([{ otherPart: 2 }, { futurePart: 2 }]), stop]);
    expect(warnings.map((w) => w.details?.keys)).toEqual([["futurePart"], ["otherPart"]]);
  });

  it(`a thousand distinct kinds: ${MAX_UNKNOWN_PART_KINDS} warnings, then none (the kinds remembered stay bounded)`, async () => {
    const kinds = Array.from({ length: 1000 }, (_, i) => ({ [`future${i}`]: i }));
    const { events, warnings } = await run([...kinds.map((part) => chunk([part])), chunk(kinds.slice(0, 3)), stop]);
    expect(warnings).toHaveLength(MAX_UNKNOWN_PART_KINDS);
    expect(warnings.map((w) => w.details?.keys)).toEqual(kinds.slice(0, MAX_UNKNOWN_PART_KINDS).map((part) => Object.keys(part)));
    // RAW is not bounded by the cap: every unknown part still goes out.
    expect(ofType(events, "RAW")).toHaveLength(1003);
  });

  it("the stream state holds at most the cap of kinds", () => {
    const told: BridgeWarning[] = [];
    const state = createStreamState(new RunBuilder({ threadId: "t", runId: "r" }), { onWarning: (w) => told.push(w) });
    for (let i = 0; i < 1000; i++) warnUnknownPart(state, { [`future${i}`]: i });
    expect(state.unknownPartKinds.size).toBe(MAX_UNKNOWN_PART_KINDS);
    expect(told).toHaveLength(MAX_UNKNOWN_PART_KINDS);
    // A kind remembered before the cap stays quiet.
    warnUnknownPart(state, { future0: "again" });
    expect(told).toHaveLength(MAX_UNKNOWN_PART_KINDS);
  });
});

describe("an unknown part with very many or very long field names", () => {
  it(`its warning names at most ${MAX_KIND_KEYS} fields, each cut to ${MAX_KEY_LENGTH} characters, and says how many there were`, async () => {
    const long = "k".repeat(10_000);
    const part = Object.fromEntries([[long, 1], ...Array.from({ length: 5000 }, (_, i) => [`f${String(i).padStart(4, "0")}`, i])]);
    const { warnings } = await run([chunk([part]), chunk([part]), stop]);
    expect(warnings).toHaveLength(1);
    const keys = warnings[0]?.details?.keys as string[];
    expect(keys).toHaveLength(MAX_KIND_KEYS);
    expect(keys[0]).toBe(`${"k".repeat(MAX_KEY_LENGTH)}…`);
    expect(warnings[0]?.details?.keyCount).toBe(5001);
    expect(warnings[0]?.message.length).toBeLessThan(2000);
  });

  it("the kind remembered is bounded as well", () => {
    const state = createStreamState(new RunBuilder({ threadId: "t", runId: "r" }), {});
    warnUnknownPart(state, Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field-${i}-${"x".repeat(100)}`, i])));
    const [kind] = [...state.unknownPartKinds];
    expect(kind?.length).toBeLessThan(2000);
  });
});
