import { EventType, finalizeErrorEvent, redactSecrets, type Event } from "@agui-bridge/core/adapter";

const TERMINAL = new Set<string>([EventType.RUN_FINISHED, EventType.RUN_ERROR]);

/**
 * Passes a run's events through, and when the agent breaks its contract by throwing (from
 * `stream()` itself or while iterating) before a terminal event, ends the run with a RUN_ERROR
 * `internal_error` instead of tearing the response down. The error itself goes to `onError`,
 * never to the client. The terminal event ends it: the agent's stream is closed there (its
 * `return()` called) rather than read on, so the response ends with the run even when the agent
 * lingers after its terminal event, and nothing follows it.
 *
 * RUN_ERROR and SUBAGENT_ERROR are redacted on the way (message, code, metadata and raw event, keys
 * and values): the agui-bridge providers already send them redacted, but `agent` may be anyone's
 * Provider, and a provider error naming an API key or an `Authorization` header must not reach
 * the wire.
 */
export async function* guardRun(open: () => AsyncIterable<Event>, onError: (error: unknown) => void): AsyncGenerator<Event, void, undefined> {
  const report = (error: unknown): void => {
    try {
      onError(error);
    } catch {
      // a throwing reporter changes nothing
    }
  };
  let iterator: AsyncIterator<Event> | undefined;
  let ended = false;
  try {
    iterator = open()[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Event>;
      try {
        next = await iterator.next();
      } catch (error) {
        // An iterator that threw is done: nothing to close.
        iterator = undefined;
        throw error;
      }
      if (next.done === true) {
        iterator = undefined;
        return;
      }
      const event = next.value;
      if (TERMINAL.has(event.type)) ended = true;
      yield event.type === EventType.RUN_ERROR || event.type === EventType.SUBAGENT_ERROR ? finalizeErrorEvent(event, redactSecrets) : event;
      // The run is over: the agent's stream is closed (below), not read on.
      if (ended) return;
    }
  } catch (error) {
    // Thrown by `open()`, by the agent's stream (which is then done), or here on what it yielded
    // (not an event): in the last case the stream is still open and is closed below.
    report(error);
    if (!ended) yield { type: EventType.RUN_ERROR, message: "The agent failed unexpectedly.", code: "internal_error" };
  } finally {
    // Ended at the terminal event, or the response stopped early: release the agent's stream
    // without waiting on it (its cleanup must not hold the response open).
    const it = iterator;
    iterator = undefined;
    try {
      void Promise.resolve(it?.return?.()).catch(report);
    } catch (error) {
      report(error);
    }
  }
}
