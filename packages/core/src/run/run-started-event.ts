import type { RunStartedEvent } from "../types/events.js";
import { EventType } from "../types/events.js";
import type { RunAgentInput } from "../types/input.js";
import { boundEventValue, withOmissions } from "../encodable/encodable-event.js";
import type { RunBuilderOptions } from "./run-options.js";

/** The protocol version every run declares on RUN_STARTED. */
export const PROTOCOL_VERSION = "1.0";

/**
 * The run's RUN_STARTED: its ids, the protocol version, the parent run and, unless `echoInput` is
 * false, the input it answers. The echo is a bounded copy: input nested too deep to encode never
 * reaches the wire as is (the omission is recorded in the event's metadata).
 */
export function runStartedEvent(options: RunBuilderOptions): RunStartedEvent {
  const { input, echoInput, parentRunId } = options;
  const echo = input !== undefined && echoInput !== false ? boundEventValue(input, "input", options.onWarning) : undefined;
  const event: RunStartedEvent = { type: EventType.RUN_STARTED, threadId: options.threadId, runId: options.runId, protocolVersion: PROTOCOL_VERSION };
  if (parentRunId !== undefined) event.parentRunId = parentRunId;
  if (echo !== undefined) event.input = echo.value as RunAgentInput;
  if (echo?.omitted !== undefined) event.metadata = withOmissions(undefined, echo.omitted);
  return event;
}
