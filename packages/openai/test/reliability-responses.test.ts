/**
 * Property-based and adversarial tests of the Responses adapter (issue 8): generated streams,
 * truncation, a throwing iterator, SDK error frames. Counts of what actually ran go to
 * .reliability-counts.json (section "openai-responses"); see docs/reliability/openai.md. Garbage
 * events, hostile usage, abort and huge deltas: reliability-responses-hostile.test.ts.
 */
import fc from "fast-check";
import { APIError } from "openai";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { responsesStream } from "./arbitraries/responses-stream.js";
import { fragmentsOf } from "./arbitraries/text.js";
import { assertInterruptedClosing, assertWellFormed, fullCheckAt, terminalOf, toSSE, trackedSource } from "./support/reliability-harness.js";
import { ReliabilityCounts } from "./support/reliability-counts.js";
import { fixturesDir } from "./support/sdk-replay.js";
import { sdkStream } from "./support/sdk-bytes.js";
import { run, carried, assertCarries, expectedOutcome, SWEPT, SWEPT_FAULTS, deltaShaped, assertCarriedSoFar } from "./support/responses-reliability-checks.js";

vi.setConfig({ testTimeout: 120_000 });

const counts = new ReliabilityCounts("openai-responses");
afterAll(() => counts.write());

describe("Responses: properties of generated streams", () => {
  it("every generated stream is conformant, conserves every fragment per entity and each encrypted value once, follows the usage formula, ends once", async () => {
    await counts.check(
      "generated stream → conformant + conserved + encrypted once + usage + one terminal",
      fc.asyncProperty(responsesStream, async (stream) => {
        const events = await run(trackedSource(stream.events));
        await assertWellFormed(events);
        assertCarries(events, stream);
      }),
      100,
    );
  });

  it("the same streams as SSE bytes through the real SDK, cut into random network reads, give the same events", async () => {
    await counts.check(
      "SSE through the SDK, random read boundaries → identical events",
      fc.asyncProperty(responsesStream, fc.array(fc.nat({ max: 200_000 }), { maxLength: 12 }), async (stream, splits) => {
        const body = new TextEncoder().encode(toSSE(stream.events, "responses"));
        const direct = await run(trackedSource(JSON.parse(JSON.stringify(stream.events)) as unknown[]));
        const viaSdk = await run(sdkStream("responses", body, { splits: splits.map((s) => s % (body.length + 1)) }));
        expect(viaSdk).toEqual(direct);
        assertCarries(viaSdk, stream);
      }),
      40,
    );
  });
});

describe("Responses: truncation", () => {
  async function checkPrefixes(lines: readonly unknown[], label: string, shape = { text: true, reasoning: true, args: true }): Promise<void> {
    const wholeStream = carried(lines);
    for (let length = 0; length <= lines.length; length += 1) {
      const prefix = lines.slice(0, length);
      const events = await run(trackedSource(prefix));
      const full = fullCheckAt(length, lines.length);
      await assertWellFormed(events, { full });
      if (full) counts.add("truncation: prefixes run through the full conformance kit (the rest: structural checks)");
      const end = terminalOf(events);
      const outcome = expectedOutcome(prefix);
      if (outcome === "finished") {
        expect(end.type, `${label} prefix ${length}`).toBe("RUN_FINISHED");
        counts.add("truncation: prefixes ending after a completed response (RUN_FINISHED)");
      } else if (outcome === "truncated") {
        expect(end, `${label} prefix ${length}`).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
      } else {
        expect(end.type, `${label} prefix ${length}`).toBe("RUN_ERROR");
      }
      assertCarriedSoFar(events, prefix, shape, wholeStream);
      counts.add(label === "generated" ? "truncation: generated-stream prefixes tried" : "truncation: recorded-stream prefixes tried");
    }
  }

  describe(sharedSuiteTitle("openai-responses"), () => {
    for (const file of SWEPT) {
      it(`every prefix of ${basename(file)} ends in RUN_ERROR (or finishes after a completed response)`, async () => {
        const lines = readJsonl(file).map((l) => (l.ok ? l.value : l.raw));
        await checkPrefixes(lines, basename(file), await deltaShaped(lines));
        counts.add("truncation: recorded streams swept", 1);
      });
    }
  });

  it("every prefix of generated streams", async () => {
    await counts.check(
      "every prefix of a generated stream → RUN_ERROR stream_truncated unless a response completed",
      fc.asyncProperty(responsesStream, async (stream) => checkPrefixes(stream.events, "generated")),
      10,
    );
  });

  // Every byte of the first frames and around the start and end of the response.completed frame, every 40th elsewhere.
  it("byte prefixes of an SSE fixture through the real SDK: RUN_ERROR until response.completed is complete", async () => {
    const bytes = new Uint8Array(readFileSync(`${fixturesDir}/openai-responses/parallel-tool-calls.sse`));
    const text = new TextDecoder().decode(bytes);
    const completedAt = new TextEncoder().encode(text.slice(0, text.indexOf("event: response.completed"))).length;
    const completedEnd = new TextEncoder().encode(text.slice(0, text.indexOf("\n\n", completedAt) + 2)).length;
    for (let length = 0; length <= bytes.length; length += 1) {
      if (!(length < 120 || Math.abs(length - completedAt) <= 40 || Math.abs(length - completedEnd) <= 40 || length % 40 === 0 || length === bytes.length)) continue;
      const events = await run(sdkStream("responses", bytes.slice(0, length)));
      await assertWellFormed(events);
      const end = terminalOf(events);
      if (length <= completedAt) expect(end.type, `byte prefix ${length}`).toBe("RUN_ERROR");
      if (length >= completedEnd && bytes[length - 1] === 0x0a) expect(end.type, `byte prefix ${length}`).toBe("RUN_FINISHED");
      counts.add("truncation: SSE byte prefixes tried (through the SDK)");
    }
  });
});

describe("Responses: the iterator throws", () => {
  const errors: Array<{ label: string; make: () => unknown }> = [
    { label: "Error", make: () => new Error("socket hang up") },
    { label: "APIError", make: () => new APIError(500, { message: "upstream", code: "server_error" }, undefined, new Headers({ "x-request-id": "req_1" })) },
    { label: "string", make: () => "plain string" },
    { label: "undefined", make: () => undefined },
    { label: "object", make: () => ({ weird: true }) },
  ];

  async function throwAt(lines: readonly unknown[], position: number, error: unknown, syncThrow: boolean, shape = { text: true, reasoning: true, args: true }): Promise<void> {
    const events = await run(trackedSource(lines, { throwAt: position, error, syncThrow }));
    await assertWellFormed(events, { full: fullCheckAt(position, lines.length) });
    expect(terminalOf(events).type).toBe("RUN_ERROR");
    assertInterruptedClosing(events);
    const before = lines.slice(0, position);
    // The run may have ended on the provider's own failure before the throw was reached.
    if (expectedOutcome(before) !== "error") {
      assertCarriedSoFar(events, before, shape, carried(lines));
      expect(terminalOf(events).usage).toEqual(carried(before).usage);
    }
  }

  it("at every position of the recorded streams: RUN_ERROR with usage so far, content so far", async () => {
    for (const file of SWEPT_FAULTS) {
      const lines = readJsonl(file).map((l) => (l.ok ? l.value : l.raw));
      const shape = await deltaShaped(lines);
      for (let position = 0; position <= lines.length; position += 1) {
        const kind = errors[position % errors.length]!;
        await throwAt(lines, position, kind.make(), position % 2 === 0, shape);
        counts.add("iterator throws: recorded-stream positions tried");
      }
    }
  });

  it("at a random position of generated streams, with any thrown value, sync or async", async () => {
    await counts.check(
      "iterator throws at a random position → RUN_ERROR, content and usage so far",
      fc.asyncProperty(responsesStream, fc.nat(), fc.constantFrom(...errors), fc.boolean(), async (stream, draw, kind, sync) => {
        await throwAt(stream.events, draw % (stream.events.length + 1), kind.make(), sync);
      }),
      100,
    );
  });
});

describe("Responses: SDK error frames", () => {
  const errorBody = fc.record({
    message: fc.oneof(fc.constantFrom("You exceeded your current quota.", ""), fragmentsOf().map((f) => f.join(""))),
    type: fc.constantFrom("server_error", "insufficient_quota", null),
    code: fc.constantFrom("server_error", "rate_limit_exceeded", "insufficient_quota", null),
    param: fc.constant(null),
  });

  it("an `event: error` frame, a `data: {error}` frame or an `error` event after any prefix → RUN_ERROR with its code and message", async () => {
    await counts.check(
      "SDK error frame (3 shapes) after a random prefix → RUN_ERROR(code, message)",
      fc.asyncProperty(
        responsesStream,
        fc.nat(),
        errorBody,
        fc.constantFrom("event: error", "data: {error}", "type: error"),
        fc.array(fc.nat({ max: 100_000 }), { maxLength: 6 }),
        async (stream, draw, error, shape, splits) => {
          const cut = draw % stream.events.length;
          const prefix = stream.events.slice(0, cut);
          const frame =
            shape === "event: error"
              ? `event: error\ndata: ${JSON.stringify({ type: "error", sequence_number: 999, code: error.code, message: error.message, param: null })}\n\n`
              : shape === "data: {error}"
                ? `data: ${JSON.stringify({ error })}\n\n`
                : `data: ${JSON.stringify({ type: "error", sequence_number: 999, code: error.code, message: error.message, param: null })}\n\n`;
          const body = toSSE(prefix, "responses") + frame + toSSE(stream.events.slice(cut), "responses");
          const events = await run(sdkStream("responses", body, { splits }));
          await assertWellFormed(events);
          const end = terminalOf(events);
          expect(end.type).toBe("RUN_ERROR");
          if (expectedOutcome(prefix) === "error") return;
          // The `error` event has no nested `type`; a `data: {error}` frame's `type` is the fallback code.
          const code = error.code ?? (shape === "data: {error}" ? error.type : null) ?? undefined;
          if (code !== undefined) expect(end.code).toBe(code);
          if (error.message !== "") expect(end.message).toBe(error.message);
          assertCarriedSoFar(events, prefix, { text: true, reasoning: true, args: true }, carried(stream.events));
          expect(end.usage).toEqual(carried(prefix).usage);
        },
      ),
      60,
    );
  });

  // Regression (found by the reliability run, now fixed; describe-openai-error.ts, the `code` fallback chain): the SDK turns an `event: error` frame
  // into APIError(error = the frame's data), so the data's own `type: "error"` shows up as
  // `error.type` and becomes the RUN_ERROR code "error" when the frame has no `code`. The guard
  // `record.type !== "error"` covers only the top-level record, not `body.type`. In memory (no SDK)
  // the same event correctly gets no code.
  it("an `event: error` frame without a code gives RUN_ERROR without a code (not the event type \"error\")", async () => {
    const body = `${toSSE([{ type: "response.created", response: { id: "r" } }], "responses")}event: error\ndata: {"type":"error","code":null,"message":"boom","param":null}\n\n`;
    const events = await run(sdkStream("responses", body));
    expect(terminalOf(events)).toMatchObject({ type: "RUN_ERROR", message: "boom" });
    expect(terminalOf(events).code).toBeUndefined();
  });

  it("the recorded error stream (error event, then response.failed) ends in RUN_ERROR with the provider's code, through the SDK too", async () => {
    const file = listSharedStreams("openai-responses").find((f) => basename(f) === "openai-error.1.jsonl");
    if (file === undefined) return;
    const lines = readJsonl(file).map((l) => (l.ok ? l.value : l.raw));
    for (const source of [trackedSource(lines), sdkStream("responses", toSSE(lines, "responses"))]) {
      const events = await run(source);
      await assertWellFormed(events);
      expect(terminalOf(events)).toMatchObject({ type: "RUN_ERROR", code: "insufficient_quota" });
    }
  });
});
