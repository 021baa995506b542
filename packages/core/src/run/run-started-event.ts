import type { RunStartedEvent } from "../types/events.js";
import { EventType } from "../types/events.js";
import type { RunAgentInput } from "../types/input.js";
import { boundEventValue, reportOmissions, VALUE_OMITTED_WARNING, withOmissions, type BoundedEventValue, type EventOmission } from "../encodable/encodable-event.js";
import { boundedCopy, MAX_LISTED_OMISSIONS } from "../encodable/bounded-copy.js";
import type { WarningHandler } from "../warnings.js";
import type { RunBuilderOptions } from "./run-options.js";

/** The protocol version every run declares on RUN_STARTED. */
export const PROTOCOL_VERSION = "1.0";

/**
 * The run's RUN_STARTED: its ids, the protocol version, the parent run and, unless `echoInput` is
 * false, the input it answers. The echo is a bounded copy: input nested too deep to encode never
 * reaches the wire as is (the omission is recorded in the event's metadata). Never throws: an input
 * whose copy had to replace anything outside `state` and `forwardedProps` (an unreadable id or
 * message, an input that cannot be read at all) is left out of the event (recorded and reported the
 * same way), so the echo never breaks the input's schema; the run starts all the same.
 */
export function runStartedEvent(options: RunBuilderOptions): RunStartedEvent {
  const { input, echoInput, parentRunId } = options;
  const echo = input !== undefined && echoInput !== false ? boundEcho(input, options.onWarning) : undefined;
  const event: RunStartedEvent = { type: EventType.RUN_STARTED, threadId: options.threadId, runId: options.runId, protocolVersion: PROTOCOL_VERSION };
  if (parentRunId !== undefined) event.parentRunId = parentRunId;
  if (echo !== undefined && echo.value !== undefined) event.input = echo.value as RunAgentInput;
  if (echo?.omitted !== undefined) event.metadata = withOmissions(undefined, echo.omitted);
  return event;
}

function boundEcho(input: RunAgentInput, onWarning: WarningHandler | undefined): BoundedEventValue {
  let echo: BoundedEventValue;
  try {
    echo = boundEventValue(input, "input");
  } catch {
    // A bug in the bounded copy, which never throws by contract: leave the input out all the same.
    return leftOut(onWarning);
  }
  if (echo.omitted === undefined) return echo;
  // Only `state` and `forwardedProps` hold any JSON: a marker anywhere else (an id, a message, the
  // input itself) would make the echo break the input's schema or disagree with the run's ids.
  if (echo.omitted.some((omission) => !FREE_FORM_PATH.test(omission.path))) return leftOut(onWarning);
  // The copy lists its first omissions only: when the list may be full, the rest of the input is
  // copied on its own, without the two free-form members, to learn whether it holds one more.
  if (echo.omitted.length >= MAX_LISTED_OMISSIONS && !restIsPlain(input)) return leftOut(onWarning);
  reportOmissions("input", echo.omitted, onWarning);
  return echo;
}

/** Whether the input, `state` and `forwardedProps` aside, copies without a marker. Never throws. */
function restIsPlain(input: RunAgentInput): boolean {
  try {
    const rest: Record<string, unknown> = { ...input };
    delete rest.state;
    delete rest.forwardedProps;
    return !boundedCopy(rest).truncated;
  } catch {
    return false;
  }
}

/** Paths of the input where a bounded copy's marker still leaves a valid input. */
const FREE_FORM_PATH = /^(?:state|forwardedProps)(?:[.[]|$)/;

/** The input is left out of RUN_STARTED: one omission for the whole of it, reported once. */
function leftOut(onWarning: WarningHandler | undefined): BoundedEventValue {
  const omitted: EventOmission[] = [{ field: "input", path: "", reason: "not-json" }];
  try {
    onWarning?.({ code: VALUE_OMITTED_WARNING, message: "The input could not be read in full to be echoed on RUN_STARTED and was left out", details: { field: "input", omitted } });
  } catch {
    // A throwing warning handler must not keep the run from starting.
  }
  return { value: undefined, omitted };
}
