import { EventType, type Event } from "@agui-bridge/core/adapter";

const TERMINAL = new Set<string>([EventType.RUN_FINISHED, EventType.RUN_ERROR]);

/**
 * Passes a run's events through, and when the agent breaks its contract by throwing (from
 * `stream()` itself or while iterating) before a terminal event, ends the run with a RUN_ERROR
 * `internal_error` instead of tearing the response down. The error itself goes to `onError`,
 * never to the client. Nothing is yielded after a terminal event.
 */
export async function* guardRun(open: () => AsyncIterable<Event>, onError: (error: unknown) => void): AsyncGenerator<Event, void, undefined> {
  let ended = false;
  try {
    for await (const event of open()) {
      if (ended) continue;
      if (TERMINAL.has(event.type)) ended = true;
      yield event;
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
