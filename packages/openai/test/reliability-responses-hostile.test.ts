/**
 * Adversarial tests of the Responses adapter (issue 8), continued from
 * reliability-responses.test.ts: garbage events, hostile usage values, abort, huge deltas and
 * split surrogate pairs. Counts go to .reliability-counts.json (section "openai-responses-hostile");
 * see docs/reliability/openai.md.
 */
import { collectDeltas } from "@agui-bridge/conformance";
import { type BridgeWarning } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { streamResponses } from "../src/index.js";
import { applyMutation, insertAt, isInvalidCount, maybeCount, mutation, nonObjectChunk, validCount } from "./arbitraries/hostile.js";
import { responsesStream } from "./arbitraries/responses-stream.js";
import { assertInterruptedClosing, assertWellFormed, drain, fragmentsById, fullCheckAt, ids, openKindsAfter, terminalOf, toSSE, trackedSource } from "./support/reliability-harness.js";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { sdkStream } from "./support/sdk-bytes.js";
import { run, carried, expectedOutcome, SWEPT_FAULTS, deltaShaped, assertCarriedSoFar } from "./support/responses-reliability-checks.js";

vi.setConfig({ testTimeout: 120_000 });

const counts = new ReliabilityCounts("openai-responses-hostile");
afterAll(() => counts.write());

describe("Responses: garbage events", () => {
  /** Events that carry nothing: they must not change a healthy run at all. */
  const benign = fc.constantFrom<Record<string, unknown>>(
    { type: "response.future_feature.delta", delta: "?" },
    { type: "keepalive" },
    { type: "response.queued" },
    { type: "response.in_progress" },
    { type: "response.content_part.done", item_id: "nope" },
    { type: "response.reasoning_summary_part.added", item_id: "nope", summary_index: 0 },
    { type: "response.web_search_call.searching", item_id: "nope" },
    { type: "response.function_call_arguments.delta", item_id: "unknown_item", delta: "{}" },
    { type: "response.custom_tool_call_input.delta", item_id: "unknown_item", delta: "x" },
    { type: "response.reasoning_summary_text.delta", item_id: "unknown_item", delta: "x" },
    { type: "response.output_item.done" },
    { type: "response.output_item.added", item: null },
    { type: 42 },
    { no_type: true },
  );

  it("unknown event types and events for unknown items never change a healthy run", async () => {
    await counts.check(
      "benign garbage inserted anywhere → identical events",
      fc.asyncProperty(responsesStream, fc.array(fc.record({ draw: fc.nat(), item: benign }), { minLength: 1, maxLength: 5 }), async (stream, extra) => {
        const healthy = await run(trackedSource(stream.events));
        const noisy = await run(trackedSource(insertAt(stream.events, extra)));
        expect(noisy).toEqual(healthy);
        counts.add("garbage: benign events inserted", extra.length);
      }),
      80,
    );
  });

  it("random field mutations (wrong types, nulls, missing fields) never throw and always give a conformant run", async () => {
    await counts.check(
      "random field mutations → conformant, one terminal, no throw",
      fc.asyncProperty(responsesStream, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (stream, plans) => {
        let events: unknown[] = stream.events;
        for (const plan of plans) events = applyMutation(events, plan);
        await assertWellFormed(await run(trackedSource(events)));
        counts.add("garbage: field mutations applied", plans.length);
      }),
      100,
    );
  });

  it("an event that is not an object ends the run with RUN_ERROR invalid_chunk", async () => {
    await counts.check(
      "non-object event at any position → RUN_ERROR invalid_chunk",
      fc.asyncProperty(responsesStream, fc.nat(), nonObjectChunk, async (stream, draw, bad) => {
        const at = draw % (stream.events.length + 1);
        const events = await run(trackedSource([...stream.events.slice(0, at), bad, ...stream.events.slice(at)]));
        await assertWellFormed(events);
        if (expectedOutcome(stream.events.slice(0, at)) !== "error") expect(terminalOf(events)).toMatchObject({ type: "RUN_ERROR", code: "invalid_chunk" });
      }),
      60,
    );
  });

  it("entirely random event sequences (random objects, and events of known types with random fields) never throw", async () => {
    const TYPES = ["response.created", "response.output_item.added", "response.output_item.done", "response.content_part.added", "response.output_text.delta", "response.output_text.done", "response.refusal.delta", "response.reasoning_summary_text.delta", "response.reasoning_text.done", "response.function_call_arguments.delta", "response.function_call_arguments.done", "response.custom_tool_call_input.delta", "response.mcp_call_arguments.delta", "response.output_text.annotation.added", "response.completed", "response.incomplete", "response.failed", "error"];
    const ITEM_TYPES = ["message", "reasoning", "function_call", "custom_tool_call", "web_search_call", "mcp_call", "shell_call", "shell_call_output", "image_generation_call", "compaction", "tool_search_output"];
    const randomEvent = fc.record(
      {
        type: fc.constantFrom(...TYPES),
        item_id: fc.constantFrom("a", "b", "c", 7, null),
        output_index: fc.constantFrom(0, 1, 2, -1, 1.5, "0", null),
        delta: fc.oneof(fc.string({ maxLength: 6 }), fc.anything({ maxDepth: 1 })),
        item: fc.record({ id: fc.constantFrom("a", "b", "c", ""), type: fc.constantFrom(...ITEM_TYPES), call_id: fc.constantFrom("c1", "c2", undefined), encrypted_content: fc.anything({ maxDepth: 1 }), content: fc.anything({ maxDepth: 2 }), summary: fc.anything({ maxDepth: 2 }) }, { requiredKeys: ["type"] }),
        response: fc.record({ id: fc.constantFrom("r1", "r2"), usage: fc.anything({ maxDepth: 2 }), status: fc.constantFrom("completed", "failed", "incomplete", 3) }, { requiredKeys: [] }),
        part: fc.record({ type: fc.constantFrom("output_text", "refusal", "reasoning_text") }),
        annotation: fc.anything({ maxDepth: 1 }),
      },
      { requiredKeys: ["type"] },
    );
    await counts.check(
      "random event sequences → conformant, no throw",
      fc.asyncProperty(fc.array(fc.oneof(randomEvent, randomEvent, fc.anything({ maxDepth: 2 })), { maxLength: 20 }), async (events) => {
        await assertWellFormed(await run(trackedSource(events)));
        counts.add("garbage: random events", events.length);
      }),
      200,
    );
  });

  it("duplicated and out-of-order starts/stops (added twice, done before added, done twice, completed twice) never throw", async () => {
    await counts.check(
      "duplicated / reordered events → conformant, one terminal, no throw",
      fc.asyncProperty(responsesStream, fc.array(fc.record({ from: fc.nat(), to: fc.nat(), copy: fc.boolean() }), { minLength: 1, maxLength: 6 }), async (stream, moves) => {
        const events: unknown[] = [...stream.events];
        for (const move of moves) {
          const from = move.from % events.length;
          const item = move.copy ? structuredClone(events[from]) : events.splice(from, 1)[0];
          events.splice(move.to % (events.length + 1), 0, item);
        }
        const out = await run(trackedSource(events));
        await assertWellFormed(out);
        // Argument deltas of known calls are never lost while their call is open.
        expect(["RUN_FINISHED", "RUN_ERROR"]).toContain(terminalOf(out).type);
        counts.add("garbage: duplicated/moved events", moves.length);
      }),
      80,
    );
  });
});

describe("Responses: hostile usage values", () => {
  it("NaN, negatives, fractions, strings, > 2^53, cache parts above the total never reach the wire", async () => {
    await counts.check(
      "hostile usage → only valid counts, invariants hold, warnings for each invalid value",
      fc.asyncProperty(maybeCount, maybeCount, maybeCount, maybeCount, maybeCount, fc.boolean(), async (input, output, cachedRaw, cacheWrite, reasoning, cacheAboveTotal) => {
        const cached = cacheAboveTotal && validCount(input) !== undefined ? (input as number) + 1 : cachedRaw;
        const usage = { input_tokens: input, output_tokens: output, input_tokens_details: { cached_tokens: cached, cache_write_tokens: cacheWrite }, output_tokens_details: { reasoning_tokens: reasoning } };
        const warnings: BridgeWarning[] = [];
        const events = await run(
          trackedSource([
            { type: "response.created", response: { id: "r", model: "m" } },
            { type: "response.completed", response: { id: "r", model: "m", status: "completed", usage } },
          ]),
          { onWarning: (w: BridgeWarning) => warnings.push(w) },
        );
        await assertWellFormed(events);
        const i = validCount(input);
        const o = validCount(output);
        const entry: Record<string, unknown> = { provider: "openai", model: "m" };
        if (i !== undefined) entry.inputTokens = i;
        if (o !== undefined) entry.outputTokens = o;
        if (i !== undefined && o !== undefined) entry.totalTokens = i + o;
        const r = validCount(reasoning);
        if (r !== undefined && o !== undefined && r <= o) entry.reasoningTokens = r;
        const c = validCount(cached);
        const cachedKept = c !== undefined && i !== undefined && c <= i ? c : undefined;
        if (cachedKept !== undefined) entry.cachedInputTokens = cachedKept;
        const w = validCount(cacheWrite);
        if (w !== undefined && i !== undefined && w + (cachedKept ?? 0) <= i) entry.cacheWriteInputTokens = w;
        expect(terminalOf(events).usage).toEqual(i === undefined && o === undefined ? undefined : [entry]);
        const invalid = [input, output, cached, cacheWrite, reasoning].filter(isInvalidCount).length;
        expect(warnings.filter((x) => x.code === "usage.invalid-count")).toHaveLength(invalid);
        counts.add("hostile usage: values tried", 5);
      }),
      300,
    );
  });
});

describe("Responses: abort", () => {
  interface AbortTally {
    tried: number;
    insideText: number;
    insideReasoning: number;
    insideTool: number;
  }

  async function abortAtEvent(lines: readonly unknown[], at: number, tally: AbortTally, total: number): Promise<void> {
    const controller = new AbortController();
    const source = trackedSource(lines);
    let pulledAtAbort = -1;
    const events = await drain(streamResponses(source, { ...ids(), signal: controller.signal }), (event, index) => {
      if (index === at && event.type !== "RUN_FINISHED" && event.type !== "RUN_ERROR") {
        pulledAtAbort = source.stats.pulled;
        controller.abort();
      }
    });
    await assertWellFormed(events, { full: fullCheckAt(at, total) });
    const end = terminalOf(events);
    if (pulledAtAbort === -1) return;
    tally.tried += 1;
    if (pulledAtAbort > lines.length) {
      expect(end.outcome?.type).not.toBe("cancelled");
      return;
    }
    expect(end).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    const open = openKindsAfter(events, at + 1);
    if (open.has("text")) tally.insideText += 1;
    if (open.has("reasoning")) tally.insideReasoning += 1;
    if (open.has("tool")) tally.insideTool += 1;
    assertInterruptedClosing(events);
    if (source.stats.pulled > 0) expect(source.stats.returned).toBe(1);
  }

  async function abortAtChunk(lines: readonly unknown[], position: number, shape = { text: true, reasoning: true, args: true }): Promise<void> {
    const controller = new AbortController();
    const source = trackedSource(lines, { abortAt: position, controller });
    const events = await drain(streamResponses(source, { ...ids(), signal: controller.signal }));
    await assertWellFormed(events, { full: fullCheckAt(position, lines.length) });
    if (expectedOutcome(lines.slice(0, position)) === "error") return;
    expect(terminalOf(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    assertInterruptedClosing(events);
    expect(source.stats.returned).toBe(1);
    assertCarriedSoFar(events, lines.slice(0, position), shape, carried(lines));
  }

  it("a stalled read at every position of the recorded streams: cancelled, closed, released", async () => {
    for (const file of SWEPT_FAULTS) {
      const lines = readJsonl(file).map((l) => (l.ok ? l.value : l.raw));
      const shape = await deltaShaped(lines);
      for (let position = 0; position <= lines.length; position += 1) {
        await abortAtChunk(lines, position, shape);
        counts.add("abort: recorded-stream positions tried (stalled read)");
      }
    }
  });

  it("at every chunk position and at every event of generated streams (inside open text, reasoning, tool calls)", async () => {
    const tally: AbortTally = { tried: 0, insideText: 0, insideReasoning: 0, insideTool: 0 };
    await counts.check(
      "abort at every chunk and every event position → cancelled, everything closed, return() called",
      fc.asyncProperty(responsesStream, async (stream) => {
        for (let position = 0; position <= stream.events.length; position += 1) {
          await abortAtChunk(stream.events, position);
          counts.add("abort: generated-stream chunk positions tried (stalled read)");
        }
        const healthy = await run(trackedSource(stream.events));
        for (let at = 0; at < healthy.length; at += 1) await abortAtEvent(stream.events, at, tally, healthy.length);
      }),
      8,
    );
    counts.add("abort: generated-stream event positions tried (consumer-side abort)", tally.tried);
    counts.add("abort: inside an open text message", tally.insideText);
    counts.add("abort: inside an open reasoning message", tally.insideReasoning);
    counts.add("abort: inside an open tool call", tally.insideTool);
    expect(Math.min(tally.insideText, tally.insideReasoning, tally.insideTool), JSON.stringify(tally)).toBeGreaterThan(0);
  });

  it("a consumer that stops early releases the provider stream", async () => {
    await counts.check(
      "consumer break at any event → return() called",
      fc.asyncProperty(responsesStream, fc.nat(), async (stream, draw) => {
        const source = trackedSource(stream.events);
        const stopAt = draw % (stream.events.length + 2);
        let seen = 0;
        for await (const _event of streamResponses(source, ids())) if (++seen > stopAt) break;
        if (source.stats.pulled > 0 && source.stats.pulled <= stream.events.length) expect(source.stats.returned).toBe(1);
      }),
      60,
    );
  });
});

describe("Responses: huge deltas and split surrogate pairs", () => {
  const TEN_MB = 10 * 1024 * 1024;

  it("10 MB text, reasoning and tool-argument deltas pass through unchanged (in memory and through the SDK)", async () => {
    const big = "y".repeat(TEN_MB - 3) + "😀é";
    const lines = [
      { type: "response.created", response: { id: "r", model: "m" } },
      { type: "response.output_item.added", output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [] } },
      { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 0, delta: big },
      { type: "response.output_item.done", output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [{ type: "summary_text", text: big }], encrypted_content: big } },
      { type: "response.output_item.added", output_index: 1, item: { id: "msg_1", type: "message", role: "assistant", content: [] } },
      { type: "response.content_part.added", item_id: "msg_1", output_index: 1, content_index: 0, part: { type: "output_text", text: "" } },
      { type: "response.output_text.delta", item_id: "msg_1", output_index: 1, content_index: 0, delta: big },
      { type: "response.output_item.done", output_index: 1, item: { id: "msg_1", type: "message", role: "assistant", content: [{ type: "output_text", text: big, annotations: [] }] } },
      { type: "response.output_item.added", output_index: 2, item: { id: "fc_1", type: "function_call", call_id: "call_big", name: "f", arguments: "" } },
      { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 2, delta: big },
      { type: "response.output_item.done", output_index: 2, item: { id: "fc_1", type: "function_call", call_id: "call_big", name: "f", arguments: big } },
      { type: "response.completed", response: { id: "r", model: "m", status: "completed" } },
    ];
    for (const source of [trackedSource(lines), sdkStream("responses", toSSE(lines, "responses"))]) {
      const events = await run(source);
      expect(terminalOf(events).type).toBe("RUN_FINISHED");
      const frags = fragmentsById(events);
      expect([...frags.reasoning.values()].flat()).toEqual([big]);
      expect([...frags.text.values()].flat()).toEqual([big]);
      expect(frags.args.get("call_big")).toEqual([big]);
      expect(collectDeltas(events as never).encrypted.map((e) => e.encryptedValue)).toEqual([big]);
      counts.add("huge deltas: 10 MB deltas passed", 4);
    }
  });

  it("a surrogate pair split across deltas (lone halves in JSON escapes, or UTF-8 bytes split across reads) arrives unchanged", async () => {
    const pieces = ["a\ud83d", "\ude00b", "\ud83d", "\udc4d\ud83c", "\udffd"];
    const head = [
      { type: "response.created", response: { id: "r", model: "m" } },
      { type: "response.output_item.added", output_index: 0, item: { id: "msg_1", type: "message", role: "assistant", content: [] } },
    ];
    const tail = [
      { type: "response.output_item.done", output_index: 0, item: { id: "msg_1", type: "message", role: "assistant", content: [{ type: "output_text", text: pieces.join("") }] } },
      { type: "response.completed", response: { id: "r", model: "m", status: "completed" } },
    ];
    const lines = [...head, ...pieces.map((delta) => ({ type: "response.output_text.delta", item_id: "msg_1", output_index: 0, delta })), ...tail];
    for (const source of [trackedSource(lines), sdkStream("responses", toSSE(lines, "responses"))]) {
      const events = await run(source);
      await assertWellFormed(events);
      expect([...fragmentsById(events).text.values()].flat()).toEqual(pieces);
    }
    const bytes = new TextEncoder().encode(toSSE([...head, { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, delta: "👍🏽😀" }, ...tail], "responses"));
    const emojiAt = bytes.indexOf(0xf0);
    for (let cut = emojiAt - 2; cut <= emojiAt + 16; cut += 1) {
      const events = await run(sdkStream("responses", bytes, { splits: [cut] }));
      expect([...collectDeltas(events as never).text.values()].join("")).toBe("👍🏽😀");
      counts.add("surrogates: read boundaries tried");
    }
  });
});
