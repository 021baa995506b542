/**
 * A count summed over a run's model calls, each call's latest report winning: providers report
 * usage cumulatively within a call, so a call's later report replaces its earlier one, and
 * reports of different calls add up.
 *
 * Only the sum of the finished calls and the latest report of the call in progress are held: a
 * report under another call's key means the call in progress finished (its report is folded into
 * the sum), so neither the memory nor the work per report grows with the number of calls. A call
 * reported again after another one counts as a new call, as in core's `UsageLedger`.
 */
export interface CallTally<Report, Sum> {
  /** The sum of the finished calls' last reports. */
  readonly finished: Sum;
  /** The key of the call in progress (the latest reported). */
  openKey?: string;
  /** Its latest report; `undefined` when it has none (or withdrew it). */
  open?: Report;
}

/** How reports are summed: a fresh sum, a report added into a sum in place, and a copy of a sum. */
export interface TallyOps<Report, Sum> {
  empty(): Sum;
  add(sum: Sum, report: Report): void;
  copy(sum: Sum): Sum;
}

/** A tally with no call reported yet. */
export function newCallTally<Report, Sum>(ops: TallyOps<Report, Sum>): CallTally<Report, Sum> {
  return { finished: ops.empty() };
}

/**
 * Sets (replaces) the latest report of the call `key` (`undefined`: the call's report has no count
 * left). A key other than the open call's folds the open call's report into the finished sum first.
 */
export function reportCall<Report, Sum>(tally: CallTally<Report, Sum>, ops: TallyOps<Report, Sum>, key: string, report: Report | undefined): void {
  if (tally.openKey !== key) {
    if (tally.open !== undefined) ops.add(tally.finished, tally.open);
    tally.openKey = key;
  }
  tally.open = report;
}

/** The sum over every call, the one in progress included: a fresh object, never the tally's own. */
export function tallySum<Report, Sum>(tally: CallTally<Report, Sum>, ops: TallyOps<Report, Sum>): Sum {
  const sum = ops.copy(tally.finished);
  if (tally.open !== undefined) ops.add(sum, tally.open);
  return sum;
}
