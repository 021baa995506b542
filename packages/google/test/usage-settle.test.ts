/**
 * A stream of many responses (a proxy concatenating them, a long agent loop) keeps its usage memory
 * bounded: a turn's usage is settled in the run's ledger once the next turn begins (Gemini repeats
 * a growing usageMetadata on its chunks), so the ledger holds one sum per (provider, model) plus
 * the turn in progress, and the terminal usage is the same sum as ever.
 */
import { createSequentialIds, RunBuilder, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createGenerateContentMapper } from "../src/index.js";

type Rec = Record<string, unknown>;
const TURNS = 1000;

function* turns(): Generator<Rec> {
  for (let i = 0; i < TURNS; i++) {
    const base = { responseId: `resp-${i}`, modelVersion: i % 2 === 0 ? "gemini-a" : "gemini-b" };
    const prompt = 10 + (i % 3);
    const usage = (out: number) => ({ promptTokenCount: prompt, candidatesTokenCount: out, totalTokenCount: prompt + out });
    yield { ...base, candidates: [{ index: 0, content: { role: "model", parts: [{ text: "x" }] } }], usageMetadata: usage(1) };
    yield { ...base, candidates: [{ index: 0, content: { role: "model", parts: [{ text: "y" }] } }], usageMetadata: usage(3) };
    yield { ...base, candidates: [{ index: 0, content: { role: "model", parts: [{ text: "z" }] }, finishReason: "STOP" }], usageMetadata: usage(5) };
  }
}

describe("a turn's usage is settled once the next turn begins", () => {
  it(`holds at most one turn of ${TURNS}, and RUN_FINISHED sums each one's last report`, () => {
    const run = new RunBuilder({ threadId: "t", runId: "r", provider: "google", generateId: createSequentialIds("id") });
    run.start();
    const mapper = createGenerateContentMapper(run);
    let maxRetained = 0;
    let terminal: Event | undefined;
    for (const chunk of turns()) {
      mapper.chunk(chunk);
      maxRetained = Math.max(maxRetained, run.usage.retainedCalls);
      for (const event of run.drain()) terminal = event;
    }
    mapper.end();
    for (const event of run.drain()) terminal = event;

    expect(maxRetained).toBeLessThanOrEqual(1);
    let inputA = 0;
    let inputB = 0;
    for (let i = 0; i < TURNS; i++) {
      if (i % 2 === 0) inputA += 10 + (i % 3);
      else inputB += 10 + (i % 3);
    }
    expect(terminal).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        { provider: "google", model: "gemini-a", inputTokens: inputA, outputTokens: 2500, totalTokens: inputA + 2500 },
        { provider: "google", model: "gemini-b", inputTokens: inputB, outputTokens: 2500, totalTokens: inputB + 2500 },
      ],
    });
  });
});
