/**
 * A count summed over a run's model calls, each call's latest report winning: providers report
 * usage cumulatively within a call, so a call's later report replaces its earlier one, and
 * reports of different calls add up.
 *
 * Only the sum of the finished calls and the latest report of the call in progress are held (and,
 * for a tally that keeps it, of the call before it): a report under another call's key means the
 * call in progress finished (its report is folded into the sum, or becomes the previous call's),
 * so neither the memory nor the work per report grows with the number of calls. A call reported
 * again after another one counts as a new call, as in core's `UsageLedger`, unless the tally keeps
 * the previous call and it is that one (A, B, A: A's report is replaced, as the Chat mapper keeps
 * the previous completion's usage open in the ledger, see its `trackCompletion`).
 */
export interface CallTally<Report, Sum> {
  /** The sum of the finished calls' last reports. */
  readonly finished: Sum;
  /** The key of the call in progress (the latest reported). */
  openKey?: string;
  /** Its latest report; `undefined` when it has none (or withdrew it). */
  open?: Report;
  /** Whether the call before the one in progress is held apart, so a report of it replaces its last one. */
  readonly keepsPrevious: boolean;
  /** The key of the call before the one in progress (held apart when {@link keepsPrevious}). */
  previousKey?: string;
  /** Its latest report. */
  previous?: Report;
}

/** How reports are summed: a fresh sum, a report added into a sum in place, and a copy of a sum. */
export interface TallyOps<Report, Sum> {
  empty(): Sum;
  add(sum: Sum, report: Report): void;
  copy(sum: Sum): Sum;
}

/** A tally with no call reported yet; `keepPrevious`: hold the previous call apart (see {@link CallTally}). */
export function newCallTally<Report, Sum>(ops: TallyOps<Report, Sum>, { keepPrevious = false }: { keepPrevious?: boolean } = {}): CallTally<Report, Sum> {
  return { finished: ops.empty(), keepsPrevious: keepPrevious };
}

/**
 * Sets (replaces) the latest report of the call `key` (`undefined`: the call's report has no count
 * left). A key other than the open call's (and, when kept, the previous call's) folds the oldest
 * held report into the finished sum first.
 */
export function reportCall<Report, Sum>(tally: CallTally<Report, Sum>, ops: TallyOps<Report, Sum>, key: string, report: Report | undefined): void {
  if (tally.openKey === key) {
    tally.open = report;
    return;
  }
  if (tally.keepsPrevious && tally.previousKey === key) {
    tally.previous = report;
    return;
  }
  startCall(tally, ops, key);
  tally.open = report;
}

/**
 * Makes `key` the call in progress, with no report yet: the open call finishes (its report is
 * folded into the sum, or, when the tally keeps it, becomes the previous call's and the previous
 * one is folded). A caller that knows where calls start (the Chat mapper, at each new completion)
 * calls it there, so the previous call is the one before, whether or not it reported.
 */
export function startCall<Report, Sum>(tally: CallTally<Report, Sum>, ops: TallyOps<Report, Sum>, key: string): void {
  if (tally.openKey === key) return;
  if (tally.keepsPrevious) {
    if (tally.previous !== undefined) ops.add(tally.finished, tally.previous);
    tally.previousKey = tally.openKey;
    tally.previous = tally.open;
  } else if (tally.open !== undefined) {
    ops.add(tally.finished, tally.open);
  }
  tally.openKey = key;
  tally.open = undefined;
}

/** The sum over every call, the ones in progress included: a fresh object, never the tally's own. */
export function tallySum<Report, Sum>(tally: CallTally<Report, Sum>, ops: TallyOps<Report, Sum>): Sum {
  const sum = ops.copy(tally.finished);
  if (tally.previous !== undefined) ops.add(sum, tally.previous);
  if (tally.open !== undefined) ops.add(sum, tally.open);
  return sum;
}
