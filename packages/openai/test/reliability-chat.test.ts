/**
 * Property-based and adversarial tests of the Chat Completions adapter (issue 8): generated
 * streams, truncation, a throwing iterator, SDK error frames. Counts of what actually ran go to
 * .reliability-counts.json (section "openai-chat"); see docs/reliability/openai.md. Garbage
 * chunks, hostile usage, abort and huge deltas: reliability-chat-hostile.test.ts.
 */
import { collectDeltas } from "@agui-bridge/conformance";
import fc from "fast-check";
import { APIError } from "openai";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { chatStream } from "./arbitraries/chat-stream.js";
import { fragmentsOf } from "./arbitraries/text.js";
import { assertInterruptedClosing, assertWellFormed, fullCheckAt, terminalOf, toSSE, trackedSource } from "./support/reliability-harness.js";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { fixturesDir } from "./support/sdk-replay.js";
import { sdkStream } from "./support/sdk-bytes.js";
import { carried, run, assertCarries, argsByKind } from "./support/chat-reliability-checks.js";

vi.setConfig({ testTimeout: 120_000 });

const counts = new ReliabilityCounts("openai-chat");
afterAll(() => counts.write());

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
      // A recording of a failed stream: once its error chunk is in, the run ends on that error.
      const error = prefix.find((c) => typeof (c as { error?: unknown } | null)?.error === "object");
      if (error !== undefined) {
        expect(end, `${label} prefix ${length}`).toMatchObject({ type: "RUN_ERROR", message: (error as { error: { message: unknown } }).error.message });
      } else if (hasEndMarker(prefix)) {
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
