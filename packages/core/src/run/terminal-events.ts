import type { FinishInfo } from "../finish-reason.js";
import { BRIDGE_METADATA_KEY, type BridgeMetadata } from "../metadata.js";
import type { Metadata, TokenUsage } from "../types/common.js";
import { EventType, type RunErrorEvent, type RunFinishedEvent } from "../types/events.js";
import type { RunFinishedOutcome } from "../types/outcomes.js";
import { mergeFields } from "./event-metadata.js";
import type { FailOptions, FinishOptions, InterruptOptions } from "./run-options.js";

/** What every terminal event of a run is built from, read once the run has closed what was open. */
export interface TerminalState {
  readonly threadId: string;
  readonly runId: string;
  /** The run's usage so far (the usage ledger's entries). */
  readonly usage: TokenUsage[] | undefined;
  /** Bridge fields recorded for whatever terminal event ends the run (`setTerminalMetadata`). */
  readonly terminal: BridgeMetadata | undefined;
  /** Bridge fields recorded for RUN_ERROR only (`setErrorMetadata`), over {@link terminal}. */
  readonly error: BridgeMetadata | undefined;
}

/** RUN_FINISHED (success), naming the application tool calls still `pending` a result. */
export function finishedEvent(state: TerminalState, options: FinishOptions, pending: string[]): RunFinishedEvent {
  const outcome: RunFinishedOutcome = pending.length > 0 ? { type: "success", pendingToolCallIds: pending } : { type: "success" };
  return runFinished(state, outcome, callMetadata(state, options), options.result);
}

/** RUN_FINISHED `{ outcome: { type: "interrupt", interrupts } }`. */
export function interruptedEvent(state: TerminalState, options: InterruptOptions): RunFinishedEvent {
  return runFinished(state, { type: "interrupt", interrupts: options.interrupts }, callMetadata(state, options));
}

/** RUN_FINISHED `{ outcome: { type: "cancelled" } }`. */
export function cancelledEvent(state: TerminalState): RunFinishedEvent {
  return runFinished(state, { type: "cancelled" }, finishMetadata(undefined, state.terminal));
}

/** RUN_ERROR, with the usage accrued so far. */
export function failedEvent(state: TerminalState, options: FailOptions): RunErrorEvent {
  const { usage } = state;
  const terminal = state.error === undefined ? state.terminal : mergeFields(state.terminal, state.error);
  const metadata = finishMetadata(options.finish, mergeTerminalMetadata(terminal, options.metadata));
  const event: RunErrorEvent = { type: EventType.RUN_ERROR, message: options.message };
  if (options.code !== undefined) event.code = options.code;
  if (usage !== undefined) event.usage = usage;
  if (metadata !== undefined) event.metadata = metadata;
  return event;
}

/** RUN_FINISHED of any outcome; `result` only when there is one (not null). */
function runFinished(
  state: TerminalState,
  outcome: RunFinishedOutcome,
  metadata: Metadata | undefined,
  result?: unknown,
): RunFinishedEvent {
  const { usage } = state;
  // Members set one by one in the order of the JSON (no conditional spreads: one runtime call each).
  const event: RunFinishedEvent = { type: EventType.RUN_FINISHED, threadId: state.threadId, runId: state.runId };
  if (result !== undefined && result !== null) event.result = result;
  event.outcome = outcome;
  if (usage !== undefined) event.usage = usage;
  if (metadata !== undefined) event.metadata = metadata;
  return event;
}

/** The metadata of a terminal call's event: the run's terminal fields, the call's own, its finish. */
function callMetadata(state: TerminalState, options: { finish?: FinishInfo; metadata?: BridgeMetadata }): Metadata | undefined {
  return finishMetadata(options.finish, mergeTerminalMetadata(state.terminal, options.metadata));
}

/**
 * The run's terminal fields with the terminal call's own on top (shallow, the call's win); the
 * call's fields as they are when none were recorded.
 */
function mergeTerminalMetadata(
  terminal: BridgeMetadata | undefined,
  extra: BridgeMetadata | undefined,
): BridgeMetadata | undefined {
  return terminal === undefined ? extra : mergeFields(terminal, extra);
}

/** The terminal event's metadata: the bridge fields plus the finish reason, raw reason and details. */
function finishMetadata(finish: FinishInfo | undefined, extra: BridgeMetadata | undefined): Metadata | undefined {
  if (finish === undefined && extra === undefined) return undefined;
  return { [BRIDGE_METADATA_KEY]: mergeFields(extra, finish === undefined ? undefined : finishFields(finish)) };
}

/**
 * A finish as the bridge fields a terminal event carries it (`finishReason`, `rawFinishReason`,
 * `finishDetails`): for an adapter that knows how the model stopped but not how the run will end
 * (e.g. `setErrorMetadata` when the stream broke after the stop reason).
 */
export function finishFields(finish: FinishInfo): BridgeMetadata {
  const fields: BridgeMetadata = { finishReason: finish.reason };
  if (finish.raw !== undefined) fields.rawFinishReason = finish.raw;
  if (finish.details !== undefined) fields.finishDetails = finish.details;
  return fields;
}
