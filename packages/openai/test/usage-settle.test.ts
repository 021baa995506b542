/**
 * A stream of many model calls (a proxy concatenating responses or completions, a long agent
 * loop) keeps its usage memory bounded: each call's usage is settled in the run's ledger once it
 * is final, so the ledger holds one sum per (provider, model) plus the call in progress, and the
 * terminal usage is the same sum as ever.
 */
import { createSequentialIds, RunBuilder, type Event, type StreamMapper } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createChatCompletionsMapper, createResponsesMapper } from "../src/index.js";

type Rec = Record<string, unknown>;
const CALLS = 1000;

function newRun(): RunBuilder {
  const run = new RunBuilder({ threadId: "t", runId: "r", provider: "openai", generateId: createSequentialIds("id") });
  run.start();
  return run;
}

/** Feeds the chunks, draining events as a consumer would; the most calls the ledger held at once and the last event. */
function drive(run: RunBuilder, mapper: StreamMapper<unknown>, chunks: Iterable<Rec>): { maxRetained: number; terminal: Event | undefined } {
  let maxRetained = 0;
  let terminal: Event | undefined;
  const take = () => {
    for (const event of run.drain()) terminal = event;
  };
  for (const chunk of chunks) {
    mapper.chunk(chunk);
    maxRetained = Math.max(maxRetained, run.usage.retainedCalls);
    take();
  }
  mapper.end();
  take();
  return { maxRetained, terminal };
}

describe("Responses: a response's usage is settled once the next response ends", () => {
  function* responses(): Generator<Rec> {
    for (let i = 0; i < CALLS; i++) {
      const model = i % 2 === 0 ? "gpt-a" : "gpt-b";
      const response = { id: `resp_${i}`, object: "response", model, output: [] };
      yield { type: "response.created", response: { ...response, status: "in_progress" } };
      yield { type: "response.output_text.delta", output_index: 0, content_index: 0, item_id: `msg_${i}`, delta: "x" };
      const usage = { input_tokens: 10 + (i % 3), output_tokens: 5, total_tokens: 15 + (i % 3), output_tokens_details: { reasoning_tokens: 1 } };
      const type = i === CALLS - 1 ? "response.completed" : i % 5 === 0 ? "response.incomplete" : "response.completed";
      yield { type, response: { ...response, status: type.slice("response.".length), usage } };
    }
  }

  it(`holds at most two responses of ${CALLS}, and RUN_FINISHED sums them all`, () => {
    const run = newRun();
    const { maxRetained, terminal } = drive(run, createResponsesMapper(run, { provider: "openai" }), responses());
    expect(maxRetained).toBeLessThanOrEqual(2);
    // Per model: 500 responses, input 10/11/12 in turn.
    const inputA = sumInputs(0), inputB = sumInputs(1);
    expect(terminal).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        { provider: "openai", model: "gpt-a", inputTokens: inputA, outputTokens: 2500, reasoningTokens: 500, totalTokens: inputA + 2500 },
        { provider: "openai", model: "gpt-b", inputTokens: inputB, outputTokens: 2500, reasoningTokens: 500, totalTokens: inputB + 2500 },
      ],
    });
  });

  it("settles a usage reported before the response had an id, under its place in the stream", () => {
    const run = newRun();
    const chunks: Rec[] = [];
    for (let i = 0; i < 50; i++) {
      chunks.push({ type: "response.created", response: { object: "response", model: "gpt-a", status: "in_progress" } });
      chunks.push({ type: "response.completed", response: { object: "response", model: "gpt-a", status: "completed", usage: { input_tokens: 2, output_tokens: 1, total_tokens: 3 } } });
    }
    const { maxRetained, terminal } = drive(run, createResponsesMapper(run), chunks);
    expect(maxRetained).toBeLessThanOrEqual(2);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "gpt-a", inputTokens: 100, outputTokens: 50, totalTokens: 150 }] });
  });

  it("a terminal event repeated for its response still replaces its usage", () => {
    const run = newRun();
    const response = { id: "resp_1", object: "response", model: "gpt-a", status: "completed" };
    const { terminal } = drive(run, createResponsesMapper(run), [
      { type: "response.created", response: { ...response, status: "in_progress" } },
      { type: "response.completed", response: { ...response, usage: { input_tokens: 2, output_tokens: 1, total_tokens: 3 } } },
      { type: "response.completed", response: { ...response, usage: { input_tokens: 2, output_tokens: 4, total_tokens: 6 } } },
    ]);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "gpt-a", inputTokens: 2, outputTokens: 4, totalTokens: 6 }] });
  });

  it("settles the usage so far a response reported before it had an id (Perplexity's search results)", () => {
    const run = newRun();
    const chunks: Rec[] = [];
    for (let i = 0; i < 50; i++) {
      const usage = { input_tokens: 2, output_tokens: 1, total_tokens: 3 };
      chunks.push({ type: "response.created", response: { object: "response", model: "sonar", status: "in_progress" } });
      chunks.push({ type: "response.reasoning.search_results", results: [], usage });
      chunks.push({ type: "response.completed", response: { id: `resp_${i}`, object: "response", model: "sonar", status: "completed", usage } });
    }
    const { maxRetained, terminal } = drive(run, createResponsesMapper(run, { provider: "perplexity" }), chunks);
    expect(maxRetained).toBeLessThanOrEqual(2);
    // Each response's usage once: the terminal event's report replaces the one made before the id was known.
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "sonar", inputTokens: 100, outputTokens: 50, totalTokens: 150 }] });
  });

  it("a flat terminal event's usage replaces the usage so far a search results event reported without an id (Perplexity's capture shape)", () => {
    const run = newRun();
    const { terminal } = drive(run, createResponsesMapper(run, { provider: "perplexity" }), [
      { type: "response.reasoning.search_results", results: [], usage: { input_tokens: 12, output_tokens: 0, total_tokens: 12 } },
      { type: "response.output_text.delta", delta: "Hi" },
      { type: "response.completed", status: "completed", id: "2aac4169", model: "sonar", usage: { input_tokens: 12, output_tokens: 7, total_tokens: 19 }, output: [] },
    ]);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "sonar", inputTokens: 12, outputTokens: 7, totalTokens: 19 }] });
  });

  it("keeps the usage so far when the terminal event reports none", () => {
    const run = newRun();
    const { terminal } = drive(run, createResponsesMapper(run, { provider: "perplexity" }), [
      { type: "response.created", response: { object: "response", model: "sonar", status: "in_progress" } },
      { type: "response.reasoning.search_results", results: [], usage: { input_tokens: 12, output_tokens: 0, total_tokens: 12 } },
      { type: "response.completed", response: { id: "resp_1", object: "response", model: "sonar", status: "completed" } },
    ]);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "sonar", inputTokens: 12, outputTokens: 0, totalTokens: 12 }] });
  });
});

describe("Chat Completions: a completion's usage is settled when the completion after the next one starts", () => {
  /** Usage on every chunk, growing (some servers), and again on a trailing usage chunk after the finish. */
  function* completions(): Generator<Rec> {
    for (let i = 0; i < CALLS; i++) {
      const base = { id: `chatcmpl-${i}`, object: "chat.completion.chunk", model: i % 2 === 0 ? "gpt-a" : "gpt-b" };
      const usage = (out: number) => ({ prompt_tokens: 10 + (i % 3), completion_tokens: out, total_tokens: 10 + (i % 3) + out });
      yield { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "x" }, finish_reason: null }], usage: usage(1) };
      yield { ...base, choices: [{ index: 0, delta: { content: "y" }, finish_reason: null }], usage: usage(2) };
      yield { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: usage(3) };
      yield { ...base, choices: [], usage: usage(5) };
    }
  }

  // Two: the previous completion's usage stays open while the next one streams, so a late
  // usage-only chunk of it replaces its report (chat-usage-call-keys.test.ts), as Responses holds two.
  it(`holds at most two completions of ${CALLS}, and RUN_FINISHED sums each one's last report`, () => {
    const run = newRun();
    const { maxRetained, terminal } = drive(run, createChatCompletionsMapper(run, { provider: "openai" }), completions());
    expect(maxRetained).toBeLessThanOrEqual(2);
    const inputA = sumInputs(0), inputB = sumInputs(1);
    expect(terminal).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        { provider: "openai", model: "gpt-a", inputTokens: inputA, outputTokens: 2500, totalTokens: inputA + 2500 },
        { provider: "openai", model: "gpt-b", inputTokens: inputB, outputTokens: 2500, totalTokens: inputB + 2500 },
      ],
    });
  });

  it("settles the usage a completion reported before its chunks named an id", () => {
    const run = newRun();
    const chunks: Rec[] = [
      { object: "chat.completion.chunk", model: "m", choices: [{ index: 0, delta: { content: "x" }, finish_reason: null }], usage: { prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 } },
    ];
    for (let i = 0; i < 50; i++) {
      chunks.push({ id: `c${i}`, object: "chat.completion.chunk", model: "m", choices: [{ index: 0, delta: { content: "x" }, finish_reason: "stop" }] });
      chunks.push({ id: `c${i}`, object: "chat.completion.chunk", model: "m", choices: [], usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 } });
    }
    const { maxRetained, terminal } = drive(run, createChatCompletionsMapper(run), chunks);
    expect(maxRetained).toBeLessThanOrEqual(2);
    // The id-less report is a call of its own, as it always was.
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "m", inputTokens: 204, outputTokens: 101, totalTokens: 305 }] });
  });
});

/** Input tokens of the 500 calls of one parity (`10 + i % 3` each). */
function sumInputs(parity: number): number {
  let sum = 0;
  for (let i = parity; i < CALLS; i += 2) sum += 10 + (i % 3);
  return sum;
}
