import type { WarningHandler } from "../warnings.js";
import { randomId, type IdGenerator } from "./ids.js";

/**
 * The application's id generator, made safe to call anywhere in a run: the first time it throws or
 * returns something that is not a string, the run reports it once (`run.generate-id-failed`) and
 * takes that id and every later one from the built-in generator ({@link randomId}), so the run
 * still ends with its terminal event instead of the exception escaping mid-stream. A generator that
 * failed once is not called again: ids of one run come from one source after that point, and a
 * broken generator is not paid a warning per id. A throwing warning handler is ignored.
 */
export function guardIdGenerator(generate: IdGenerator, onWarning: WarningHandler | undefined): IdGenerator {
  let failed = false;
  const safe: IdGenerator = () => {
    if (!failed) {
      try {
        const id: unknown = generate();
        if (typeof id === "string") return id;
      } catch {
        // Reported below, like a value that is not an id.
      }
      failed = true;
      warnSafely(onWarning, "run.generate-id-failed", "The application's generateId threw or returned something that is not a string: the run's ids come from the built-in generator from here on");
    }
    return randomId();
  };
  return safe;
}

/**
 * The application's clock, made safe to call for every event. AG-UI's `timestamp` is an integer
 * within the safe-integer range, so a fraction (`performance.now()`, seconds as a float) is floored,
 * silently. The first time the clock throws or returns something that is not a number from 0 to
 * `Number.MAX_SAFE_INTEGER` (not a number, NaN, infinite, negative, too large), the run reports it
 * once (`run.now-failed`) and stamps that event and every later one with `Date.now()`
 * (milliseconds since the epoch, what AG-UI producers use), so the run still ends with its terminal
 * event. A clock that failed once is not called again. A throwing warning handler is ignored.
 */
export function guardClock(now: () => number, onWarning: WarningHandler | undefined): () => number {
  let failed = false;
  const safe = (): number => {
    if (!failed) {
      try {
        const time: unknown = now();
        // NaN fails both comparisons.
        if (typeof time === "number" && time >= 0 && time <= Number.MAX_SAFE_INTEGER) return Math.floor(time);
      } catch {
        // Reported below, like a value that is not a time.
      }
      failed = true;
      warnSafely(onWarning, "run.now-failed", "The application's now threw or returned something that is not a number from 0 to Number.MAX_SAFE_INTEGER: the run's events are stamped with Date.now() from here on");
    }
    return Date.now();
  };
  return safe;
}

/** Reports a warning to the application's handler; a handler that throws is ignored (internal). */
export function warnSafely(onWarning: WarningHandler | undefined, code: string, message: string, details?: Record<string, unknown>): void {
  try {
    onWarning?.(details === undefined ? { code, message } : { code, message, details });
  } catch {
    // A throwing warning handler does not break the run either.
  }
}
