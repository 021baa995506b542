/**
 * Adversarial tests of the Chat Completions adapter (issue 8), continued from
 * reliability-chat.test.ts: garbage chunks, hostile usage values, abort, huge deltas and split
 * surrogate pairs. Counts go to .reliability-counts.json (section "openai-chat-hostile"); see
 * docs/reliability/openai.md.
 */
import { collectDeltas } from "@agui-bridge/conformance";
import { type BridgeWarning } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { basename } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { streamChatCompletions } from "../src/index.js";
import { chatStream } from "./arbitraries/chat-stream.js";
import { expectedChatUsage } from "./support/chat-usage-oracle.js";
import { applyMutation, insertAt, isInvalidCount, maybeCount, mutation, nonObjectChunk, validCount } from "./arbitraries/hostile.js";
import { fragmentsOf } from "./arbitraries/text.js";
import { assertInterruptedClosing, assertWellFormed, drain, fullCheckAt, fragmentsById, ids, openKindsAfter, terminalOf, toSSE, trackedSource } from "./support/reliability-harness.js";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { sdkStream } from "./support/sdk-bytes.js";
import { finishedArguments } from "./support/blank-arguments.js";
import { carried, run, argsByKind } from "./support/chat-reliability-checks.js";

vi.setConfig({ testTimeout: 120_000 });

const counts = new ReliabilityCounts("openai-chat-hostile");
afterAll(() => counts.write());

describe("Chat Completions: garbage chunks", () => {
  /** Chunks that carry nothing: they must not change a healthy run at all. */
  const benign = fc.constantFrom<Record<string, unknown>>(
    { choices: [], created: 0, id: "", model: "", object: "", prompt_filter_results: [] },
    { choices: [] },
    { object: "chat.completion.chunk", choices: [{ index: 0, delta: {} }], obfuscation: "zz" },
    { choices: [{ index: 0, delta: { content: null, refusal: null, tool_calls: [] } }] },
    { choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null, logprobs: null }] },
    { choices: [{ index: 0, delta: { audio: { id: "x" }, future_field: 1 }, content_filter_results: {} }] },
    { choices: [null, 3, "x"] },
    { choices: "not an array" },
    // A served `service_tier` is carried (finishDetails.serviceTier); a null one carries nothing.
    { service_tier: null, system_fingerprint: null, choices: [], usage: null },
  );

  it("chunks that carry nothing (unknown fields, empty deltas, filter results) never change a healthy run", async () => {
    await counts.check(
      "benign garbage inserted anywhere → identical events",
      fc.asyncProperty(chatStream, fc.array(fc.record({ draw: fc.nat(), item: benign }), { minLength: 1, maxLength: 5 }), async (stream, extra) => {
        const healthy = await run(trackedSource(stream.chunks));
        const noisy = await run(trackedSource(insertAt(stream.chunks, extra)));
        expect(noisy).toEqual(healthy);
        counts.add("garbage: benign chunks inserted", extra.length);
      }),
      80,
    );
  });

  it("random field mutations (wrong types, nulls, missing fields) never throw and always give a conformant run", async () => {
    await counts.check(
      "random field mutations → conformant, one terminal, no throw",
      fc.asyncProperty(chatStream, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (stream, plans) => {
        let chunks: unknown[] = stream.chunks;
        for (const plan of plans) chunks = applyMutation(chunks, plan);
        const events = await run(trackedSource(chunks));
        await assertWellFormed(events);
        counts.add("garbage: field mutations applied", plans.length);
      }),
      150,
    );
  });

  it("a chunk that is not an object ends the run with RUN_ERROR invalid_chunk", async () => {
    await counts.check(
      "non-object chunk at any position → RUN_ERROR invalid_chunk",
      fc.asyncProperty(chatStream, fc.nat(), nonObjectChunk, async (stream, draw, bad) => {
        const at = draw % (stream.chunks.length + 1);
        const chunks = [...stream.chunks.slice(0, at), bad, ...stream.chunks.slice(at)];
        const events = await run(trackedSource(chunks));
        await assertWellFormed(events);
        expect(terminalOf(events)).toMatchObject({ type: "RUN_ERROR", code: "invalid_chunk" });
      }),
      60,
    );
  });

  it("entirely random chunk sequences never throw and always give a conformant run", async () => {
    await counts.check(
      "random chunk sequences → conformant, no throw",
      fc.asyncProperty(fc.array(fc.oneof(fc.anything({ maxDepth: 3 }), fc.object({ maxDepth: 3 })), { maxLength: 12 }), async (chunks) => {
        const events = await run(trackedSource(chunks));
        await assertWellFormed(events);
        counts.add("garbage: random chunks", chunks.length);
      }),
      100,
    );
  });

  it("duplicated first fragments, repeated finish chunks and args for an unknown index: conformant, every fragment sent is kept", async () => {
    await counts.check(
      "duplicated starts / repeated finish / orphan tool args → conformant, conserved",
      fc.asyncProperty(chatStream, fc.nat(), fc.nat(), fragmentsOf(), async (stream, dupDraw, orphanDraw, orphanArgs) => {
        const chunks: Array<Record<string, unknown>> = [...stream.chunks];
        let finishAt = chunks.length - 1;
        while (finishAt > 0 && ((chunks[finishAt]!.choices as Array<{ finish_reason?: unknown }> | undefined) ?? [])[0]?.finish_reason == null) finishAt -= 1;
        // The finish chunk twice.
        chunks.splice(finishAt + 1, 0, structuredClone(chunks[finishAt]!));
        // A copy of a tool call's first fragment (same id, same index) right after it.
        const firsts = chunks
          .map((c, i) => ({ c, i }))
          .filter(({ c }) => JSON.stringify(c).includes('"type":"function"'));
        const dup = firsts.length > 0 ? firsts[dupDraw % firsts.length] : undefined;
        if (dup !== undefined) chunks.splice(dup.i + 1, 0, structuredClone(dup.c));
        // Argument fragments for an index no call uses, without id or name.
        const orphanAt = orphanDraw % (finishAt + 1);
        // Same completion id as its neighbours (a chunk of another completion would start a new turn).
        const template = [...chunks.slice(0, orphanAt + 1)].reverse().find((c) => typeof c.id === "string" && c.id !== "") ?? chunks.find((c) => typeof c.id === "string" && c.id !== "")!;
        chunks.splice(orphanAt, 0, { ...template, choices: [{ index: 0, delta: { tool_calls: orphanArgs.map((a) => ({ index: 99, function: { arguments: a } })) } }] });
        const events = await run(trackedSource(chunks));
        await assertWellFormed(events);
        // Conservation against what was sent (the duplicate included), per call.
        const sent = carried(chunks);
        const { args: got, executed } = argsByKind(events);
        for (const [id, args] of sent.args) expect(got.get(id)).toBe(finishedArguments(args));
        expect(executed).toEqual(sent.executed);
        const orphanCalls = [...got.keys()].filter((id) => !sent.args.has(id));
        // Blank arguments read `{}` once the choice finished, unless an output limit cut the call off.
        const orphanText = orphanArgs.join("");
        const orphanGot = orphanCalls.map((id) => got.get(id)).join("");
        if (stream.expected.finish === "length") expect([orphanText, finishedArguments(orphanText)]).toContain(orphanGot);
        else expect(orphanGot).toBe(finishedArguments(orphanText));
        expect([...collectDeltas(events as never).text.values()].join("")).toBe(sent.text);
        counts.add("garbage: duplicated/out-of-order inputs", 3);
      }),
      60,
    );
  });
});

describe("Chat Completions: hostile usage values", () => {
  it("NaN, negatives, fractions, strings, > 2^53, cache parts above the total never reach the wire", async () => {
    await counts.check(
      "hostile usage → only valid counts, invariants hold, warnings for each invalid value",
      fc.asyncProperty(maybeCount, maybeCount, maybeCount, maybeCount, maybeCount, fc.boolean(), async (prompt, completion, cached, cacheWrite, reasoning, cacheAboveTotal) => {
        const promptTokens = prompt;
        const cachedTokens = cacheAboveTotal && validCount(prompt) !== undefined ? (prompt as number) + 1 : cached;
        const usage = {
          prompt_tokens: promptTokens,
          completion_tokens: completion,
          prompt_tokens_details: { cached_tokens: cachedTokens, cache_write_tokens: cacheWrite },
          completion_tokens_details: { reasoning_tokens: reasoning },
        };
        const warnings: BridgeWarning[] = [];
        const chunks = [
          { id: "c", model: "m", choices: [{ index: 0, delta: { content: "hi" }, finish_reason: null }] },
          { id: "c", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
          { id: "c", model: "m", choices: [], usage },
        ];
        const events = await run(trackedSource(chunks), { onWarning: (w: BridgeWarning) => warnings.push(w) });
        await assertWellFormed(events);
        // The documented rule: a part above its total is reported beside it and added in.
        const fields = expectedChatUsage(usage);
        const expectedEntry: Record<string, unknown> = { provider: "openai", model: "m", ...fields };
        const input = fields?.inputTokens;
        const output = fields?.outputTokens;
        const end = terminalOf(events);
        expect(end.usage).toEqual(input === undefined && output === undefined ? undefined : [expectedEntry]);
        const invalid = [promptTokens, completion, cachedTokens, cacheWrite, reasoning].filter(isInvalidCount).length;
        expect(warnings.filter((x) => x.code === "usage.invalid-count")).toHaveLength(invalid);
        counts.add("hostile usage: values tried", 5);
      }),
      300,
    );
  });
});

describe("Chat Completions: abort", () => {
  interface AbortTally {
    tried: number;
    insideText: number;
    insideReasoning: number;
    insideTool: number;
  }

  /** Aborts from the consumer side as event `at` arrives; checks the cancelled outcome. */
  async function abortAtEvent(chunks: readonly unknown[], at: number, tally: AbortTally, total: number): Promise<void> {
    const controller = new AbortController();
    const source = trackedSource(chunks);
    let pulledAtAbort = -1;
    const events = await drain(streamChatCompletions(source, { ...ids(), signal: controller.signal }), (event, index) => {
      if (index === at && event.type !== "RUN_FINISHED" && event.type !== "RUN_ERROR") {
        pulledAtAbort = source.stats.pulled;
        controller.abort();
      }
    });
    await assertWellFormed(events, { full: fullCheckAt(at, total) });
    const end = terminalOf(events);
    if (pulledAtAbort === -1) return;
    tally.tried += 1;
    if (pulledAtAbort > chunks.length) {
      // The source had already said it was done: the run ends as it would have.
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

  /** Aborts from inside the source: the `position`-th read stalls and the signal fires. */
  async function abortAtChunk(chunks: readonly unknown[], position: number): Promise<void> {
    const controller = new AbortController();
    const source = trackedSource(chunks, { abortAt: position, controller });
    const events = await drain(streamChatCompletions(source, { ...ids(), signal: controller.signal }));
    await assertWellFormed(events, { full: fullCheckAt(position, chunks.length) });
    // A recording of a failed stream: a read stalled after its error chunk is never reached.
    const failed = chunks.slice(0, position).some((c) => typeof (c as { error?: unknown } | null)?.error === "object");
    expect(terminalOf(events)).toMatchObject(failed ? { type: "RUN_ERROR" } : { type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    assertInterruptedClosing(events);
    expect(source.stats.returned).toBe(1);
    const sent = carried(chunks.slice(0, position));
    expect([...collectDeltas(events as never).text.values()].join("")).toBe(sent.text);
    expect(argsByKind(events)).toEqual({ args: sent.args, executed: sent.executed });
  }

  for (const file of listSharedStreams("openai-chat")) {
    it(`a stalled read at every position of ${basename(file)}: cancelled, closed, released`, async () => {
      const chunks = readJsonl(file).map((l) => (l.ok ? l.value : undefined));
      for (let position = 0; position <= chunks.length; position += 1) {
        await abortAtChunk(chunks, position);
        counts.add("abort: recorded-stream positions tried (stalled read)");
      }
    });
  }

  it("at every chunk position and at every event of generated streams (inside open text, reasoning, tool calls)", async () => {
    const tally: AbortTally = { tried: 0, insideText: 0, insideReasoning: 0, insideTool: 0 };
    await counts.check(
      "abort at every chunk and every event position → cancelled, everything closed, return() called",
      fc.asyncProperty(chatStream, async (stream) => {
        for (let position = 0; position <= stream.chunks.length; position += 1) {
          await abortAtChunk(stream.chunks, position);
          counts.add("abort: generated-stream chunk positions tried (stalled read)");
        }
        const healthy = await run(trackedSource(stream.chunks));
        for (let at = 0; at < healthy.length; at += 1) await abortAtEvent(stream.chunks, at, tally, healthy.length);
      }),
      10,
    );
    counts.add("abort: generated-stream event positions tried (consumer-side abort)", tally.tried);
    counts.add("abort: inside an open text message", tally.insideText);
    counts.add("abort: inside an open reasoning message", tally.insideReasoning);
    counts.add("abort: inside an open tool call", tally.insideTool);
    expect(tally, JSON.stringify(tally)).toBeDefined();
    expect(Math.min(tally.insideText, tally.insideReasoning, tally.insideTool), JSON.stringify(tally)).toBeGreaterThan(0);
  });

  it("a consumer that stops early releases the provider stream", async () => {
    await counts.check(
      "consumer break at any event → return() called",
      fc.asyncProperty(chatStream, fc.nat(), async (stream, draw) => {
        const source = trackedSource(stream.chunks);
        const generator = streamChatCompletions(source, ids());
        const stopAt = draw % (stream.chunks.length + 2);
        let seen = 0;
        for await (const _event of generator) if (++seen > stopAt) break;
        const exhausted = source.stats.pulled > stream.chunks.length;
        if (source.stats.pulled > 0 && !exhausted) expect(source.stats.returned).toBe(1);
      }),
      60,
    );
  });
});

describe("Chat Completions: huge deltas and split surrogate pairs", () => {
  const TEN_MB = 10 * 1024 * 1024;

  it("10 MB text, reasoning and tool-argument deltas pass through unchanged (in memory and through the SDK)", async () => {
    const big = "x".repeat(TEN_MB - 3) + "😀é";
    const chunks = [
      { id: "c", model: "m", choices: [{ index: 0, delta: { reasoning_content: big } }] },
      { id: "c", model: "m", choices: [{ index: 0, delta: { content: big } }] },
      { id: "c", model: "m", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_big", type: "function", function: { name: "f", arguments: big } }] } }] },
      { id: "c", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
    ];
    for (const source of [trackedSource(chunks), sdkStream("chat", toSSE(chunks, "chat"))]) {
      const events = await run(source);
      expect(terminalOf(events).type).toBe("RUN_FINISHED");
      const frags = fragmentsById(events);
      expect([...frags.reasoning.values()].flat()).toEqual([big]);
      expect([...frags.text.values()].flat()).toEqual([big]);
      expect(frags.args.get("call_big")).toEqual([big]);
      counts.add("huge deltas: 10 MB deltas passed", 3);
    }
  });

  it("a surrogate pair split across deltas (lone halves in JSON escapes, or UTF-8 bytes split across reads) arrives unchanged", async () => {
    const chunks = ["a\ud83d", "\ude00b", "\ud83d", "\udc4d\ud83c", "\udffd"].map((content) => ({ id: "c", model: "m", choices: [{ index: 0, delta: { content } }] }));
    chunks.push({ id: "c", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" } as never] });
    const sse = toSSE(chunks, "chat");
    expect(sse).toContain("\\ud83d");
    const bytes = new TextEncoder().encode(toSSE([{ id: "c", model: "m", choices: [{ index: 0, delta: { content: "👍🏽😀" } }] }, chunks[chunks.length - 1]], "chat"));
    for (const [source, want] of [
      [trackedSource(chunks), ["a\ud83d", "\ude00b", "\ud83d", "\udc4d\ud83c", "\udffd"]],
      [sdkStream("chat", sse), ["a\ud83d", "\ude00b", "\ud83d", "\udc4d\ud83c", "\udffd"]],
    ] as const) {
      const events = await run(source);
      await assertWellFormed(events);
      expect([...fragmentsById(events).text.values()].flat()).toEqual(want);
      expect([...collectDeltas(events as never).text.values()].join("")).toBe("a😀b👍🏽");
    }
    // Every byte boundary inside the emoji: the SDK's decoder reassembles them.
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const events = await run(sdkStream("chat", bytes, { splits: [cut] }));
      expect([...collectDeltas(events as never).text.values()].join("")).toBe("👍🏽😀");
      counts.add("surrogates: read boundaries tried");
    }
  });
});
