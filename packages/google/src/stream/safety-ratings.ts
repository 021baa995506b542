import { isRecord } from "../narrow.js";
import type { StreamState, TurnState } from "./stream-state.js";

/** A response's safety ratings by `category`, in the order the categories first came. */
export type SafetyRatingsFold = Map<unknown, Record<string, unknown>>;

/**
 * Folds a candidate's `safetyRatings` into its response's: a candidate carries at most one rating
 * per category, and a stream may carry them on any chunk (Vertex AI rates every chunk, each with its
 * own probability and severity; a rating may come on a chunk before the finishing one, or only
 * there). Per category the latest rating wins, kept in the order the categories first came (as
 * `@google/genai` merges continuation hops), except that a rating with `blocked: true` is not
 * replaced by a later one of its category without it: the block is what a client must see. Entries
 * are kept as sent; an entry that is not an object is skipped. A chunk without ratings costs a
 * property read.
 */
export function foldSafetyRatings(turn: TurnState, value: unknown): void {
  if (!Array.isArray(value)) return;
  for (const rating of value) {
    if (!isRecord(rating)) continue;
    const fold = (turn.safetyRatings ??= new Map());
    const category = rating.category;
    if (rating.blocked !== true && fold.get(category)?.blocked === true) continue;
    fold.set(category, rating);
  }
}

/** The response's folded ratings, in order, or nothing when no chunk carried any. */
export function safetyRatingsOf(turn: TurnState): Record<string, unknown>[] | undefined {
  return turn.safetyRatings === undefined ? undefined : [...turn.safetyRatings.values()];
}

/**
 * Keeps what a RUN_ERROR carries of the response being streamed, should the run fail before the
 * response finishes (the stream cut, an error thrown mid-stream): `finishDetails.safetyRatings`
 * (folded so far) and `finishDetails.avgLogprobs` (the latest), where RUN_FINISHED has them. Given
 * to the run once per response (`run.setErrorMetadata`, only RUN_ERROR carries it; a later response
 * replaces it) and then updated in place. Call after a chunk that carried ratings or `avgLogprobs`.
 */
export function recordErrorDetails(state: StreamState, turn: TurnState): void {
  const ratings = safetyRatingsOf(turn);
  if (ratings === undefined && turn.avgLogprobs === undefined) return;
  let details = turn.errorDetails;
  if (details === undefined) {
    details = turn.errorDetails = {};
    state.run.setErrorMetadata({ finishDetails: details });
  }
  if (ratings !== undefined) details.safetyRatings = ratings;
  if (turn.avgLogprobs !== undefined) details.avgLogprobs = turn.avgLogprobs;
}
