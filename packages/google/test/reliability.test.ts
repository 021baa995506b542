/**
 * Issue 8, properties: fast-check-generated Gemini `generateContentStream` chunks (see
 * arbitraries/) through streamGenerateContent. For every stream: (1) the conformance kit passes;
 * (2) text and thought deltas byte for byte per message, whole args as JSON.stringify(args),
 * partialArgs concatenating to the JSON of the assembled args, every thoughtSignature exactly once
 * on the right entity; (3) usage per the 1.0 invariants and the formula (input = prompt +
 * toolUsePrompt, output = candidates + thoughts, last running total wins, responses summed per
 * model); (4) exactly one terminal event, nothing after it, no exception.
 */
import { createSequentialIds } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { streamGenerateContent } from "../src/index.js";
import { geminiStream } from "./arbitraries/gemini-stream.js";
import { expectHealthyRun } from "./support/check-expected.js";
import { createCounter } from "@agui-bridge/test-support";
import { checkRun, drain, listSource } from "@agui-bridge/test-support";

const counter = createCounter("reliability.test.ts");
afterAll(() => counter.flush());

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 150);

describe("generated Gemini streams (fast-check)", () => {
  it("are conformant, conserve every delta, argument and signature, report usage per the formula, end once", async () => {
    await fc.assert(
      fc.asyncProperty(geminiStream, async (stream) => {
        counter.add("healthy.runs");
        counter.add("healthy.chunks", stream.chunks.length);
        if (stream.turns.length > 1) counter.add("healthy.multiResponseStreams");
        for (const turn of stream.turns) for (const item of turn.items) counter.add(`healthy.items.${item.kind}`);
        const events = await drain(streamGenerateContent(listSource(stream.chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
        const { terminal } = await checkRun(events);
        expectHealthyRun(events, terminal, stream.expected);
        expect(events.some((event) => event.type === "RAW")).toBe(false);
      }),
      { numRuns: RUNS },
    );
    counter.add("properties", 1);
  }, 180_000);
});
