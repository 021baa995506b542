import { EventType, type BridgeWarning, type Event } from "@agui-bridge/core";

/** The CUSTOM event name carrying a request warning (a value dropped on the way to the provider). */
export const WARNING_EVENT_NAME = "agui-bridge.request-warning";

/**
 * Passes a run's events through, inserting each warning queued in `pending` as a CUSTOM event
 * ({@link WARNING_EVENT_NAME}, value `{ code, message, details? }`) as soon as it can go on the
 * wire: after RUN_STARTED and before the next event, never after the terminal event. The queue
 * is drained as it is read, so nothing is buffered beyond the warnings themselves.
 */
export async function* withWarningEvents(events: AsyncIterable<Event>, pending: BridgeWarning[]): AsyncGenerator<Event> {
  let started = false;
  for await (const event of events) {
    const terminal = event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR;
    if (started && !terminal) yield* drain(pending);
    if (terminal) yield* drain(pending);
    yield event;
    if (event.type === EventType.RUN_STARTED) {
      started = true;
      yield* drain(pending);
    }
    if (terminal) return;
  }
}

function* drain(pending: BridgeWarning[]): Generator<Event> {
  for (let warning = pending.shift(); warning !== undefined; warning = pending.shift()) {
    yield {
      type: EventType.CUSTOM,
      name: WARNING_EVENT_NAME,
      value: { code: warning.code, message: warning.message, ...(warning.details !== undefined && { details: warning.details }) },
    } as Event;
  }
}
