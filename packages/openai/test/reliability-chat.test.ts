/**
 * Property-based and adversarial tests of the Chat Completions adapter (issue 8). Counts of what
 * actually ran go to .reliability-counts.json (section "openai-chat"); see docs/reliability/openai.md.
 */
import { collectDeltas } from "@agui-bridge/conformance";
import { readBridgeMetadata, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { APIError } from "openai";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamChatCompletions } from "../src/index.js";
import { carriedByChatChunks, chatStream, type ChatStream } from "./arbitraries/chat-stream.js";
import { expectedChatUsage } from "./support/chat-usage-oracle.js";
import {
  applyMutation,
  insertAt,
  isInvalidCount,
  maybeCount,
  mutation,
  nonObjectChunk,
  validCount,
} from "./arbitraries/hostile.js";
import { fragmentsOf } from "./arbitraries/text.js";
import {
  assertInterruptedClosing,
  assertWellFormed,
  drain,
  fullCheckAt,
  fragmentsById,
  ids,
  openKindsAfter,
  sumUsagePerModel,
  terminalOf,
  toSSE,
  trackedSource,
} from "./support/reliability-harness.js";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { fixturesDir } from "./support/sdk-replay.js";
import { sdkStream } from "./support/sdk-bytes.js";

vi.setConfig({ testTimeout: 120_000 });

const counts = new ReliabilityCounts("openai-chat");
afterAll(() => counts.write());

/** What chunks carried, with usage summed per model as the terminal event must report it. */
function carried(chunks: readonly unknown[]) {
  const c = carriedByChatChunks(chunks);
  return { ...c, usage: sumUsagePerModel([...c.usage.values()]) };
}

const run = (chunks: AsyncIterable<unknown>, options: Record<string, unknown> = {}): Promise<Event[]> =>
  drain(streamChatCompletions(chunks, { ...ids(), ...options }));

/** Conservation, usage formula and outcome of a complete generated stream. */
function assertCarries(events: readonly Event[], stream: ChatStream): void {
  const { expected } = stream;
  const frags = fragmentsById(events);
  const textStarts = events.filter((e) => e.type === "TEXT_MESSAGE_START") as Array<Event & { messageId: string; metadata?: unknown }>;
  expect(textStarts.map((e) => frags.text.get(e.messageId))).toEqual(expected.texts.map((t) => t.fragments));
  expect(textStarts.map((e) => readBridgeMetadata(e.metadata as never)?.refusal === true)).toEqual(expected.texts.map((t) => t.refusal));
  const reasoningStarts = events.filter((e) => e.type === "REASONING_MESSAGE_START") as Array<Event & { messageId: string }>;
  expect(reasoningStarts.map((e) => frags.reasoning.get(e.messageId))).toEqual(expected.reasoning);
  const allStarts = events.filter((e) => e.type === "TOOL_CALL_START") as Array<Event & { toolCallId: string; toolCallName: string; metadata?: unknown }>;
  const toolStarts = allStarts.filter((e) => !isServerRun(e));
  expect(toolStarts.map((e) => e.toolCallId).sort()).toEqual(expected.tools.map((t) => t.id).sort());
  // Server-run tools (Groq executed_tools): in order, each with its arguments once and its output as its result.
  const serverRun = allStarts.filter(isServerRun);
  expect(serverRun.map((e) => e.toolCallName)).toEqual(expected.executed.map((t) => t.name));
  expect(serverRun.map((e) => frags.args.get(e.toolCallId))).toEqual(expected.executed.map((t) => t.fragments));
  const results = events.filter((e) => e.type === "TOOL_CALL_RESULT") as Array<Event & { toolCallId: string; content: unknown }>;
  expect(serverRun.map((e) => results.filter((r) => r.toolCallId === e.toolCallId).map((r) => JSON.parse(String(r.content)) as unknown))).toEqual(
    expected.executed.map((t) => (t.output === undefined ? [] : [{ output: t.output }])),
  );
  for (const tool of expected.tools) {
    expect(frags.args.get(tool.id), `args of ${tool.id}`).toEqual(tool.fragments);
    expect(toolStarts.find((e) => e.toolCallId === tool.id)?.toolCallName).toBe(tool.name);
  }
  const end = terminalOf(events);
  expect(end.type).toBe("RUN_FINISHED");
  expect(end.outcome?.type).toBe("success");
  expect(end.outcome?.pendingToolCallIds ?? []).toEqual(toolStarts.map((e) => e.toolCallId));
  expect(end.usage).toEqual(
    sumUsagePerModel(
      expected.usage.map((u) => ({
        model: u.model,
        inputTokens: u.input,
        outputTokens: u.output,
        ...(u.cached !== undefined && { cachedInputTokens: u.cached }),
        ...(u.reasoning !== undefined && { reasoningTokens: u.reasoning }),
      })),
    ),
  );
  expect(readBridgeMetadata((end as { metadata?: never }).metadata)?.rawFinishReason).toBe(expected.finish);
  expect(events.filter((e) => e.type === "RAW")).toEqual([]);
}

/** A call the provider ran itself (Groq executed_tools): never the application's to answer. */
function isServerRun(event: { metadata?: unknown }): boolean {
  return readBridgeMetadata(event.metadata as never)?.providerExecuted === true;
}

/** Argument text per application call id, and per server-run call in start order (their ids are minted by the adapter). */
function argsByKind(events: readonly Event[]): { args: Map<string, string>; executed: string[] } {
  const all = collectDeltas(events as never).toolArgs;
  const serverRun = new Set(events.filter((e) => e.type === "TOOL_CALL_START" && isServerRun(e)).map((e) => (e as { toolCallId: string }).toolCallId));
  const starts = events.filter((e) => e.type === "TOOL_CALL_START").map((e) => (e as { toolCallId: string }).toolCallId);
  return {
    args: new Map([...all].filter(([id]) => !serverRun.has(id))),
    executed: starts.filter((id) => serverRun.has(id)).map((id) => all.get(id) ?? ""),
  };
}

describe("Chat Completions: properties of generated streams", () => {
  it("every generated stream is conformant, conserves every fragment per entity, follows the usage formula, ends once", async () => {
    await counts.check(
      "generated stream → conformant + conserved + usage + one terminal",
      fc.asyncProperty(chatStream, async (stream) => {
        const events = await run(trackedSource(stream.chunks));
        await assertWellFormed(events);
        assertCarries(events, stream);
      }),
      150,
    );
  });

  it("the same streams as SSE bytes through the real SDK, cut into random network reads, give the same events", async () => {
    await counts.check(
      "SSE through the SDK, random read boundaries → identical events",
      fc.asyncProperty(chatStream, fc.array(fc.nat({ max: 100_000 }), { maxLength: 12 }), async (stream, splits) => {
        const body = new TextEncoder().encode(toSSE(stream.chunks, "chat"));
        const direct = await run(trackedSource(JSON.parse(JSON.stringify(stream.chunks)) as unknown[]));
        const viaSdk = await run(sdkStream("chat", body, { splits: splits.map((s) => s % (body.length + 1)) }));
        expect(viaSdk).toEqual(direct);
        assertCarries(viaSdk, stream);
      }),
      40,
    );
  });
});

describe("Chat Completions: truncation", () => {
  /** The end marker is a choice's finish_reason; a prefix holding one may legitimately finish. */
  const hasEndMarker = (chunks: readonly unknown[]): boolean =>
    chunks.some((c) =>
      ((c as { choices?: unknown[] } | undefined)?.choices ?? []).some((choice) => {
        const reason = (choice as { finish_reason?: unknown } | null)?.finish_reason;
        return typeof reason === "string" && reason !== "";
      }),
    );

  async function checkPrefixes(chunks: readonly unknown[], label: string): Promise<void> {
    for (let length = 0; length <= chunks.length; length += 1) {
      const prefix = chunks.slice(0, length);
      const events = await run(trackedSource(prefix));
      const full = fullCheckAt(length, chunks.length);
      await assertWellFormed(events, { full });
      if (full) counts.add("truncation: prefixes run through the full conformance kit (the rest: structural checks)");
      const end = terminalOf(events);
      if (hasEndMarker(prefix)) {
        expect(end.type, `${label} prefix ${length}`).toBe("RUN_FINISHED");
        counts.add("truncation: prefixes past the end marker (RUN_FINISHED, trailing usage cut)");
      } else {
        expect(end, `${label} prefix ${length}`).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
      }
      const sent = carried(prefix);
      expect(collectDeltas(events as never).text.size === 0 ? "" : [...collectDeltas(events as never).text.values()].join("")).toBe(sent.text);
      expect([...collectDeltas(events as never).reasoning.values()].join("")).toBe(sent.reasoning);
      expect(argsByKind(events), `${label} prefix ${length}`).toEqual({ args: sent.args, executed: sent.executed });
      counts.add(label === "generated" ? "truncation: generated-stream prefixes tried" : "truncation: recorded-stream prefixes tried");
    }
  }

  describe(sharedSuiteTitle("openai-chat"), () => {
    for (const file of listSharedStreams("openai-chat")) {
      it(`every prefix of ${basename(file)} ends in RUN_ERROR stream_truncated (or finishes once the end marker is in)`, async () => {
        const lines = readJsonl(file);
        expect(lines.every((l) => l.ok)).toBe(true);
        await checkPrefixes(
          lines.map((l) => (l.ok ? l.value : undefined)),
          basename(file),
        );
        counts.add("truncation: recorded streams swept", 1);
      });
    }
  });

  it("every prefix of generated streams", async () => {
    await counts.check(
      "every prefix of a generated stream → RUN_ERROR stream_truncated before the end marker",
      fc.asyncProperty(chatStream, async (stream) => checkPrefixes(stream.chunks, "generated")),
      8,
    );
  });

  it("every byte prefix of an SSE fixture through the real SDK: RUN_ERROR until the finish event is complete", async () => {
    const bytes = new Uint8Array(readFileSync(`${fixturesDir}/openai-chat/parallel-tool-calls.sse`));
    const text = new TextDecoder().decode(bytes);
    const finishLine = text.split("\n").findIndex((line) => line.includes('"finish_reason":"tool_calls"'));
    const lineEnd = new TextEncoder().encode(text.split("\n").slice(0, finishLine + 1).join("\n") + "\n").length;
    const eventEnd = lineEnd + 1;
    // Every byte around the finish event and inside the first frames, every 5th byte elsewhere.
    const lineStart = lineEnd - new TextEncoder().encode(text.split("\n")[finishLine]! + "\n").length;
    for (let length = 0; length <= bytes.length; length += 1) {
      if (!(length < 120 || (length >= lineStart - 2 && length <= eventEnd + 2) || length % 40 === 0 || length === bytes.length)) continue;
      const events = await run(sdkStream("chat", bytes.slice(0, length)));
      await assertWellFormed(events);
      const end = terminalOf(events);
      // Up to the finish chunk's closing brace (the SDK dispatches a complete last line at EOF).
      if (length < lineEnd - 1) expect(end.type, `byte prefix ${length} of ${lineEnd}`).toBe("RUN_ERROR");
      // Past the finish event, a cut at a line boundary finishes; a cut inside a later frame is a
      // malformed frame (the SDK throws on its partial JSON), which is a RUN_ERROR too.
      if (length >= eventEnd && bytes[length - 1] === 0x0a) expect(end.type, `byte prefix ${length}`).toBe("RUN_FINISHED");
      counts.add("truncation: SSE byte prefixes tried (through the SDK)");
    }
  });
});

describe("Chat Completions: the iterator throws", () => {
  const errors: Array<{ label: string; make: () => unknown }> = [
    { label: "Error", make: () => new Error("socket hang up") },
    { label: "APIError", make: () => new APIError(500, { message: "upstream", code: "server_error" }, undefined, new Headers({ "x-request-id": "req_1" })) },
    { label: "string", make: () => "plain string" },
    { label: "undefined", make: () => undefined },
    { label: "object", make: () => ({ weird: true }) },
  ];

  async function throwAt(chunks: readonly unknown[], position: number, error: unknown, syncThrow: boolean): Promise<void> {
    const source = trackedSource(chunks, { throwAt: position, error, syncThrow });
    const events = await run(source);
    await assertWellFormed(events, { full: fullCheckAt(position, chunks.length) });
    expect(terminalOf(events).type).toBe("RUN_ERROR");
    assertInterruptedClosing(events);
    const sent = carried(chunks.slice(0, position));
    expect([...collectDeltas(events as never).text.values()].join("")).toBe(sent.text);
    expect(argsByKind(events)).toEqual({ args: sent.args, executed: sent.executed });
    expect(terminalOf(events).usage).toEqual(sent.usage);
  }

  for (const file of listSharedStreams("openai-chat")) {
    it(`at every position of ${basename(file)}: RUN_ERROR with usage so far, content so far`, async () => {
      const chunks = readJsonl(file).map((l) => (l.ok ? l.value : undefined));
      for (let position = 0; position <= chunks.length; position += 1) {
        const kind = errors[position % errors.length]!;
        await throwAt(chunks, position, kind.make(), position % 2 === 0);
        counts.add("iterator throws: recorded-stream positions tried");
      }
    });
  }

  it("at a random position of generated streams, with any thrown value, sync or async", async () => {
    await counts.check(
      "iterator throws at a random position → RUN_ERROR, content and usage so far",
      fc.asyncProperty(chatStream, fc.nat(), fc.constantFrom(...errors), fc.boolean(), async (stream, draw, kind, sync) => {
        await throwAt(stream.chunks, draw % (stream.chunks.length + 1), kind.make(), sync);
      }),
      100,
    );
  });
});

describe("Chat Completions: SDK error frames", () => {
  const errorBody = fc.record({
    message: fc.oneof(fc.constantFrom("The server had an error while processing your request.", ""), fragmentsOf().map((f) => f.join(""))),
    type: fc.constantFrom("server_error", "invalid_request_error", null),
    code: fc.constantFrom("internal_error", "rate_limit_exceeded", "context_length_exceeded", null),
    param: fc.constant(null),
  });

  it("an `event: error` or `data: {error}` frame after any prefix → RUN_ERROR with the frame's code and message", async () => {
    await counts.check(
      "SDK error frame after a random prefix → RUN_ERROR(code, message)",
      fc.asyncProperty(chatStream, fc.nat(), errorBody, fc.boolean(), fc.array(fc.nat({ max: 50_000 }), { maxLength: 6 }), async (stream, draw, error, named, splits) => {
        const cut = draw % stream.chunks.length;
        const prefix = stream.chunks.slice(0, cut);
        const frame = named ? `event: error\ndata: ${JSON.stringify({ error })}\n\n` : `data: ${JSON.stringify({ error })}\n\n`;
        const body = toSSE(prefix, "chat", { done: false }) + frame + toSSE(stream.chunks.slice(cut), "chat");
        const events = await run(sdkStream("chat", body, { splits }));
        await assertWellFormed(events);
        const end = terminalOf(events);
        expect(end.type).toBe("RUN_ERROR");
        const code = error.code ?? error.type ?? undefined;
        if (code !== undefined) expect(end.code).toBe(code);
        if (error.message !== "") expect(end.message).toBe(error.message);
        const sent = carried(prefix);
        expect([...collectDeltas(events as never).text.values()].join("")).toBe(sent.text);
        expect(end.usage).toEqual(sent.usage);
      }),
      60,
    );
  });
});

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
    { service_tier: "default", system_fingerprint: null, choices: [], usage: null },
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
        for (const [id, args] of sent.args) expect(got.get(id)).toBe(args);
        expect(executed).toEqual(sent.executed);
        const orphanCalls = [...got.keys()].filter((id) => !sent.args.has(id));
        expect(orphanCalls.map((id) => got.get(id)).join("")).toBe(orphanArgs.join(""));
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
    expect(terminalOf(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
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
