/**
 * The seeded mutation fuzzer (test-fixtures/support/stream-mutations.ts) over the recorded
 * Anthropic streams in ../shared: every mutated stream, through the SDK path and the raw-bytes
 * path, ends in exactly one terminal event, conformant, with safe usage, and both paths agree.
 * Deterministic (fixed seeds); FUZZ_RUNS / FUZZ_SEED widen or move the search locally.
 */
import { describe, expect, it } from "vitest";
import { fuzzRecordedStreams } from "../../../test-fixtures/support/mutated-run-check.js";
import { sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { decodeAnthropicFrame } from "../src/decode-anthropic-frame.js";
import { streamMessages, streamMessagesFromResponse } from "../src/index.js";

describe(sharedSuiteTitle("anthropic") + ": mutated", () => {
  it("no mutation breaks a run's invariants on either path", async () => {
    const { findings } = await fuzzRecordedStreams(
      {
        format: "anthropic",
        sdk: (chunks, options) => streamMessages(chunks, options),
        raw: (body, options) => streamMessagesFromResponse(body, options),
        decode: decodeAnthropicFrame,
      },
      { firstSeed: Number(process.env.FUZZ_SEED ?? 1), runs: Number(process.env.FUZZ_RUNS ?? 200), maxChunks: 130 },
    );
    expect(findings).toEqual([]);
  }, 300_000); // CPU-bound over every recording: generous, so a loaded machine (CI sharing 2 cores) does not time it out
});
