import type { WarningHandler } from "../warnings.js";
import { warnSafely } from "./guarded-callbacks.js";

/** The warning a run reports when a field of its input cannot be read (a getter or a Proxy trap that throws). */
export const INPUT_UNREADABLE_WARNING = "run.input-unreadable";

/** The fields of the run input the run itself reads (the echo on RUN_STARTED is bounded apart). */
export type ReadInputField = "threadId" | "runId" | "messages";

/**
 * Reads one field of the run's input, which is untrusted: a getter or a Proxy trap that throws
 * makes the field count as absent, reported once per read with `run.input-unreadable`
 * (`details.field` names it), so the run still starts and ends with its terminal event. Never
 * throws: a throwing warning handler is ignored.
 */
export function readInputField(input: object | undefined, field: ReadInputField, onWarning: WarningHandler | undefined): unknown {
  if (input === undefined) return undefined;
  try {
    return (input as Record<ReadInputField, unknown>)[field];
  } catch {
    reportUnreadable(field, onWarning);
    return undefined;
  }
}

/** Reports that the input's `field` could not be read (see {@link readInputField}). */
export function reportUnreadable(field: ReadInputField, onWarning: WarningHandler | undefined): void {
  warnSafely(onWarning, INPUT_UNREADABLE_WARNING, `The run input's ${field} could not be read (a getter or a Proxy trap threw): it is treated as absent`, { field });
}
