import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { StreamState } from "./stream-state.js";

/** How many distinct ignored candidate indices a run remembers (a real stream has at most 7). */
const MAX_REMEMBERED = 64;

/**
 * A candidate other than the first (`candidateCount > 1`): AG-UI has one assistant message stream
 * per run, so only candidate 0 is mapped. The candidate is remembered (its index, bounded) for the
 * run's one warning ({@link warnExtraCandidates}) and, with `emitRawEvents`, passed through as RAW.
 */
export function ignoreExtraCandidate(state: StreamState, index: number, candidate: Record<string, unknown>): void {
  const ignored = state.ignoredCandidates;
  if (ignored.size < MAX_REMEMBERED) ignored.add(index);
  if (state.options.emitRawEvents === true) state.run.raw(candidate, state.provider);
}

/**
 * The run's one warning `stream.extra-candidate` (`{ ignored, indices }`: how many candidates were
 * ignored and their indices, in the order they first came), when any was; said once however the
 * run ends (finish, error, abort), not per chunk.
 */
export function warnExtraCandidates(state: StreamState): void {
  const ignored = state.ignoredCandidates;
  if (ignored.size === 0 || state.extraCandidatesWarned) return;
  state.extraCandidatesWarned = true;
  const indices = [...ignored];
  state.options.onWarning?.({
    code: STREAM_WARNINGS.extraCandidate,
    message: `${indices.length} ${indices.length === 1 ? "candidate was" : "candidates were"} ignored (index ${indices.join(", ")}): only the first candidate is mapped`,
    details: { ignored: indices.length, indices },
  });
}
