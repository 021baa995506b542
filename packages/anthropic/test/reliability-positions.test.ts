/**
 * Issue 8, adversarial inputs at every position of recorded Anthropic streams (and of generated
 * ones): the stream cut after every chunk, the iterator throwing at every position (rejecting and
 * throwing synchronously, with assorted thrown values), the SDK's `event: error` frame
 * (overloaded_error) parsed by the real SDK at every position, HTTP error statuses, and an abort at
 * every position (mid-chunk and while the connection stalls). Each ends in RUN_ERROR, or for
 * aborts the cancelled outcome: never a throw, never a silent success; everything open is closed,
 * the text so far and the usage so far are kept, and the provider iterator is released.
 */
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { runMessagesStream, streamMessages } from "../src/index.js";
import { messageStream } from "./arbitraries/message-stream.js";
import { expectationOf, recordedStreams, type PrefixExpectation } from "./support/recorded.js";

import { openSdkStream, replayClient } from "./support/replay.js";
import { abortAt, checkRun, createCounter, drain, isCancelled, listSource, type Rec } from "@agui-bridge/test-support";

const counter = createCounter("reliability-positions.test.ts");
afterAll(() => counter.flush());

const streams = recordedStreams();
const options = () => ({ threadId: "t", runId: "r", generateId: createSequentialIds("id") });

/** Text per message and usage as the expectation says. */
/** Whether the chunks end after the `message_stop` of their last message. */
function stoppedBy(chunks: readonly unknown[]): boolean {
  let stopped = false;
  for (const chunk of chunks) {
    const type = (chunk as Rec | null)?.type;
    if (type === "message_start") stopped = false;
    else if (type === "message_stop") stopped = true;
  }
  return stopped;
}

const isConnectionReset = (value: unknown): boolean => typeof value === "object" && value !== null && (value as { code?: unknown }).code === "ECONNRESET";

function expectCarried(events: readonly Event[], terminal: Rec, expected: PrefixExpectation): void {
  const text = new Map<string, string>();
  for (const event of events as unknown as Rec[]) {
    if (event.type === "TEXT_MESSAGE_START") text.set(String(event.messageId), "");
    if (event.type === "TEXT_MESSAGE_CONTENT") text.set(String(event.messageId), (text.get(String(event.messageId)) ?? "") + String(event.delta));
  }
  expect(text).toEqual(expected.text);
  expect(terminal.usage).toEqual(expected.usage);
}

/** Whether the run carried exactly what one of the candidate expectations says. */
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

const SSE = (chunk: Record<string, unknown>): string => `event: ${String(chunk.type)}\ndata: ${JSON.stringify(chunk)}\n\n`;

describe(sharedSuiteTitle("anthropic") + ": every position", () => {
  it("finds the recordings it cuts", () => {
    if (streams.length === 0) return; // the title says SKIPPED
    expect(streams.length).toBe(10);
  });

  it("every prefix ends in RUN_ERROR stream_truncated unless it ends on a complete message, keeping text and usage so far", async () => {
    for (const { name, chunks } of streams) {
      for (let k = 0; k <= chunks.length; k++) {
        const prefix = chunks.slice(0, k);
        const events = await drain(streamMessages(listSource(prefix), options()));
        const { terminal } = await checkRun(events);
        const expected = expectationOf(prefix);
        if (expected.complete) expect(terminal.type, `${name}[0..${k})`).toBe("RUN_FINISHED");
        else expect(terminal, `${name}[0..${k})`).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
        expectCarried(events, terminal, expected);
        counter.add("prefixes");
        if (!expected.complete) counter.add("prefixes.truncated");
      }
    }
  }, 120_000);

  it("an iterator throwing at every position ends in RUN_ERROR with what came before", async () => {
    const small = streams.filter((s) => s.chunks.length <= 130);
    const thrown: unknown[] = [
      new Error("socket hang up"),
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      "a bare string",
      { status: 502 },
      null,
      undefined,
      42,
    ];
    for (const { name, chunks } of small) {
      for (let k = 0; k <= chunks.length; k++) {
        const value = thrown[k % thrown.length];
        const synchronous = k % 2 === 1;
        let returned = false;
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
              async return() {
                returned = true;
                return { done: true, value: undefined };
              },
            };
          },
        };
        const events = await drain(streamMessages(source, options()));
        const { terminal } = await checkRun(events);
        // A dropped connection after the last message's message_stop leaves the answer whole: the
        // run finishes (stream.error-after-end); any other failure, or one before it, is RUN_ERROR.
        if (stoppedBy(chunks.slice(0, k)) && isConnectionReset(value)) {
          expect(terminal.type, `${name} throws at ${k}, after message_stop`).toBe("RUN_FINISHED");
          counter.add("throws.afterEnd");
        } else {
          expect(terminal.type, `${name} throws at ${k}`).toBe("RUN_ERROR");
          expect(typeof terminal.message === "string" && terminal.message !== "").toBe(true);
        }
        expectCarried(events, terminal, expectationOf(chunks.slice(0, k)));
        expect(returned).toBe(false); // a throwing iterator is finished; nothing to release
        counter.add("throws.positions");
      }
    }
  }, 120_000);

  it("the SDK's `event: error` frame (overloaded_error) at every position, parsed by the real SDK, is RUN_ERROR with its type and message", async () => {
    const frame = `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } })}\n\n`;
    for (const { name, chunks } of streams.filter((s) => s.chunks.length <= 130)) {
      for (let k = 0; k <= chunks.length; k++) {
        const body = chunks.slice(0, k).map(SSE).join("") + frame + chunks.slice(k).map(SSE).join("");
        const client = replayClient(body);
        const events = await drain(runMessagesStream((signal) => openSdkStream(client, signal), options()));
        const { terminal } = await checkRun(events);
        expect(terminal, `${name} error frame at ${k}`).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error", message: "Overloaded" });
        expectCarried(events, terminal, expectationOf(chunks.slice(0, k)));
        counter.add("sdkErrorFrames.positions");
      }
    }
  }, 120_000);

  it("HTTP error statuses answered to the real SDK are RUN_ERROR with the error type", async () => {
    const cases: Array<[number, string]> = [
      [529, "overloaded_error"],
      [500, "api_error"],
      [429, "rate_limit_error"],
      [400, "invalid_request_error"],
      [401, "authentication_error"],
      [403, "permission_error"],
      [404, "not_found_error"],
      [413, "request_too_large"],
    ];
    for (const [status, type] of cases) {
      const body = JSON.stringify({ type: "error", error: { type, message: `${type} happened` }, request_id: "req_1" });
      const client = replayClient(body, { status, contentType: "application/json" });
      const events = await drain(runMessagesStream((signal) => openSdkStream(client, signal), options()));
      const { terminal } = await checkRun(events);
      expect(terminal).toMatchObject({ type: "RUN_ERROR", code: type, message: `${type} happened` });
      counter.add("httpErrors.inputs");
    }
  });

  it("an abort at every position ends cancelled, closes everything, keeps what came and releases the iterator", async () => {
    const open = { text: 0, reasoning: 0, tool: 0 };
    for (const { name, chunks } of streams.filter((s) => s.chunks.length <= 130)) {
      for (const mode of ["during-next", "while-stalled"] as const) {
        for (let k = 0; k <= chunks.length; k++) {
          if (mode === "during-next" && k === chunks.length) continue;
          const result = await abortAt(chunks, k, mode, (source, signal) => streamMessages(source, { ...options(), signal }));
          expect(isCancelled(result.terminal), `${name} ${mode} ${k}`).toBe(true);
          expect(result.returned, `${name} ${mode} ${k}: return() called`).toBe(true);
          const candidates = [expectationOf(chunks.slice(0, k)), expectationOf(chunks.slice(0, k + 1))];
          expect(matchesOne(result.events, result.terminal, candidates), `${name} ${mode} ${k}: text and usage so far`).toBe(true);
          for (const kind of ["text", "reasoning", "tool"] as const) if (result.interrupted.has(kind)) open[kind]++;
          counter.add(`aborts.positions.${mode}`);
        }
      }
    }
    // The positions covered aborts inside an open text message, reasoning message and tool call.
    if (streams.length > 0) {
      expect(open.text).toBeGreaterThan(0);
      expect(open.reasoning).toBeGreaterThan(0);
      expect(open.tool).toBeGreaterThan(0);
    }
    counter.add("aborts.insideText", open.text);
    counter.add("aborts.insideReasoning", open.reasoning);
    counter.add("aborts.insideToolCall", open.tool);
  }, 120_000);

  it("an already-aborted signal ends cancelled before anything is read", async () => {
    const controller = new AbortController();
    controller.abort();
    const source = listSource(streams[0]?.chunks ?? [{ type: "ping" }]);
    const events = await drain(streamMessages(source, { ...options(), signal: controller.signal }));
    const { terminal } = await checkRun(events);
    expect(isCancelled(terminal)).toBe(true);
    expect(events.map((event) => event.type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
  });
});

describe("aborts at random positions of generated streams (fast-check)", () => {
  it("end cancelled with everything closed and the iterator released", async () => {
    const open = { text: 0, reasoning: 0, tool: 0 };
    await fc.assert(
      fc.asyncProperty(messageStream, fc.nat(), fc.constantFrom("during-next" as const, "while-stalled" as const), async (stream, at, mode) => {
        const k = at % (mode === "during-next" ? stream.chunks.length : stream.chunks.length + 1);
        const result = await abortAt(stream.chunks, k, mode, (source, signal) => streamMessages(source, { ...options(), signal }));
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

