import { randomId, type BridgeWarning, type IdGenerator, type WarningHandler } from "@agui-bridge/core/adapter";

/** The code of the warning sent when a tool result was replaced by the `result_too_large` error. */
export const RESULT_TOO_LARGE_WARNING = "agent.result-too-large";
/** The code of the warning sent when an open call of the input was answered `not_run`. */
export const CALL_NOT_RUN_WARNING = "agent.call-not-run";
/** The code of the warning sent when a tool's `approvalMessage` failed (the default prompt was used). */
export const APPROVAL_MESSAGE_WARNING = "agent.approval-message-failed";

/**
 * One warning handler for a whole run: the agent's own `onWarning` and the one the run was
 * streamed with (a parent agent's), each called in its own `try`, so a handler that throws
 * neither breaks the run nor keeps the other from hearing the warning. Never throws.
 */
export function runWarningHandler(...handlers: ReadonlyArray<WarningHandler | undefined>): WarningHandler {
  const present = handlers.filter((handler): handler is WarningHandler => typeof handler === "function");
  return (warning: BridgeWarning) => {
    for (const handler of present) {
      try {
        handler(warning);
      } catch {
        // A throwing warning handler does not break the run.
      }
    }
  };
}

/**
 * The application's `generateId`, safe to call anywhere in a run (as core's driven runs make it):
 * the first time it throws or returns something that is not a string, `run.generate-id-failed`
 * is reported once and that id and every later one come from the built-in generator.
 */
export function guardedIds(generate: IdGenerator | undefined, warn: WarningHandler): IdGenerator | undefined {
  if (generate === undefined) return undefined;
  let failed = false;
  return () => {
    if (!failed) {
      try {
        const id: unknown = generate();
        if (typeof id === "string") return id;
      } catch {
        // Reported below, like a value that is not an id.
      }
      failed = true;
      warn({ code: "run.generate-id-failed", message: "The application's generateId threw or returned something that is not a string: the run's ids come from the built-in generator from here on" });
    }
    return randomId();
  };
}

/**
 * The application's `now`, safe to call for every event: a fraction is floored; the first time it
 * throws or returns something that is not a number from 0 to `Number.MAX_SAFE_INTEGER`,
 * `run.now-failed` is reported once and the events are stamped with `Date.now()` from there on.
 */
export function guardedClock(now: (() => number) | undefined, warn: WarningHandler): (() => number) | undefined {
  if (now === undefined) return undefined;
  let failed = false;
  return () => {
    if (!failed) {
      try {
        const time: unknown = now();
        if (typeof time === "number" && time >= 0 && time <= Number.MAX_SAFE_INTEGER) return Math.floor(time);
      } catch {
        // Reported below, like a value that is not a time.
      }
      failed = true;
      warn({ code: "run.now-failed", message: "The application's now threw or returned something that is not a number from 0 to Number.MAX_SAFE_INTEGER: the run's events are stamped with Date.now() from here on" });
    }
    return Date.now();
  };
}
