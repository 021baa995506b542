import { asArray, asNumber, isRecord } from "../narrow.js";
import type { StreamState } from "./stream-state.js";

/**
 * The token log probabilities of one message (or of the run, for the chunks no message took), in
 * Gemini's own `LogprobsResult` shape: the `chosenCandidates` and `topCandidates` entries of its
 * chunks in order, as sent, and their `logProbabilitySum` (Gemini API only) added up, as
 * `@google/genai` concatenates and sums them when it merges continuation hops. A field appears only
 * once a chunk carried it.
 */
export interface GoogleLogprobs {
  chosenCandidates?: Record<string, unknown>[];
  topCandidates?: Record<string, unknown>[];
  logProbabilitySum?: number;
}

/**
 * Reads a candidate's `logprobsResult` (sent when the request sets `responseLogprobs`, and `logprobs`
 * for the top candidates) before its parts are routed: the chunk's entries wait in
 * `state.chunkLogprobs` for the first text or thought message the chunk writes to (see
 * {@link claimChunkLogprobs}). A chunk without one costs a property read and nothing else.
 */
export function holdChunkLogprobs(state: StreamState, value: unknown): void {
  state.chunkLogprobs = isRecord(value) ? value : undefined;
}

/** Moves the held entries of the current chunk, if any, onto `target` (a message's fold). */
export function claimChunkLogprobs(state: StreamState, target: { logprobs?: GoogleLogprobs }): void {
  const result = state.chunkLogprobs;
  if (result === undefined) return;
  state.chunkLogprobs = undefined;
  target.logprobs = foldLogprobs(target.logprobs, result);
}

/**
 * After a chunk's parts: entries no message took (the chunk wrote no text: a function call, media,
 * a finish-only chunk) go to the text or reasoning message still open, else to the run's terminal
 * metadata `logprobs` (RUN_FINISHED / RUN_ERROR), so none is lost or carried twice.
 */
export function settleChunkLogprobs(state: StreamState): void {
  if (state.chunkLogprobs === undefined) return;
  const open = state.text ?? state.reasoning;
  if (open !== undefined) {
    claimChunkLogprobs(state, open);
    return;
  }
  const result = state.chunkLogprobs;
  state.chunkLogprobs = undefined;
  const fold = foldLogprobs(state.runLogprobs, result);
  if (fold !== undefined && fold !== state.runLogprobs) {
    // Set once, when the run's fold is created: later chunks append to the same object.
    state.runLogprobs = fold;
    state.run.setTerminalMetadata({ logprobs: fold });
  }
}

/**
 * Appends one chunk's `logprobsResult` to `fold` (created on the first chunk that carries
 * something): entries that are not objects are skipped, a sum that is not a finite number ignored.
 */
function foldLogprobs(fold: GoogleLogprobs | undefined, result: Record<string, unknown>): GoogleLogprobs | undefined {
  const chosen = asArray(result.chosenCandidates);
  const top = asArray(result.topCandidates);
  const sum = asNumber(result.logProbabilitySum);
  if (chosen === undefined && top === undefined && sum === undefined) return fold;
  const out = fold ?? {};
  if (chosen !== undefined) appendRecords((out.chosenCandidates ??= []), chosen);
  if (top !== undefined) appendRecords((out.topCandidates ??= []), top);
  if (sum !== undefined) out.logProbabilitySum = (out.logProbabilitySum ?? 0) + sum;
  return out;
}

function appendRecords(into: Record<string, unknown>[], entries: readonly unknown[]): void {
  for (const entry of entries) if (isRecord(entry)) into.push(entry);
}
