/**
 * The check behind every "a throwing `onWarning`" test: a run made with a handler that throws is
 * the same run as with a quiet handler (same events, same warnings told), valid, ending
 * RUN_FINISHED. A handler's exception is the application's bug, never the run's.
 */
import { deepStrictEqual } from "node:assert/strict";
import type { BridgeWarning, Event, WarningHandler } from "@agui-bridge/core/adapter";
import { checkRun, drain } from "./run-checks.js";

/** A handler that records each warning. */
export const recordingHandler = (seen: BridgeWarning[]): WarningHandler => (warning) => {
  seen.push(warning);
};

/** A handler that records each warning, then throws. */
export const throwingHandler = (seen: BridgeWarning[]): WarningHandler => (warning) => {
  seen.push(warning);
  throw new Error("handler failed");
};

/**
 * Runs `run` once with a recording handler and once with a throwing one, and fails unless both
 * give the same conformant run ending RUN_FINISHED and tell the same warnings. Returns that run's
 * events and warnings for the caller's own checks.
 */
export async function expectThrowingHandlerIgnored(run: (onWarning: WarningHandler) => AsyncIterable<Event>): Promise<{ events: Event[]; warnings: BridgeWarning[] }> {
  const told: BridgeWarning[] = [];
  const expected = await drain(run(recordingHandler(told)));
  const thrown: BridgeWarning[] = [];
  const events = await drain(run(throwingHandler(thrown)));
  const { terminal } = await checkRun(events);
  if (terminal.type !== "RUN_FINISHED") throw new Error(`the run ended ${terminal.type}, not RUN_FINISHED`);
  deepStrictEqual(events, expected);
  deepStrictEqual(thrown, told);
  return { events, warnings: thrown };
}
