import { EventType, finalizeErrorEvent, redactSecrets, type Event } from "@agui-bridge/core/adapter";

const TERMINAL = new Set<string>([EventType.RUN_FINISHED, EventType.RUN_ERROR]);

/**
 * Passes a run's events through, and when the agent breaks its contract by throwing (from
 * `stream()` itself or while iterating) before a terminal event, ends the run with a RUN_ERROR
 * `internal_error` instead of tearing the response down. The error itself goes to `onError`,
 * never to the client. Nothing is yielded after a terminal event.
 *
 * RUN_ERROR and SUBAGENT_ERROR are redacted on the way (message, code, metadata and raw event, keys
 * and values): the agui-bridge providers already send them redacted, but `agent` may be anyone's
 * Provider, and a provider error naming an API key or an `Authorization` header must not reach
 * the wire.
 */
export async function* guardRun(open: () => AsyncIterable<Event>, onError: (error: unknown) => void): AsyncGenerator<Event, void, undefined> {
  let ended = false;
  try {
    for await (const event of open()) {
      if (ended) continue;
      if (TERMINAL.has(event.type)) ended = true;
      yield event.type === EventType.RUN_ERROR || event.type === EventType.SUBAGENT_ERROR ? finalizeErrorEvent(event, redactSecrets) : event;
    }
  } catch (error) {
    try {
      onError(error);
    } catch {
      // a throwing reporter changes nothing
    }
    if (!ended) yield { type: EventType.RUN_ERROR, message: "The agent failed unexpectedly.", code: "internal_error" };
  }
}
