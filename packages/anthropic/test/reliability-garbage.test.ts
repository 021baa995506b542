/**
 * Issue 8, adversarial inputs that are not positional: garbage chunks (wrong types, missing fields,
 * nulls, unknown event / delta / block types, duplicated and out-of-order starts and stops, deltas
 * for unknown indexes) mixed into generated streams; hostile usage values (NaN, negatives,
 * fractions, strings, > 2^53, overflowing sums, bigint) that must never reach the wire; 10 MB deltas
 * and surrogate pairs split across deltas (also through the real SDK's SSE parser).
 */
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runMessagesStream, streamMessages } from "../src/index.js";
import { messageStream, type Expected } from "./arbitraries/message-stream.js";
import { HOSTILE_COUNTS, hostileCount, MUTATIONS, mutation } from "./arbitraries/mutations.js";
import { anthropicUsageOracle, type UsageReport } from "./arbitraries/usage-oracle.js";
import { expectHealthyRun } from "./support/check-expected.js";
import { createCounter } from "@agui-bridge/test-support";
import { openSdkStream, replayClient } from "./support/replay.js";
import { checkRun, drain, listSource, type Rec } from "@agui-bridge/test-support";

const counter = createCounter("reliability-garbage.test.ts");
afterAll(() => counter.flush());

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 150);
const options = (warnings?: BridgeWarning[]) => ({
  threadId: "t",
  runId: "r",
  generateId: createSequentialIds("id"),
  ...(warnings !== undefined && { onWarning: (warning: BridgeWarning) => warnings.push(warning) }),
});

/** Each entity carried at most a prefix of what was sent for it (nothing corrupted before the failure). */
function expectPrefixOnly(events: readonly Event[], expected: Expected): void {
  const list = events as unknown as Rec[];
  for (const [messageId, deltas] of expected.text) {
    const got = list.filter((e) => e.type === "TEXT_MESSAGE_CONTENT" && e.messageId === messageId).map((e) => e.delta);
    expect(deltas.slice(0, got.length)).toEqual(got);
  }
  for (const event of list) if (event.type === "TEXT_MESSAGE_START") expect(expected.text.has(String(event.messageId))).toBe(true);
  for (const call of expected.calls) {
    const got = list.filter((e) => e.type === "TOOL_CALL_ARGS" && e.toolCallId === call.id).map((e) => e.delta);
    // A block stopped before any argument text (an out-of-order stop) legitimately closes with `{}`.
    if (got.length > 0 && got[got.length - 1] === "{}" && got.slice(0, -1).every((delta) => delta === "")) got.pop();
    expect(call.argDeltas.slice(0, got.length)).toEqual(got);
  }
  const ids = new Set(expected.calls.map((call) => call.id));
  for (const event of list) if (event.type === "TOOL_CALL_START") expect(ids.has(String(event.toolCallId))).toBe(true);
}

describe("garbage chunks in generated streams (fast-check)", () => {
  it("fatal garbage ends in RUN_ERROR after a clean prefix; harmless garbage leaves the run exactly as it was", async () => {
    const tried = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(messageStream, mutation, async (stream, { mutation: m, pick }) => {
        const chunks = m.apply(stream.chunks, pick);
        fc.pre(chunks !== undefined);
        const events = await drain(streamMessages(listSource(chunks as unknown[]), options()));
        const { terminal } = await checkRun(events);
        if (m.fatal) {
          expect(terminal.type, m.name).toBe("RUN_ERROR");
          expect(typeof terminal.code === "string" && terminal.code !== "", m.name).toBe(true);
          expectPrefixOnly(events, stream.expected);
        } else {
          expectHealthyRun(events, terminal, stream.expected);
        }
        tried.set(m.name, (tried.get(m.name) ?? 0) + 1);
        counter.add(m.fatal ? "garbage.fatal.runs" : "garbage.harmless.runs");
      }),
      { numRuns: RUNS * 3 },
    );
    // Every kind of garbage was tried.
    expect([...tried.keys()].sort()).toEqual(MUTATIONS.map((m) => m.name).sort());
    counter.add("garbage.kinds", tried.size);
    counter.add("properties", 1);
  }, 120_000);

  it("unknown event types alone never break a healthy run, and reach the wire as RAW only with emitRawEvents", async () => {
    const unknown = { type: "future_event", detail: { a: [1, 2] } };
    await fc.assert(
      fc.asyncProperty(messageStream, fc.nat(), fc.boolean(), async (stream, at, raw) => {
        const chunks = [...stream.chunks];
        chunks.splice(at % (chunks.length + 1), 0, unknown);
        const events = await drain(streamMessages(listSource(chunks), { ...options(), emitRawEvents: raw }));
        const { terminal } = await checkRun(events);
        expectHealthyRun(events, terminal, stream.expected);
        const raws = events.filter((event) => event.type === "RAW") as unknown as Rec[];
        expect(raws.map((event) => event.event)).toEqual(raw ? [unknown] : []);
        counter.add("unknownEvents.runs");
      }),
      { numRuns: RUNS },
    );
    counter.add("properties", 1);
  }, 120_000);
});

describe("hostile usage values (fast-check)", () => {
  it("never reach the wire: entries keep the 1.0 invariants and follow the formula over the valid values", async () => {
    const usageField = fc.constantFrom("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "thinking_tokens");
    await fc.assert(
      fc.asyncProperty(messageStream, fc.array(fc.tuple(fc.nat(), usageField, hostileCount), { minLength: 1, maxLength: 6 }), async (stream, edits) => {
        const chunks = stream.chunks.map((chunk) => structuredClone(chunk));
        const reports = chunks.flatMap((chunk) =>
          chunk.type === "message_start" ? [(chunk.message as Rec).usage as UsageReport] : chunk.type === "message_delta" ? [chunk.usage as UsageReport] : [],
        );
        for (const [which, field, value] of edits) {
          const report = reports[which % reports.length] as UsageReport;
          if (field === "thinking_tokens") report.output_tokens_details = { thinking_tokens: value };
          else report[field] = value;
        }
        // The expected usage, from the reports as they now stand, per message.
        const perMessage: Array<{ model: string; reports: UsageReport[] }> = [];
        for (const chunk of chunks) {
          if (chunk.type === "message_start") perMessage.push({ model: String((chunk.message as Rec).model), reports: [(chunk.message as Rec).usage as UsageReport] });
          if (chunk.type === "message_delta") perMessage[perMessage.length - 1]?.reports.push(chunk.usage as UsageReport);
        }
        const warnings: BridgeWarning[] = [];
        const events = await drain(streamMessages(listSource(chunks), options(warnings)));
        const { terminal } = await checkRun(events);
        const contract = anthropicUsageOracle(perMessage);
        expectHealthyRun(events, terminal, { ...stream.expected, usage: contract });
        // Nothing hostile survives serialization either (NaN / Infinity would become null). (A -0 the
        // provider sent is a valid zero and serializes as 0.)
        expect(JSON.stringify(terminal.usage ?? [])).not.toMatch(/null|NaN|Infinity|"\d+n"/);
        const bad = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === "number" && Number.isSafeInteger(value) && value >= 0);
        const invalid = reports.some((report) =>
          [report.input_tokens, report.output_tokens, report.cache_creation_input_tokens, report.cache_read_input_tokens, (report.output_tokens_details as Rec | undefined)?.thinking_tokens].some(bad),
        );
        if (invalid) expect(warnings.some((warning) => warning.code.startsWith("usage."))).toBe(true);
        counter.add("hostileUsage.runs");
        counter.add("hostileUsage.values", edits.length);
      }),
      { numRuns: RUNS * 2 },
    );
    counter.add("properties", 1);
  }, 120_000);

  // Regression (found by the hostile-usage property, now fixed): Anthropic
  // usage is cumulative and mergeAnthropicUsage lets a later present value replace an earlier one
  // even when it is invalid; when the merged report then has no valid count, mapAnthropicUsage
  // returns undefined and `run.usage.record(id, undefined)` is a no-op, so the entry computed from
  // the EARLIER report stays and reaches RUN_FINISHED. Here output_tokens 7 was superseded by NaN,
  // yet `outputTokens: 7` is reported; when input_tokens stays valid instead, the same NaN makes
  // outputTokens absent. "Last values win" says: no entry.
  it("a report whose every count is invalid supersedes the earlier counts instead of leaving a stale entry", async () => {
    const chunks = [
      { type: "message_start", message: { id: "msg_stale", model: "m", content: [], usage: { output_tokens: 7 } } },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: Number.NaN } },
      { type: "message_stop" },
    ];
    const events = await drain(streamMessages(listSource(chunks), options()));
    const { terminal } = await checkRun(events);
    expect(terminal.usage).toBeUndefined();
  });

  it("each hostile value alone, in every usage field, is dropped with a warning", async () => {
    const fields = ["input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"];
    for (const field of fields) {
      for (const value of HOSTILE_COUNTS) {
        const usage: Rec = { input_tokens: 10, cache_creation_input_tokens: 2, cache_read_input_tokens: 3, output_tokens: 4, [field]: value };
        const chunks = [
          { type: "message_start", message: { id: "msg_h", model: "m", content: [], usage } },
          { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 4 } },
          { type: "message_stop" },
        ];
        const warnings: BridgeWarning[] = [];
        const events = await drain(streamMessages(listSource(chunks), options(warnings)));
        const { terminal } = await checkRun(events);
        expect(terminal.type).toBe("RUN_FINISHED");
        expect(terminal.usage).toEqual(anthropicUsageOracle([{ model: "m", reports: [usage, { output_tokens: 4 }] }]));
        counter.add("hostileUsage.singleValues");
      }
    }
  });
});

describe("huge deltas and split surrogate pairs", () => {
  const MB10 = 10 * 1024 * 1024;
  const huge = (seed: string): string => seed.repeat(Math.ceil(MB10 / seed.length)).slice(0, MB10);

  it("10 MB text, thinking and argument deltas pass through unchanged", async () => {
    const text = huge("héllo 😀 wörld\n");
    const thinking = huge("∑ reasoning… ");
    const args = `{"blob":"${huge("abc\\\"xyz ")}"}`;
    const chunks = [
      { type: "message_start", message: { id: "msg_big", model: "m", content: [], usage: { input_tokens: 1, output_tokens: 1 } } },
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig" } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text } },
      { type: "content_block_stop", index: 1 },
      { type: "content_block_start", index: 2, content_block: { type: "tool_use", id: "toolu_big", name: "f", input: {} } },
      { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: args } },
      { type: "content_block_stop", index: 2 },
      { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } },
      { type: "message_stop" },
    ];
    const events = (await drain(streamMessages(listSource(chunks), options()))) as unknown as Rec[];
    const { terminal } = await checkRun(events as unknown as Event[]);
    expect(terminal.type).toBe("RUN_FINISHED");
    const deltas = (type: string) => events.filter((e) => e.type === type).map((e) => e.delta);
    expect(deltas("TEXT_MESSAGE_CONTENT")).toEqual([text]);
    expect(deltas("REASONING_MESSAGE_CONTENT")).toEqual([thinking]);
    expect(deltas("TOOL_CALL_ARGS")).toEqual([args]);
    counter.add("hugeDeltas.bytes", text.length + thinking.length + args.length);
  }, 60_000);

  it("surrogate pairs split across deltas pass through unchanged, also when the real SDK parses the SSE", async () => {
    const cases = [
      ["a\uD83D", "\uDE00b"],
      ["\uD83D", "", "\uDE00"],
      ["\uDBFF", "\uDFFF\uD800", "\uDC00"],
      ["lone \uDE00 low", "lone high \uD83D"],
    ];
    for (const pieces of cases) {
      const chunks = [
        { type: "message_start", message: { id: "msg_s", model: "m", content: [], usage: { input_tokens: 1, output_tokens: 1 } } },
        { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
        ...pieces.map((thinking) => ({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking } })),
        { type: "content_block_stop", index: 0 },
        { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
        ...pieces.map((text) => ({ type: "content_block_delta", index: 1, delta: { type: "text_delta", text } })),
        { type: "content_block_stop", index: 1 },
        { type: "content_block_start", index: 2, content_block: { type: "tool_use", id: "toolu_s", name: "f", input: {} } },
        ...pieces.map((partial_json) => ({ type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json } })),
        { type: "content_block_stop", index: 2 },
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
        { type: "message_stop" },
      ];
      const sse = chunks.map((chunk) => `event: ${chunk.type}\ndata: ${JSON.stringify(chunk)}\n\n`).join("");
      const direct = await drain(streamMessages(listSource(chunks), options()));
      const client = replayClient(sse);
      const parsed = await drain(runMessagesStream((signal) => openSdkStream(client, signal), options()));
      for (const events of [direct, parsed]) {
        const { terminal } = await checkRun(events);
        expect(terminal.type).toBe("RUN_FINISHED");
        const list = events as unknown as Rec[];
        for (const type of ["TEXT_MESSAGE_CONTENT", "REASONING_MESSAGE_CONTENT", "TOOL_CALL_ARGS"]) {
          expect(list.filter((e) => e.type === type).map((e) => e.delta)).toEqual(pieces);
        }
        counter.add("surrogateSplits.runs");
      }
    }
  });
});
