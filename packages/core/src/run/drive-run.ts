import type { Event } from "../types/events.js";
import type { FailOptions } from "./run-options.js";
import type { RunAgentInput } from "../types/input.js";
import type { WarningHandler } from "../warnings.js";
import { describeError as defaultDescribeError, UNDESCRIBABLE_MESSAGE, type ErrorDescription } from "./describe-error.js";
import { createRedactor, failOptionsFrom, finalizeErrorEvent, type SecretSource } from "./finalize-run-error.js";
import type { IdGenerator } from "./ids.js";
import { CHUNK_BATCHES, offersBatches, type BatchedChunks } from "./chunk-batches.js";
import { flattenBatches } from "./flatten-batches.js";
import { RunBuilder } from "./run-builder.js";
import { RunStateError } from "./run-state-error.js";

/**
 * Per-stream mapping from provider chunks to AG-UI, written through the {@link RunBuilder}. A
 * mapper holds only the state of its own stream.
 */
export interface StreamMapper<Chunk> {
  /** Maps one chunk. Throwing ends the run with RUN_ERROR. */
  chunk(chunk: Chunk): void;
  /**
   * Called when the provider stream ends normally. Finishes the run (`run.finish`) when the
   * provider's own end marker was seen, or fails it; if it does neither, the driver ends the run as
   * truncated (RUN_ERROR `stream_truncated`).
   */
  end(): void;
  /** Reads a thrown error (SDK error frames, HTTP errors) into RUN_ERROR's message and code. */
  describeError?(error: unknown): ErrorDescription;
}

/** Where the provider chunks come from: an iterable, or a function that opens one. */
export type ChunkSource<Chunk> =
  | AsyncIterable<Chunk>
  | ((signal: AbortSignal) => AsyncIterable<Chunk> | Promise<AsyncIterable<Chunk>>);

/** Options for {@link driveRun}. */
export interface DriveRunOptions<Chunk> {
  source: ChunkSource<Chunk>;
  /** Creates the mapper for this stream, bound to the run it writes to. */
  createMapper: (run: RunBuilder) => StreamMapper<Chunk>;
  /** Aborting ends the run with the cancelled outcome and releases the provider stream. */
  signal?: AbortSignal;
  /** The request being answered: ids come from it and it is echoed on RUN_STARTED. */
  input?: RunAgentInput;
  threadId?: string;
  runId?: string;
  /** Echo `input` on RUN_STARTED (default true). */
  echoInput?: boolean;
  /** Lowercase vendor id stamped on what the run creates. */
  provider?: string;
  generateId?: IdGenerator;
  now?: () => number;
  /**
   * Exact strings (API keys, tokens) removed from every string of every RUN_ERROR (message, code,
   * metadata), on top of pattern redaction: a list, or a function read when the error is written.
   */
  secrets?: SecretSource;
  /** Told when a payload had to be bounded to stay encodable (passed to the run builder). */
  onWarning?: WarningHandler;
}

/** The message RUN_ERROR carries when a stream ends without the provider's end marker. */
export const TRUNCATED_MESSAGE = "The provider stream ended before its end marker: the response was cut short.";

/** The message RUN_ERROR carries when the provider iterator yields something that is not an iterator result. */
export const INVALID_STEP_MESSAGE = "The provider stream yielded something that is not an iterator result.";

const ABORTED = Symbol("aborted");

/** Reads an iterator step defensively: undefined when it is not an object or reading it throws. */
function readStep<Chunk>(step: unknown): { done: true } | { done: false; value: Chunk } | undefined {
  if (typeof step !== "object" || step === null) return undefined;
  try {
    const done = (step as { done?: unknown }).done;
    if (done === true) return { done: true };
    return { done: false, value: (step as { value: Chunk }).value };
  } catch {
    return undefined;
  }
}

/** `instanceof RunStateError`, safe for a revoked Proxy. */
function isRunStateError(error: unknown): boolean {
  try {
    return error instanceof RunStateError;
  } catch {
    return false;
  }
}

/**
 * Runs a provider stream through a mapper and yields a valid AG-UI event sequence:
 * RUN_STARTED, the mapped events (each chunk's events yielded before the next chunk is pulled; a
 * source offering `CHUNK_BATCHES` hands over a read's chunks at once, and their events all leave
 * before the next read), and
 * exactly one terminal event. An exception from the source or the mapper becomes RUN_ERROR with the
 * usage accrued so far; an abort becomes RUN_FINISHED `{ outcome: { type: "cancelled" } }` and
 * calls `return()` on the provider iterator so its HTTP request is released; a stream that ends
 * without the provider's end marker becomes RUN_ERROR `stream_truncated`. Never throws.
 */
export function driveRun<Chunk>(options: DriveRunOptions<Chunk>): AsyncGenerator<Event, void, undefined> {
  return flattenBatches(driveRunInBatches(options));
}

/** {@link driveRun}, yielding the events of each step (start, one chunk, the end) as one non-empty array. */
async function* driveRunInBatches<Chunk>(options: DriveRunOptions<Chunk>): AsyncGenerator<Event[], void, undefined> {
  const generateId = options.generateId;
  const run = new RunBuilder({
    threadId: options.threadId ?? options.input?.threadId ?? (generateId ?? randomUuid)(),
    runId: options.runId ?? options.input?.runId ?? (generateId ?? randomUuid)(),
    ...(options.input !== undefined && { input: options.input }),
    ...(options.echoInput !== undefined && { echoInput: options.echoInput }),
    ...(options.provider !== undefined && { provider: options.provider }),
    ...(generateId !== undefined && { generateId }),
    ...(options.now !== undefined && { now: options.now }),
    ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
  });
  // Every RUN_ERROR leaves through here, whoever built it (the driver, a mapper's in-band error
  // frame): one redaction for message, code and metadata, and the error category always set.
  const redact = createRedactor(options.secrets);
  const finalize = (events: Event[]): Event[] => {
    for (let i = 0; i < events.length; i++) events[i] = finalizeErrorEvent(events[i] as Event, redact);
    return events;
  };
  // What the run queued, as the next batch, for `yield* drain()` (an empty batch is not yielded).
  const drain = (): Event[][] => {
    const events = run.drain();
    return events.length === 0 ? [] : [finalize(events)];
  };
  run.start();
  yield* drain();

  // Only a source function (given the run's signal) or an outer signal can be aborted: without
  // either there is nothing to abort, and no AbortController (costly to make) is built.
  const outer = options.signal;
  const controller = typeof options.source === "function" || outer !== undefined ? new AbortController() : undefined;
  const onAbort = (): void => controller?.abort(outer?.reason);
  if (outer?.aborted) controller?.abort(outer.reason);
  else outer?.addEventListener("abort", onAbort, { once: true });
  // Read once per chunk: a flag the abort listener sets, not the signal's getter.
  let aborted = controller?.signal.aborted === true;
  const isAborted = (): boolean => aborted;
  // Aborting wakes the pull in flight. (Racing every pull against one long-lived "aborted" promise
  // would leave a reaction on it per chunk, each holding its chunk, until the run ends.)
  let wake: ((value: typeof ABORTED) => void) | undefined;
  if (controller !== undefined && !aborted) {
    controller.signal.addEventListener(
      "abort",
      () => {
        aborted = true;
        wake?.(ABORTED);
      },
      { once: true },
    );
  }
  const raceAbort = async <T>(value: T | Promise<T>): Promise<T | typeof ABORTED> => {
    if (controller === undefined) return value;
    if (aborted) return Promise.race([Promise.resolve(value), Promise.resolve<typeof ABORTED>(ABORTED)]);
    return new Promise<T | typeof ABORTED>((resolve, reject) => {
      wake = resolve;
      Promise.resolve(value).then(resolve, reject);
    });
  };

  let mapper: StreamMapper<Chunk> | undefined;
  // Either one chunk per step, or (a source offering CHUNK_BATCHES) the chunks of one read per step.
  let iterator: AsyncIterator<Chunk | Chunk[]> | undefined;
  let batched = false;
  // The provider stream ended by itself: nothing is left to abort when the run is over.
  let exhausted = false;
  // Describing never throws: a mapper's reading that throws (or returns junk) falls back to core's,
  // which reads hostile values (revoked Proxies, throwing getters) safely. Redaction happens in drain().
  const describe = (error: unknown): FailOptions => {
    let described: ErrorDescription;
    try {
      described = isRunStateError(error)
        ? { message: (error as RunStateError).message, code: (error as RunStateError).code, category: "invalid_response" }
        : (mapper?.describeError?.(error) ?? defaultDescribeError(error));
      if (typeof described !== "object" || described === null || typeof described.message !== "string") throw new TypeError("not a description");
    } catch {
      described = defaultDescribeError(error);
    }
    try {
      return failOptionsFrom(described);
    } catch {
      return { message: UNDESCRIBABLE_MESSAGE };
    }
  };
  const release = (): void => {
    const it = iterator;
    iterator = undefined;
    if (it?.return === undefined) return;
    try {
      // Not awaited: an async generator blocked in a pending next() only settles return() after it.
      void Promise.resolve(it.return()).catch(() => undefined);
    } catch {
      // A throwing return() must not escape.
    }
  };

  try {
    if (isAborted()) {
      run.cancel();
      yield* drain();
      return;
    }
    try {
      mapper = options.createMapper(run);
      const source = options.source;
      const opening = typeof source === "function" ? source((controller as AbortController).signal) : source;
      const iterable = await raceAbort(opening);
      if (iterable === ABORTED) {
        // The request may still be opening: release it whenever it arrives.
        void Promise.resolve(opening)
          .then(
            (late) => late[Symbol.asyncIterator]().return?.(),
            () => undefined,
          )
          .catch(() => undefined);
        run.cancel();
        yield* drain();
        return;
      }
      batched = offersBatches(iterable);
      iterator = batched ? (iterable as BatchedChunks<Chunk>)[CHUNK_BATCHES]() : (iterable[Symbol.asyncIterator]() as AsyncIterator<Chunk | Chunk[]>);
    } catch (error) {
      if (isAborted()) run.cancel();
      else run.fail(describe(error));
      yield* drain();
      return;
    }

    // The chunks of the current step (a one-slot array reused when the source is not batched).
    const single: Chunk[] = [];
    for (;;) {
      let step: IteratorResult<Chunk | Chunk[]> | typeof ABORTED;
      try {
        // Only an outer signal can abort while a pull is pending: without one, no race is needed.
        step = outer === undefined ? await iterator.next() : await raceAbort(iterator.next());
      } catch (error) {
        iterator = undefined;
        if (isAborted()) run.cancel();
        else run.fail(describe(error));
        yield* drain();
        return;
      }
      if (step === ABORTED) {
        release();
        run.cancel();
        yield* drain();
        return;
      }
      // The step itself is untrusted: next() may resolve null, or a `done`/`value` getter may throw.
      const read = readStep<Chunk | Chunk[]>(step);
      if (read === undefined || (batched && !read.done && !Array.isArray(read.value))) {
        release();
        if (!run.ended) run.fail(failOptionsFrom({ message: INVALID_STEP_MESSAGE, code: "invalid_step", category: "invalid_response" }));
        yield* drain();
        return;
      }
      if (read.done) {
        iterator = undefined;
        exhausted = true;
        break;
      }
      let chunks: readonly Chunk[];
      if (batched) chunks = read.value as Chunk[];
      else {
        single[0] = read.value as Chunk;
        chunks = single;
      }
      // The chunks of one step are mapped together and their events handed over as one batch: a
      // read's chunks are already in memory, so nothing waits on later bytes, and the next read
      // happens only after every event of this one was taken.
      for (let i = 0; i < chunks.length; i++) {
        try {
          mapper.chunk(chunks[i] as Chunk);
        } catch (error) {
          // Events the chunk queued before throwing are legal as far as they go; fail() closes them.
          if (!run.ended) run.fail(describe(error));
        }
        if (run.ended || isAborted()) break;
      }
      const events = run.drain();
      if (events.length > 0) yield finalize(events);
      if (run.ended) {
        release();
        return;
      }
      if (isAborted()) {
        release();
        run.cancel();
        yield* drain();
        return;
      }
      single.length = 0;
    }

    try {
      mapper.end();
    } catch (error) {
      if (!run.ended) run.fail(describe(error));
    }
    if (!run.ended) run.fail(failOptionsFrom({ message: TRUNCATED_MESSAGE, code: "stream_truncated", category: "truncated" }));
    yield* drain();
  } finally {
    outer?.removeEventListener("abort", onAbort);
    // The consumer stopped early (break/return on this generator): release the provider stream,
    // and abort the request the source opened with our signal (only a source function was given it).
    release();
    // After the stream ended by itself there is nothing to abort (and no AbortError to build).
    if (!exhausted && controller !== undefined && !controller.signal.aborted && typeof options.source === "function") controller.abort();
  }
}

function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}
