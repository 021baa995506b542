/**
 * The counts beside usage that go on the terminal event (Responses `tokenDetails`, `toolUsage`,
 * `cacheWriteDetails`, `serverToolUse`; Chat `tokenDetails`, `serverToolUse`, `citationTokens`)
 * are running sums: the finished calls' total plus the latest report of the call in progress. A
 * stream of any number of calls keeps no per-call entry for the calls that finished, and the
 * terminal metadata is the sum of each call's last report.
 *
 * Structural, not timed: while the stream is mapped, every `Map.prototype.set` under one of the
 * calls' ids (`resp_…`, `chatcmpl-…`) records the size of the map it went into; none may hold more
 * than two (the call in progress and the one before it, which core's usage ledger settles late).
 */
import { createSequentialIds, readBridgeMetadata, RunBuilder, type Event, type StreamMapper } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createChatCompletionsMapper, createResponsesMapper } from "../src/index.js";
import { newCallTally, reportCall, tallySum } from "../src/call-tally.js";
import { COUNT_TREE_TALLY } from "../src/count-tree.js";

type Rec = Record<string, unknown>;
const CALLS = 1000;
const CALL_ID = /^(resp_|chatcmpl-)/;

/** Feeds the chunks, draining events as a consumer would; the largest map keyed by call ids, and the last event. */
function drive(run: RunBuilder, mapper: StreamMapper<unknown>, chunks: Iterable<Rec>): { largestPerCallMap: number; terminal: Event | undefined } {
  let largestPerCallMap = 0;
  let terminal: Event | undefined;
  const realSet = Map.prototype.set;
  Map.prototype.set = function <K, V>(this: Map<K, V>, key: K, value: V): Map<K, V> {
    const out = realSet.call(this, key, value) as Map<K, V>;
    if (typeof key === "string" && CALL_ID.test(key)) largestPerCallMap = Math.max(largestPerCallMap, this.size);
    return out;
  };
  try {
    for (const chunk of chunks) {
      mapper.chunk(chunk);
      for (const event of run.drain()) terminal = event;
    }
    mapper.end();
  } finally {
    Map.prototype.set = realSet;
  }
  for (const event of run.drain()) terminal = event;
  return { largestPerCallMap, terminal };
}

function newRun(): RunBuilder {
  const run = new RunBuilder({ threadId: "t", runId: "r", provider: "openai", generateId: createSequentialIds("id") });
  run.start();
  return run;
}

describe("Responses: counts beside usage over many responses", () => {
  function* responses(): Generator<Rec> {
    for (let i = 0; i < CALLS; i++) {
      const response = { id: `resp_${i}`, object: "response", model: "grok-4", output: [] };
      const usage = (audio: number) => ({
        input_tokens: 10,
        output_tokens: 5,
        total_tokens: 15,
        input_tokens_details: { cached_tokens: 0, audio_tokens: audio, cache_write_tokens_details: { ttl_30m_tokens: 2 } },
        output_tokens_details: { reasoning_tokens: 1, text_tokens: 4 },
        num_server_side_tools_used: 3,
        server_side_tool_usage_details: { web_search_calls: 1 },
      });
      yield { type: "response.created", response: { ...response, status: "in_progress" } };
      yield { type: "response.output_text.delta", output_index: 0, content_index: 0, item_id: `msg_${i}`, delta: "x" };
      // Every tenth response's terminal event comes twice, its counts grown: the last report wins.
      if (i % 10 === 0) yield { type: "response.completed", response: { ...response, status: "completed", usage: usage(1), tool_usage: { web_search: { num_requests: 1 } } } };
      yield { type: "response.completed", response: { ...response, status: "completed", usage: usage(2), tool_usage: { web_search: { num_requests: 2 } } } };
    }
  }

  it(`holds no per-response entry for the ${CALLS} responses that finished; the terminal metadata sums each one's last report`, () => {
    const run = newRun();
    const { largestPerCallMap, terminal } = drive(run, createResponsesMapper(run, { provider: "xai" }), responses());
    expect(largestPerCallMap).toBeLessThanOrEqual(2);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "grok-4", inputTokens: 10 * CALLS, outputTokens: 5 * CALLS }] });
    expect(readBridgeMetadata(terminal?.metadata)).toMatchObject({
      tokenDetails: { input_tokens_details: { audio_tokens: 2 * CALLS }, output_tokens_details: { text_tokens: 4 * CALLS } },
      toolUsage: { web_search: { num_requests: 2 * CALLS } },
      cacheWriteDetails: { ttl_30m_tokens: 2 * CALLS },
      serverToolUse: { web_search_calls: CALLS, num_server_side_tools_used: 3 * CALLS },
    });
  });
});

describe("Chat Completions: counts beside usage over many completions", () => {
  /** Cumulative usage on every chunk (Perplexity): the last report of each completion counts. */
  function* completions(): Generator<Rec> {
    for (let i = 0; i < CALLS; i++) {
      const base = { id: `chatcmpl-${i}`, object: "chat.completion.chunk", model: "sonar" };
      const usage = (n: number) => ({
        prompt_tokens: 10,
        completion_tokens: n,
        total_tokens: 10 + n,
        num_search_queries: n,
        citation_tokens: 3 * n,
        completion_tokens_details: { audio_tokens: n },
        server_tool_use_details: { web_search_requests: 1 },
      });
      yield { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "x" }, finish_reason: null }], usage: usage(1) };
      yield { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: usage(2) };
    }
  }

  it(`holds no per-completion entry for the ${CALLS} completions that finished; the terminal metadata sums each one's last report`, () => {
    const run = newRun();
    const { largestPerCallMap, terminal } = drive(run, createChatCompletionsMapper(run, { provider: "perplexity" }), completions());
    expect(largestPerCallMap).toBeLessThanOrEqual(2);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "sonar", inputTokens: 10 * CALLS, outputTokens: 2 * CALLS }] });
    expect(readBridgeMetadata(terminal?.metadata)).toMatchObject({
      tokenDetails: { completion_tokens_details: { audio_tokens: 2 * CALLS } },
      serverToolUse: { num_search_queries: 2 * CALLS, web_search_requests: CALLS },
      citationTokens: 6 * CALLS,
    });
  });
});

describe("call tally", () => {
  it("replaces a call's report, folds a finished call once, and hands out a fresh sum", () => {
    const tally = newCallTally(COUNT_TREE_TALLY);
    reportCall(tally, COUNT_TREE_TALLY, "a", { n: 1 });
    reportCall(tally, COUNT_TREE_TALLY, "a", { n: 3, m: { k: 1 } });
    reportCall(tally, COUNT_TREE_TALLY, "b", { n: 5 });
    const sum = tallySum(tally, COUNT_TREE_TALLY);
    expect(sum).toEqual({ n: 8, m: { k: 1 } });
    (sum.m as Record<string, number>).k = 99;
    reportCall(tally, COUNT_TREE_TALLY, "b", undefined);
    expect(tallySum(tally, COUNT_TREE_TALLY)).toEqual({ n: 3, m: { k: 1 } });
  });
});
