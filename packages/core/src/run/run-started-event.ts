import type { RunStartedEvent } from "../types/events.js";
import { EventType } from "../types/events.js";
import type { RunAgentInput } from "../types/input.js";
import { boundEventValue, VALUE_OMITTED_WARNING, withOmissions, type BoundedEventValue, type EventOmission } from "../encodable/encodable-event.js";
import type { WarningHandler } from "../warnings.js";
import type { RunBuilderOptions } from "./run-options.js";

/** The protocol version every run declares on RUN_STARTED. */
export const PROTOCOL_VERSION = "1.0";

/**
 * The run's RUN_STARTED: its ids, the protocol version, the parent run and, unless `echoInput` is
 * false, the input it answers. The echo is a bounded copy: input nested too deep to encode never
 * reaches the wire as is (the omission is recorded in the event's metadata). Never throws: an input
 * that cannot even be copied is left out of the event (recorded and reported the same way), and the
 * run starts all the same.
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
  try {
    return boundEventValue(input, "input", onWarning);
  } catch {
    // Something in the input (a Proxy trap, a getter) threw even where the copy does not guard it.
    const omitted: EventOmission[] = [{ field: "input", path: "", reason: "not-json" }];
    try {
      onWarning?.({ code: VALUE_OMITTED_WARNING, message: "The input could not be read to be echoed on RUN_STARTED and was left out", details: { field: "input", omitted } });
    } catch {
      // A throwing warning handler must not keep the run from starting.
    }
    return { value: undefined, omitted };
  }
}
