/**
 * Issue 8, adversarial inputs that are not positional: garbage chunks and parts mixed into generated
 * Gemini streams (wrong types, missing fields, nulls, unknown part kinds, extra candidates, repeated
 * closing parts, malformed or unwritable partialArgs, args for an unknown call id); hostile usage
 * values that must never reach the wire (cached larger than the prompt included); 10 MB deltas and
 * surrogate pairs split across parts and partialArgs (also through the real SDK's SSE parser).
 */
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { streamGenerateContent } from "../src/index.js";
import { geminiStream, type ExpectedEntity } from "./arbitraries/gemini-stream.js";
import { HOSTILE_COUNTS, hostileCount, MUTATIONS, mutation } from "./arbitraries/mutations.js";
import { googleUsageOracle } from "./arbitraries/usage-oracle.js";
import { expectHealthyRun } from "./support/check-expected.js";
import { createCounter } from "@agui-bridge/test-support";
import { checkRun, drain, listSource, type Rec } from "@agui-bridge/test-support";
import { sdkStream } from "./support/sdk-sse.js";

const counter = createCounter("reliability-garbage.test.ts");
afterAll(() => counter.flush());

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 150);
const options = (warnings?: BridgeWarning[]) => ({
  threadId: "t",
  runId: "r",
  generateId: createSequentialIds("id"),
  ...(warnings !== undefined && { onWarning: (warning: BridgeWarning) => warnings.push(warning) }),
});

/**
 * What was carried before the failure is a prefix of what was sent: text, thoughts, calls, arguments.
 * A streamed call the failure cut off is closed `interrupted` with its JSON completed: the arguments
 * before that completion (the TOOL_CALL_ARGS right before its END) are the prefix, and the whole
 * argument text parses.
 */
function expectPrefixOnly(events: readonly Event[], entities: readonly ExpectedEntity[]): void {
  const list = events as unknown as Rec[];
  const joined = (type: string) => list.filter((e) => e.type === type).map((e) => String(e.delta)).join("");
  const sent = (kind: "text" | "reasoning") => entities.flatMap((e) => (e.kind === kind ? e.deltas : [])).join("");
  expect(sent("text").startsWith(joined("TEXT_MESSAGE_CONTENT"))).toBe(true);
  expect(sent("reasoning").startsWith(joined("REASONING_MESSAGE_CONTENT"))).toBe(true);
  const calls = entities.filter((e): e is Extract<ExpectedEntity, { kind: "call" }> => e.kind === "call");
  const starts = list.filter((e) => e.type === "TOOL_CALL_START");
  expect(calls.slice(0, starts.length).map((c) => c.name)).toEqual(starts.map((e) => e.toolCallName));
  starts.forEach((start, i) => {
    const id = start.toolCallId;
    const endAt = list.findIndex((e) => e.type === "TOOL_CALL_END" && e.toolCallId === id);
    const end = list[endAt];
    const interrupted = (end?.metadata as { "agui-bridge"?: Rec } | undefined)?.["agui-bridge"]?.interrupted === true;
    const completion = interrupted && list[endAt - 1]?.type === "TOOL_CALL_ARGS" && list[endAt - 1]?.toolCallId === id ? list[endAt - 1] : undefined;
    const deltas = list.filter((e) => e.type === "TOOL_CALL_ARGS" && e.toolCallId === id);
    const args = deltas.filter((e) => e !== completion).map((e) => String(e.delta)).join("");
    expect((calls[i] as { args: string }).args.startsWith(args)).toBe(true);
    if (completion !== undefined) expect(() => JSON.parse(deltas.map((e) => String(e.delta)).join(""))).not.toThrow();
  });
}

describe("garbage in generated Gemini streams (fast-check)", () => {
  it("fatal garbage ends in RUN_ERROR after a clean prefix; harmless garbage leaves the run exactly as it was", async () => {
    const tried = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(geminiStream, mutation, async (stream, { mutation: m, pick }) => {
        const chunks = m.apply(stream.chunks, pick);
        fc.pre(chunks !== undefined);
        const events = await drain(streamGenerateContent(listSource(chunks as unknown[]), options()));
        const { terminal } = await checkRun(events);
        if (m.fatal) {
          expect(terminal.type, m.name).toBe("RUN_ERROR");
          expect(typeof terminal.code === "string" && terminal.code !== "", m.name).toBe(true);
          expectPrefixOnly(events, stream.expected.entities);
        } else {
          expectHealthyRun(events, terminal, stream.expected);
        }
        tried.set(m.name, (tried.get(m.name) ?? 0) + 1);
        counter.add(m.fatal ? "garbage.fatal.runs" : "garbage.harmless.runs");
      }),
      { numRuns: RUNS * 3 },
    );
    expect([...tried.keys()].sort()).toEqual(MUTATIONS.map((m) => m.name).sort());
    counter.add("garbage.kinds", tried.size);
    counter.add("properties", 1);
  }, 120_000);

  it("unknown part kinds never break a healthy run, and reach the wire as RAW only with emitRawEvents", async () => {
    const unknown = { futurePart: { detail: [1, 2] } };
    await fc.assert(
      fc.asyncProperty(geminiStream, fc.nat(), fc.boolean(), async (stream, at, raw) => {
        const chunks: unknown[] = [...stream.chunks];
        chunks.splice(at % (chunks.length + 1), 0, { candidates: [{ content: { role: "model", parts: [unknown] }, index: 0 }] });
        const events = await drain(streamGenerateContent(listSource(chunks), { ...options(), emitRawEvents: raw }));
        const { terminal } = await checkRun(events);
        expectHealthyRun(events, terminal, stream.expected);
        const raws = events.filter((event) => event.type === "RAW") as unknown as Rec[];
        expect(raws.map((event) => event.event)).toEqual(raw ? [unknown] : []);
        counter.add("unknownParts.runs");
      }),
      { numRuns: RUNS },
    );
    counter.add("properties", 1);
  }, 120_000);

  // Regression (found by the garbage-chunk run, now fixed): a functionCall
  // continuation part for a call id that is not streaming (never opened, or already closed) — or an
  // id-less continuation when no call streams — used to open a NEW application tool call named ""
  // and finish successfully with it pending. Issue 8 lists "tool args for an unknown
  // index/id" among the inputs that must end in RUN_ERROR, never a silent success.
  it("arguments for an unknown call id end the run with RUN_ERROR", async () => {
    const chunks = [
      { candidates: [{ content: { role: "model", parts: [{ text: "Hello" }] }, index: 0 }], responseId: "r" },
      { candidates: [{ content: { role: "model", parts: [{ functionCall: { id: "nope", partialArgs: [{ jsonPath: "$.city", stringValue: "Paris" }], willContinue: true } }] }, index: 0 }], responseId: "r" },
      { candidates: [{ content: { role: "model", parts: [{ functionCall: { id: "nope" } }] }, index: 0, finishReason: "STOP" }], responseId: "r" },
    ];
    const events = await drain(streamGenerateContent(listSource(chunks), options()));
    const { terminal } = await checkRun(events);
    expect(terminal.type).toBe("RUN_ERROR");
  });
});

describe("hostile usage values (fast-check)", () => {
  const FIELDS = ["promptTokenCount", "candidatesTokenCount", "thoughtsTokenCount", "toolUsePromptTokenCount", "cachedContentTokenCount", "totalTokenCount"] as const;

  it("never reach the wire: entries keep the 1.0 invariants and follow the formula over the valid values", async () => {
    await fc.assert(
      fc.asyncProperty(geminiStream, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FIELDS), hostileCount), { minLength: 1, maxLength: 6 }), async (stream, edits) => {
        const chunks = stream.chunks.map((chunk) => structuredClone(chunk));
        const reports = chunks.map((chunk) => chunk.usageMetadata as Rec);
        for (const [which, field, value] of edits) (reports[which % reports.length] as Rec)[field] = value;
        const warnings: BridgeWarning[] = [];
        const events = await drain(streamGenerateContent(listSource(chunks), options(warnings)));
        const { terminal } = await checkRun(events);
        expectHealthyRun(events, terminal, { ...stream.expected, usage: googleUsageOracle(chunks) });
        // Nothing hostile survives serialization either (NaN / Infinity would become null). (A -0 the
        // provider sent is a valid zero and serializes as 0.)
        expect(JSON.stringify(terminal.usage ?? [])).not.toMatch(/null|NaN|Infinity|"\d+n"/);
        const bad = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === "number" && Number.isSafeInteger(value) && value >= 0);
        const counted = ["promptTokenCount", "candidatesTokenCount", "thoughtsTokenCount", "toolUsePromptTokenCount", "cachedContentTokenCount"];
        if (reports.some((report) => counted.some((field) => bad(report[field])))) expect(warnings.some((w) => w.code.startsWith("usage."))).toBe(true);
        counter.add("hostileUsage.runs");
        counter.add("hostileUsage.values", edits.length);
      }),
      { numRuns: RUNS * 2 },
    );
    counter.add("properties", 1);
  }, 120_000);

  it("each hostile value alone, in every usage field, is dropped with a warning; cached tokens above the prompt are dropped", async () => {
    for (const field of FIELDS) {
      for (const value of [...HOSTILE_COUNTS, 500]) {
        const usage: Rec = { promptTokenCount: 100, cachedContentTokenCount: 40, toolUsePromptTokenCount: 5, candidatesTokenCount: 7, thoughtsTokenCount: 3, totalTokenCount: 115, [field]: value };
        const chunks = [{ candidates: [{ content: { role: "model", parts: [{ text: "hi" }] }, index: 0, finishReason: "STOP" }], usageMetadata: usage, modelVersion: "m", responseId: "r" }];
        const warnings: BridgeWarning[] = [];
        const events = await drain(streamGenerateContent(listSource(chunks), options(warnings)));
        const { terminal } = await checkRun(events);
        expect(terminal.type).toBe("RUN_FINISHED");
        expect(terminal.usage).toEqual(googleUsageOracle(chunks));
        if (field === "cachedContentTokenCount" && value === 500) expect((terminal.usage as Rec[])[0]?.cachedInputTokens).toBeUndefined();
        counter.add("hostileUsage.singleValues");
      }
    }
  });
});

describe("huge deltas and split surrogate pairs", () => {
  const MB10 = 10 * 1024 * 1024;
  const huge = (seed: string): string => seed.repeat(Math.ceil(MB10 / seed.length)).slice(0, MB10);
  const chunk = (parts: unknown[], finish?: string) => ({ candidates: [{ content: { role: "model", parts }, index: 0, ...(finish !== undefined && { finishReason: finish }) }], responseId: "r", modelVersion: "m" });

  it("10 MB text, thought and argument payloads pass through unchanged", async () => {
    const text = huge("héllo 😀 wörld\n");
    const thought = huge("∑ reasoning… ");
    const value = huge('abc"\\xyz ');
    const chunks = [
      chunk([{ text: thought, thought: true }]),
      chunk([{ text }]),
      chunk([{ functionCall: { id: "whole", name: "f", args: { blob: value } } }]),
      chunk([{ functionCall: { id: "streamed", name: "g", willContinue: true } }]),
      chunk([{ functionCall: { id: "streamed", partialArgs: [{ jsonPath: "$.blob", stringValue: value }], willContinue: true } }]),
      chunk([{ functionCall: { id: "streamed" } }], "STOP"),
    ];
    const events = (await drain(streamGenerateContent(listSource(chunks), options()))) as unknown as Rec[];
    const { terminal } = await checkRun(events as unknown as Event[]);
    expect(terminal.type).toBe("RUN_FINISHED");
    const deltas = (type: string, id?: string) => events.filter((e) => e.type === type && (id === undefined || e.toolCallId === id)).map((e) => e.delta);
    expect(deltas("TEXT_MESSAGE_CONTENT")).toEqual([text]);
    expect(deltas("REASONING_MESSAGE_CONTENT")).toEqual([thought]);
    expect(deltas("TOOL_CALL_ARGS", "whole")).toEqual([JSON.stringify({ blob: value })]);
    expect(deltas("TOOL_CALL_ARGS", "streamed").join("")).toBe(JSON.stringify({ blob: value }));
    counter.add("hugeDeltas.bytes", text.length + thought.length + 2 * value.length);
  }, 60_000);

  it("surrogate pairs split across parts and partialArgs pass through unchanged, also when the real SDK parses the SSE", async () => {
    const cases = [["a\uD83D", "\uDE00b"], ["\uD83D", "", "\uDE00"], ["\uDBFF", "\uDFFF\uD800", "\uDC00"], ["lone \uDE00 low", "lone high \uD83D"]];
    for (const pieces of cases) {
      const chunks = [
        ...pieces.map((text) => chunk([{ text, thought: true }])),
        ...pieces.map((text) => chunk([{ text }])),
        chunk([{ functionCall: { id: "s", name: "f", willContinue: true } }]),
        ...pieces.map((stringValue) => chunk([{ functionCall: { id: "s", partialArgs: [{ jsonPath: "$.v", stringValue, willContinue: true }], willContinue: true } }])),
        chunk([{ functionCall: { id: "s" } }], "STOP"),
      ];
      const sse = new TextEncoder().encode(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join(""));
      const direct = await drain(streamGenerateContent(listSource(chunks), options()));
      const parsed = await drain(streamGenerateContent(() => sdkStream(sse), options()));
      for (const events of [direct, parsed]) {
        const { terminal } = await checkRun(events);
        expect(terminal.type).toBe("RUN_FINISHED");
        const list = events as unknown as Rec[];
        expect(list.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(pieces);
        expect(list.filter((e) => e.type === "REASONING_MESSAGE_CONTENT").map((e) => e.delta)).toEqual(pieces);
        expect(list.filter((e) => e.type === "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe(JSON.stringify({ v: pieces.join("") }));
        counter.add("surrogateSplits.runs");
      }
    }
  });
});
