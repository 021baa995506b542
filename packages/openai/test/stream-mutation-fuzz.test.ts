/**
 * The seeded mutation fuzzer (test-fixtures/support/stream-mutations.ts) over the recorded Chat
 * Completions and Responses streams in ../shared (and the raw Chat bodies): every mutated stream,
 * through the SDK path and the raw-bytes path, ends in exactly one terminal event, conformant,
 * with safe usage, and both paths agree (except where the raw path sees Chat's `[DONE]`, which
 * the SDK swallows). Deterministic (fixed seeds); FUZZ_RUNS / FUZZ_SEED widen or move the search.
 */
import type { Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { fuzzRecordedStreams } from "../../../test-fixtures/support/mutated-run-check.js";
import { sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { createOpenAIFrameDecoder, streamChatCompletions, streamChatCompletionsFromResponse, streamResponses, streamResponsesFromResponse } from "../src/index.js";

const settings = { firstSeed: Number(process.env.FUZZ_SEED ?? 1), runs: Number(process.env.FUZZ_RUNS ?? 150), maxChunks: 130 };
// The SDK's own reading of a frame: an error frame throws, `[DONE]` ends the stream.
const decode = (frame: { event?: string; data: string }): unknown => createOpenAIFrameDecoder().decode(frame);
const truncated = (events: readonly Event[]): boolean => (events[events.length - 1] as { code?: unknown } | undefined)?.code === "stream_truncated";

describe(sharedSuiteTitle("openai-chat") + ": mutated", () => {
  it("no mutation breaks a run's invariants on either path", async () => {
    const { findings } = await fuzzRecordedStreams(
      {
        format: "openai-chat",
        sdk: (chunks, options) => streamChatCompletions(chunks, options),
        raw: (body, options) => streamChatCompletionsFromResponse(body, options),
        decode,
        // The raw path reads `data: [DONE]`: a stream without a finish_reason that reached it is complete.
        rawSeesMore: truncated,
      },
      settings,
    );
    expect(findings).toEqual([]);
  }, 300_000); // CPU-bound over every recording: generous, so a loaded machine (CI sharing 2 cores) does not time it out
});

describe(sharedSuiteTitle("openai-responses") + ": mutated", () => {
  it("no mutation breaks a run's invariants on either path", async () => {
    const { findings } = await fuzzRecordedStreams(
      {
        format: "openai-responses",
        sdk: (chunks, options) => streamResponses(chunks, options),
        raw: (body, options) => streamResponsesFromResponse(body, options),
        decode,
      },
      settings,
    );
    expect(findings).toEqual([]);
  }, 300_000); // CPU-bound over every recording: generous, so a loaded machine (CI sharing 2 cores) does not time it out
});
