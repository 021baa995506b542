/**
 * Issue 8, properties: fast-check-generated Anthropic Messages streams (see arbitraries/) through
 * streamMessages. For every stream: (1) the conformance kit passes; (2) text, reasoning and argument
 * deltas arrive byte for byte per message and per call, every signature / redacted value exactly
 * once on its reasoning message; (3) usage follows the 1.0 invariants and the formula (input
 * = input + cache_creation + cache_read, last values win, messages summed per model); (4) exactly
 * one terminal event, nothing after it, no exception.
 */
import { createSequentialIds } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";
import { messageStream } from "./arbitraries/message-stream.js";
import { expectHealthyRun } from "./support/check-expected.js";
import { createCounter } from "@agui-bridge/test-support";
import { checkRun, drain, listSource } from "@agui-bridge/test-support";

const counter = createCounter("reliability.test.ts");
afterAll(() => counter.flush());

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 150);

describe("generated Anthropic streams (fast-check)", () => {
  it("are conformant, conserve every delta and encrypted value, report usage per the formula, end once", async () => {
    await fc.assert(
      fc.asyncProperty(messageStream, async (stream) => {
        counter.add("healthy.runs");
        counter.add("healthy.chunks", stream.chunks.length);
        if (stream.spec.length > 1) counter.add("healthy.multiMessageStreams");
        for (const message of stream.spec) for (const block of message.blocks) counter.add(`healthy.blocks.${block.kind}`);
        counter.add("healthy.signatures", stream.expected.reasoning.filter((r) => r.encrypted !== undefined).length);
        const source = listSource(stream.chunks);
        const events = await drain(streamMessages(source, { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
        const { terminal } = await checkRun(events);
        expectHealthyRun(events, terminal, stream.expected);
        // RAW passthrough is off unless asked for.
        expect(events.some((event) => event.type === "RAW")).toBe(false);
      }),
      { numRuns: RUNS },
    );
    counter.add("properties", 1);
  }, 180_000);
});
