import type { Event } from "../types/events.js";

/**
 * The events of a run as an async generator, served from the batches a driver yields (the events
 * of one provider chunk, or of one read's chunks, in order). An `async function*` yielding event
 * by event pays an `await` per event; this serves the events of a batch from memory, each as an
 * already-settled promise, and pulls the driver again only when the batch is used up. Nothing is
 * read ahead: the driver is suspended after handing over a batch until every event of it was
 * taken, so every event still leaves before the next provider read.
 *
 * It behaves as the generator it replaces: lazy (nothing runs before the first `next()`), calls
 * are answered in order, `return()` drops what is left of the batch and finishes the driver (its
 * `finally` releases the provider stream), and everything after the end answers `done`.
 */
export function flattenBatches(batches: AsyncGenerator<Event[], void, undefined>): AsyncGenerator<Event, void, undefined> {
  let batch: readonly Event[] = [];
  let index = 0;
  // The driver finished, or return()/throw() closed this generator.
  let closed = false;
  // A pull is in flight: calls made meanwhile wait here, in order (rare: `for await` never does).
  let pulling = false;
  let waiting: Array<(result: Promise<IteratorResult<Event, void>>) => void> = [];

  const finished = (): IteratorResult<Event, void> => ({ done: true, value: undefined });

  /** Answers the calls that waited on a pull, in order (each may start the next pull). */
  const wakeWaiting = (): void => {
    if (waiting.length === 0) return;
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve(self.next());
  };

  const onStep = (result: IteratorResult<Event[], void>): IteratorResult<Event, void> | Promise<IteratorResult<Event, void>> => {
    pulling = false;
    let answer: IteratorResult<Event, void> | Promise<IteratorResult<Event, void>>;
    if (result.done === true) {
      closed = true;
      answer = finished();
    } else {
      batch = result.value;
      index = 0;
      // A driver yields only non-empty batches; an empty one would just be read past.
      answer = index < batch.length ? { done: false, value: batch[index++] as Event } : self.next();
    }
    wakeWaiting();
    return answer;
  };

  const onError = (error: unknown): never => {
    pulling = false;
    closed = true;
    wakeWaiting();
    throw error;
  };

  const self: AsyncGenerator<Event, void, undefined> = {
    next(): Promise<IteratorResult<Event, void>> {
      if (pulling) return new Promise((resolve) => waiting.push(resolve));
      if (closed) return Promise.resolve(finished());
      if (index < batch.length) return Promise.resolve({ done: false, value: batch[index++] as Event });
      pulling = true;
      return batches.next().then(onStep, onError);
    },
    return(): Promise<IteratorResult<Event, void>> {
      closed = true;
      batch = [];
      return batches.return(undefined).then(finished);
    },
    throw(error: unknown): Promise<IteratorResult<Event, void>> {
      closed = true;
      batch = [];
      return batches.throw(error).then(finished);
    },
    [Symbol.asyncIterator]() {
      return self;
    },
  };
  return self;
}
