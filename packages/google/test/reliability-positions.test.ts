/**
 * Issue 8, adversarial inputs at every position of the recorded Gemini streams (and of generated
 * ones): every prefix, the iterator throwing at every position, the in-band `{"error": …}` frame
 * parsed by the real @google/genai SDK at every position, HTTP error statuses, and an abort at every
 * position (inside a `next()` call and while the connection stalls). Each ends in RUN_ERROR, or for
 * aborts the cancelled outcome: never a throw, never a silent success; everything open is closed,
 * text and usage so far are kept, and the provider iterator is released.
 */
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { GoogleGenAI } from "@google/genai";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamGenerateContent } from "../src/index.js";
import { geminiStream } from "./arbitraries/gemini-stream.js";
import { expectationOf, recordedStreams, type PrefixExpectation } from "./support/recorded.js";

import { abortAt, checkRun, createCounter, drain, isCancelled, listSource, type Rec } from "@agui-bridge/test-support";
import { sdkStream } from "./support/sdk-sse.js";

const counter = createCounter("reliability-positions.test.ts");
afterAll(() => counter.flush());

const streams = recordedStreams();
const options = () => ({ threadId: "t", runId: "r", generateId: createSequentialIds("id") });

function carried(events: readonly Event[]): { text: string; reasoning: string } {
  const list = events as unknown as Rec[];
  const join = (type: string) => list.filter((e) => e.type === type).map((e) => String(e.delta)).join("");
  return { text: join("TEXT_MESSAGE_CONTENT"), reasoning: join("REASONING_MESSAGE_CONTENT") };
}

function expectCarried(events: readonly Event[], terminal: Rec, expected: PrefixExpectation): void {
  expect(carried(events)).toEqual({ text: expected.text, reasoning: expected.reasoning });
  expect(terminal.usage).toEqual(expected.usage);
}

function matchesOne(events: readonly Event[], terminal: Rec, candidates: PrefixExpectation[]): boolean {
  return candidates.some((candidate) => {
    try {
      expectCarried(events, terminal, candidate);
      return true;
    } catch {
      return false;
    }
  });
}

const SSE = (chunk: unknown): string => `data: ${JSON.stringify(chunk)}\n\n`;

describe(sharedSuiteTitle("google") + ": every position", () => {
  it("finds the recordings it cuts", () => {
    if (streams.length === 0) return; // the title says SKIPPED
    expect(streams.length).toBeGreaterThanOrEqual(9);
  });

  it("every prefix ends in RUN_ERROR stream_truncated unless its response reported a finishReason, keeping text and usage so far", async () => {
    for (const { name, chunks } of streams) {
      for (let k = 0; k <= chunks.length; k++) {
        const prefix = chunks.slice(0, k);
        const events = await drain(streamGenerateContent(listSource(prefix), options()));
        const { terminal } = await checkRun(events);
        const expected = expectationOf(prefix);
        if (expected.complete) expect(terminal.type, `${name}[0..${k})`).toBe("RUN_FINISHED");
        else expect(terminal, `${name}[0..${k})`).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
        expectCarried(events, terminal, expected);
        counter.add("prefixes");
        if (!expected.complete) counter.add("prefixes.truncated");
      }
    }
  }, 60_000);

  it("an iterator throwing at every position ends in RUN_ERROR with what came before", async () => {
    const thrown: unknown[] = [new Error("fetch failed"), Object.assign(new Error("terminated"), { code: "UND_ERR_SOCKET" }), "a bare string", { status: 500 }, null, undefined, 7];
    for (const { name, chunks } of streams) {
      for (let k = 0; k <= chunks.length; k++) {
        const value = thrown[k % thrown.length];
        const synchronous = k % 2 === 1;
        const source: AsyncIterable<unknown> = {
          [Symbol.asyncIterator]() {
            let index = 0;
            return {
              next(): Promise<IteratorResult<unknown>> {
                if (index === k) {
                  if (synchronous) throw value;
                  return Promise.reject(value);
                }
                return Promise.resolve({ done: false, value: chunks[index++] });
              },
            };
          },
        };
        const events = await drain(streamGenerateContent(source, options()));
        const { terminal } = await checkRun(events);
        expect(terminal.type, `${name} throws at ${k}`).toBe("RUN_ERROR");
        expect(typeof terminal.message === "string" && terminal.message !== "").toBe(true);
        expectCarried(events, terminal, expectationOf(chunks.slice(0, k)));
        counter.add("throws.positions");
      }
    }
  }, 60_000);

  it('the in-band {"error": …} frame at every position, parsed by the real SDK, is RUN_ERROR with its status and message', async () => {
    const errors = [
      { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" },
      { code: 429, message: "Resource has been exhausted.", status: "RESOURCE_EXHAUSTED" },
      { code: 500, message: "An internal error has occurred.", status: "INTERNAL" },
    ];
    for (const { name, chunks } of streams) {
      for (let k = 0; k <= chunks.length; k++) {
        const error = errors[k % errors.length] as (typeof errors)[number];
        const body = chunks.slice(0, k).map(SSE).join("") + SSE({ error }) + chunks.slice(k).map(SSE).join("");
        const events = await drain(streamGenerateContent(() => sdkStream(new TextEncoder().encode(body)), options()));
        const { terminal } = await checkRun(events);
        expect(terminal, `${name} error frame at ${k}`).toMatchObject({ type: "RUN_ERROR", code: String(error.code), message: `${error.status}: ${error.message}` });
        expectCarried(events, terminal, expectationOf(chunks.slice(0, k)));
        counter.add("sdkErrorFrames.positions");
      }
    }
  }, 60_000);

  it("HTTP error statuses answered to the real SDK are RUN_ERROR with the status", async () => {
    const cases: Array<[number, string]> = [[400, "INVALID_ARGUMENT"], [403, "PERMISSION_DENIED"], [404, "NOT_FOUND"], [429, "RESOURCE_EXHAUSTED"], [500, "INTERNAL"], [503, "UNAVAILABLE"]];
    for (const [status, statusName] of cases) {
      const ai = new GoogleGenAI({
        apiKey: "test-key",
        httpOptions: {
          fetch: async () => new Response(JSON.stringify({ error: { code: status, message: `${statusName} happened`, status: statusName } }), { status, headers: { "content-type": "application/json" } }),
        },
      });
      const events = await drain(streamGenerateContent(() => ai.models.generateContentStream({ model: "m", contents: "x" }), options()));
      const { terminal } = await checkRun(events);
      expect(terminal).toMatchObject({ type: "RUN_ERROR", code: String(status), message: `${statusName}: ${statusName} happened` });
      counter.add("httpErrors.inputs");
    }
  });

  it("an abort at every position ends cancelled, closes everything, keeps what came and releases the iterator", async () => {
    const open = { text: 0, reasoning: 0, tool: 0 };
    for (const { name, chunks } of streams) {
      for (const mode of ["during-next", "while-stalled"] as const) {
        for (let k = 0; k <= chunks.length; k++) {
          if (mode === "during-next" && k === chunks.length) continue;
          const result = await abortAt(chunks, k, mode, (source, signal) => streamGenerateContent(source, { ...options(), signal }));
          expect(isCancelled(result.terminal), `${name} ${mode} ${k}`).toBe(true);
          expect(result.returned, `${name} ${mode} ${k}: return() called`).toBe(true);
          const candidates = [expectationOf(chunks.slice(0, k)), expectationOf(chunks.slice(0, k + 1))];
          expect(matchesOne(result.events, result.terminal, candidates), `${name} ${mode} ${k}: text and usage so far`).toBe(true);
          for (const kind of ["text", "reasoning", "tool"] as const) if (result.interrupted.has(kind)) open[kind]++;
          counter.add(`aborts.positions.${mode}`);
        }
      }
    }
    if (streams.length > 0) {
      expect(open.text).toBeGreaterThan(0);
      expect(open.reasoning).toBeGreaterThan(0);
      expect(open.tool).toBeGreaterThan(0);
    }
    counter.add("aborts.insideText", open.text);
    counter.add("aborts.insideReasoning", open.reasoning);
    counter.add("aborts.insideToolCall", open.tool);
  }, 60_000);
});

describe("aborts at random positions of generated streams (fast-check)", () => {
  it("end cancelled with everything closed and the iterator released", async () => {
    const open = { text: 0, reasoning: 0, tool: 0 };
    await fc.assert(
      fc.asyncProperty(geminiStream, fc.nat(), fc.constantFrom("during-next" as const, "while-stalled" as const), async (stream, at, mode) => {
        const k = at % (mode === "during-next" ? stream.chunks.length : stream.chunks.length + 1);
        const result = await abortAt(stream.chunks, k, mode, (source, signal) => streamGenerateContent(source, { ...options(), signal }));
        expect(isCancelled(result.terminal)).toBe(true);
        expect(result.returned).toBe(true);
        const candidates = [expectationOf(stream.chunks.slice(0, k)), expectationOf(stream.chunks.slice(0, k + 1))];
        expect(matchesOne(result.events, result.terminal, candidates)).toBe(true);
        for (const kind of ["text", "reasoning", "tool"] as const) if (result.interrupted.has(kind)) open[kind]++;
        counter.add("aborts.generated.runs");
      }),
      { numRuns: Number(process.env.RELIABILITY_RUNS ?? 150) },
    );
    expect(open.text + open.reasoning + open.tool).toBeGreaterThan(0);
    counter.add("properties", 1);
  }, 120_000);
});

