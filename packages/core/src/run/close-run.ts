import type { WarningHandler } from "../warnings.js";
import { failOptionsFrom } from "./finalize-run-error.js";
import type { RunBuilder } from "./run-builder.js";

/** The message RUN_ERROR carries when a stream ends without the provider's end marker. */
export const TRUNCATED_MESSAGE = "The provider stream ended before its end marker: the response was cut short.";

/** The message RUN_ERROR carries when the provider iterator yields something that is not an iterator result. */
export const INVALID_STEP_MESSAGE = "The provider stream yielded something that is not an iterator result.";

/** The part of a `StreamMapper` the driver calls before it ends the run itself. */
export interface BeforeClose {
  beforeClose?(): void;
}

/** How the driver ends a run: `run.cancel()`, or `run.fail(...)` with what ended it. */
export type Ending = (run: RunBuilder) => void;

/** An abort: RUN_FINISHED with the cancelled outcome. */
export const cancel: Ending = (run) => run.cancel();

/** The stream ended without the provider's end marker: RUN_ERROR `stream_truncated`. */
export const truncate: Ending = (run) =>
  run.fail(failOptionsFrom({ message: TRUNCATED_MESSAGE, code: "stream_truncated", category: "truncated" }));

/** The provider iterator yielded something that is not an iterator result: RUN_ERROR `invalid_step`. */
export const invalidStep: Ending = (run) =>
  run.fail(failOptionsFrom({ message: INVALID_STEP_MESSAGE, code: "invalid_step", category: "invalid_response" }));

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
