/**
 * The seeded mutation fuzzer (test-fixtures/support/stream-mutations.ts) over the recorded
 * Gemini streams in ../shared: every mutated stream, through the SDK path and the raw-bytes
 * path, ends in exactly one terminal event, conformant, with safe usage, and both paths agree.
 * Deterministic (fixed seeds); FUZZ_RUNS / FUZZ_SEED widen or move the search locally.
 */
import { describe, expect, it } from "vitest";
import { fuzzRecordedStreams } from "../../../test-fixtures/support/mutated-run-check.js";
import { sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { decodeGoogleFrame } from "../src/decode-google-frame.js";
import { toGeminiApiResponseShape } from "../src/gemini-api-response-shape.js";
import { streamGenerateContent, streamGenerateContentFromResponse } from "../src/index.js";

describe(sharedSuiteTitle("google") + ": mutated", () => {
  it("no mutation breaks a run's invariants on either path", async () => {
    const { findings } = await fuzzRecordedStreams(
      {
        format: "google",
        sdk: (chunks, options) => streamGenerateContent(chunks, options),
        raw: (body, options) => streamGenerateContentFromResponse(body, options),
        // As @google/genai hands a Gemini API chunk over (the raw path reads it the same way).
        decode: (frame) => toGeminiApiResponseShape(decodeGoogleFrame(frame)),
      },
      { firstSeed: Number(process.env.FUZZ_SEED ?? 1), runs: Number(process.env.FUZZ_RUNS ?? 200), maxChunks: 130 },
    );
    expect(findings).toEqual([]);
  }, 300_000); // CPU-bound over every recording: generous, so a loaded machine (CI sharing 2 cores) does not time it out
});
