import { describeError, RunStateError, type Event, type StepWriter } from "@agui-bridge/core/adapter";
import { flush, type AgentRun } from "./agent-run.js";

/** How reading one inner stream (a step's provider, a subagent) ended. */
export type StreamEnd =
  | { kind: "terminal" }
  | { kind: "aborted" }
  | { kind: "failed"; message: string; code?: string }
  | { kind: "truncated" };

const ABORT = Symbol("abort");

/**
 * Pulls an inner stream event by event into the writer, yielding the outer run's events as each
 * inner event arrives (nothing is buffered). An abort wakes a pending pull and releases the inner
 * iterator; an exception from the iterator, or an event the writer rejects, ends the read as
 * failed; a stream that ends without its terminal event is truncated.
 */
export async function* readStream(
  agent: AgentRun,
  stream: () => AsyncIterable<Event>,
  writer: StepWriter,
): AsyncGenerator<Event, StreamEnd, undefined> {
  const end = yield* pull(agent, stream, writer);
  // A stream cut short (abort, failure, truncation) leaves its entities, steps and subagents open.
  agent.run.closeAll({ interrupted: true });
  writer.closeOpen();
  yield* flush(agent);
  return end;
}

async function* pull(
  agent: AgentRun,
  stream: () => AsyncIterable<Event>,
  writer: StepWriter,
): AsyncGenerator<Event, StreamEnd, undefined> {
  const { signal } = agent;
  let iterator: AsyncIterator<Event> | undefined;
  let wake: ((value: typeof ABORT) => void) | undefined;
  const onAbort = (): void => wake?.(ABORT);
  signal.addEventListener("abort", onAbort, { once: true });
  const release = (): void => {
    const it = iterator;
    iterator = undefined;
    try {
      void Promise.resolve(it?.return?.()).catch(() => undefined);
    } catch {
      // A throwing return() must not escape.
    }
  };
  try {
    try {
      iterator = stream()[Symbol.asyncIterator]();
    } catch (error) {
      return { kind: "failed", ...describeError(error) };
    }
    for (;;) {
      if (signal.aborted) {
        release();
        return { kind: "aborted" };
      }
      let step: IteratorResult<Event> | typeof ABORT;
      try {
        const pending = iterator.next();
        step = await new Promise<IteratorResult<Event> | typeof ABORT>((resolve, reject) => {
          wake = resolve;
          pending.then(resolve, reject);
        });
      } catch (error) {
        iterator = undefined;
        if (signal.aborted) return { kind: "aborted" };
        return { kind: "failed", ...describeError(error) };
      } finally {
        wake = undefined;
      }
      if (step === ABORT) {
        release();
        return { kind: "aborted" };
      }
      if (step.done === true) {
        iterator = undefined;
        return writer.terminal !== undefined ? { kind: "terminal" } : { kind: "truncated" };
      }
      try {
        writer.write(step.value);
      } catch (error) {
        release();
        yield* flush(agent);
        if (error instanceof RunStateError) return { kind: "failed", message: `The provider stream broke the AG-UI sequence: ${error.message}`, code: error.code };
        return { kind: "failed", ...describeError(error) };
      }
      yield* flush(agent);
      if (writer.terminal !== undefined) {
        release();
        return { kind: "terminal" };
      }
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
    release();
  }
}
