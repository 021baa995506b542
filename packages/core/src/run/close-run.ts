import type { WarningHandler } from "../warnings.js";
import type { RunBuilder } from "./run-builder.js";

/** The part of a `StreamMapper` the driver calls before it ends the run itself. */
export interface BeforeClose {
  beforeClose?(): void;
}

/** How the driver ends a run: `run.cancel()`, or `run.fail(...)` with what ended it. */
export type Ending = (run: RunBuilder) => void;

/**
 * Ends a run the driver ends itself (abort, thrown or invalid provider step, exception from the
 * mapper, truncated stream), unless it already ended: first the mapper's `beforeClose`, if it has
 * one, writes out what it holds back; then `ending` ends the run, which closes what is open and
 * emits the terminal event (unless the hook ended the run itself: that ending stands). The run
 * has ended when this returns, so the hook runs at most once per run. Never throws on the hook's
 * account: an exception there is reported as `run.before-close-failed` (a throwing warning handler
 * is ignored here) and the run ends all the same, with what the hook wrote before throwing.
 */
export function closeRun(run: RunBuilder, mapper: BeforeClose | undefined, ending: Ending, onWarning: WarningHandler | undefined): void {
  if (run.ended) return;
  if (mapper !== undefined) flushMapper(mapper, onWarning);
  if (!run.ended) ending(run);
}

function flushMapper(mapper: BeforeClose, onWarning: WarningHandler | undefined): void {
  try {
    mapper.beforeClose?.();
  } catch {
    try {
      onWarning?.({
        code: "run.before-close-failed",
        message: "The stream mapper failed while writing out what it held before the run ended: the run ended without the rest",
      });
    } catch {
      // A throwing warning handler does not keep the run from ending either.
    }
  }
}
