import type { Event } from "../types/events.js";
import { describeFailure } from "./describe-failure.js";
import { createRedactor, finalizeErrorEvent, type Redactor } from "./finalize-run-error.js";
import { CHUNK_BATCHES, offersBatches, type BatchedChunks } from "./chunk-batches.js";
import { cancel, closeRun, invalidStep, truncate, type Ending } from "./close-run.js";
import { builderOptionsFrom } from "./builder-options.js";
import { failedAfterEnd } from "./failure-after-end.js";
import { INVALID_STEP, readStep, STREAM_DONE } from "./read-step.js";
import { releaseIterator, releaseLate } from "./release-source.js";
import { ABORTED, RunAbort } from "./run-abort.js";
import { RunBuilder } from "./run-builder.js";
import type { DriveRunOptions, StreamMapper } from "./drive-run.js";

type Result = IteratorResult<Event, void>;
type Answer = Result | Promise<Result>;

/**
 * Where the driver is: before the first `next()`, about to open the source, reading it, or over
 * (the terminal event is queued, or the consumer closed the generator).
 */
type Phase = "unstarted" | "opening" | "reading" | "over";

/**
 * The state machine behind `driveRun`: an async generator written by hand, so that one provider
 * chunk costs one promise reaction (`iterator.next().then(onStep)`) on top of the provider's own
 * iterator, instead of the two generator hops an `async function*` pipeline pays per chunk and per
 * event. The events one step produces (RUN_STARTED, a chunk's or a read's events, the end) wait in
 * `queue` and are served from memory; the source is pulled again only when the queue is used up,
 * so every event leaves before the next provider read.
 *
 * It behaves as the `async function*` it replaces: lazy (nothing runs before the first `next()`),
 * calls answered in order, `return()`/`throw()` close it and release the provider stream, and
 * every call after the end answers `done`.
 */
export class RunDriver<Chunk> implements AsyncGenerator<Event, void, undefined> {
  // The caller's options (source, createMapper, the input: the whole conversation) and everything
  // the run built from them are let go once the run is over (see #drop): a consumer that keeps the
  // finished generator keeps none of it alive. Every path that can run after "over" checks the
  // phase before touching them.
  #options: DriveRunOptions<Chunk> | undefined;
  #phase: Phase = "unstarted";
  #run: RunBuilder | undefined;
  #redact: Redactor | undefined;
  #mapper: StreamMapper<Chunk> | undefined;
  // Either one chunk per step, or (a source offering CHUNK_BATCHES) the chunks of one read per step.
  #iterator: AsyncIterator<Chunk | Chunk[]> | undefined;
  #batched = false;
  // The provider stream ended by itself: nothing is left to abort when the run is over.
  #exhausted = false;
  #queue: Event[] = [];
  #index = 0;
  // A pull is in flight: calls made meanwhile wait here, in order (rare: `for await` never does).
  #pulling = false;
  #waiting: Array<(answer: Promise<Result>) => void> = [];
  // Only a source function (given the run's signal) or an outer signal can be aborted: without
  // either there is nothing to abort, and no abort wiring (an AbortController, costly) is built.
  #abort: RunAbort | undefined;

  constructor(options: DriveRunOptions<Chunk>) {
    this.#options = options;
  }

  next(): Promise<Result> {
    if (this.#pulling) return new Promise((resolve) => this.#waiting.push(resolve));
    if (this.#index < this.#queue.length) return Promise.resolve({ done: false, value: this.#queue[this.#index++] as Event });
    if (this.#phase === "over") {
      // Everything was served: the last events are the consumer's now, not the generator's.
      this.#queue = [];
      this.#index = 0;
      return Promise.resolve(finished());
    }
    this.#pulling = true;
    try {
      return Promise.resolve(this.#phase === "unstarted" ? this.#start() : this.#advance());
    } catch (error) {
      // Only a bug in the machinery itself gets here: close, and reject like a generator would.
      this.#close();
      return Promise.reject(error);
    }
  }

  return(): Promise<Result> {
    this.#close();
    return Promise.resolve(finished());
  }

  throw(error: unknown): Promise<Result> {
    this.#close();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The consumer closed the generator: drop what is queued, release the provider stream. */
  #close(): void {
    const wasOver = this.#phase === "over";
    this.#phase = "over";
    this.#queue = [];
    this.#index = 0;
    if (!wasOver) this.#cleanUp();
    this.#settle();
  }

  /** The first `next()`: builds the run, emits RUN_STARTED, wires the abort signals. */
  #start(): Answer {
    const options = this.#options as DriveRunOptions<Chunk>;
    this.#run = new RunBuilder(builderOptionsFrom(options as DriveRunOptions<unknown>));
    // Every RUN_ERROR leaves through #enqueue, whoever built it (the driver, a mapper's in-band
    // error frame): one redaction for message, code and metadata, and the error category always set.
    this.#redact = createRedactor(options.secrets);
    this.#run.start();
    this.#enqueue();
    this.#phase = "opening";

    if (typeof options.source === "function" || options.signal !== undefined) this.#abort = new RunAbort(options.signal);
    return this.#serve();
  }

  /** Whether the run was aborted (read per chunk: a flag, not the signal's getter). */
  get #aborted(): boolean {
    return this.#abort?.aborted === true;
  }

  /** The queue is used up: the next step of the run. */
  #advance(): Answer {
    if (this.#aborted) {
      this.#release();
      this.#endRun(cancel);
      return this.#end();
    }
    return this.#phase === "opening" ? this.#open() : this.#pull();
  }

  /** Creates the mapper and opens the source (racing the abort signal). */
  #open(): Answer {
    const run = this.#run as RunBuilder;
    const options = this.#options as DriveRunOptions<Chunk>;
    let opening: AsyncIterable<Chunk> | Promise<AsyncIterable<Chunk>>;
    try {
      this.#mapper = options.createMapper(run);
      const source = options.source;
      opening = typeof source === "function" ? source((this.#abort as RunAbort).signal) : source;
    } catch (error) {
      return this.#failOrCancel(error);
    }
    if (this.#abort === undefined) return this.#onOpened(opening as AsyncIterable<Chunk>);
    return this.#abort.race(opening).then(
      (iterable) => this.#guard(() => (iterable === ABORTED ? this.#onAbortedOpening(opening) : this.#onOpened(iterable))),
      (error: unknown) => (this.#phase === "over" ? this.#settled(finished()) : this.#guard(() => this.#failOrCancel(error))),
    );
  }

  /** Aborted while the request was opening: it is released whenever it arrives. */
  #onAbortedOpening(opening: AsyncIterable<Chunk> | Promise<AsyncIterable<Chunk>>): Answer {
    releaseLate(opening);
    if (this.#phase === "over") return this.#settled(finished());
    this.#endRun(cancel);
    return this.#end();
  }

  #onOpened(iterable: AsyncIterable<Chunk>): Answer {
    if (this.#phase === "over") {
      // The consumer closed the generator while the request was opening.
      releaseLate(iterable);
      return this.#settled(finished());
    }
    try {
      this.#batched = offersBatches(iterable);
      this.#iterator = this.#batched
        ? (iterable as BatchedChunks<Chunk>)[CHUNK_BATCHES]()
        : (iterable[Symbol.asyncIterator]() as AsyncIterator<Chunk | Chunk[]>);
    } catch (error) {
      return this.#failOrCancel(error);
    }
    this.#phase = "reading";
    return this.#pull();
  }

  /** Pulls the next chunk (or read) from the provider. */
  #pull(): Answer {
    let pending: Promise<IteratorResult<Chunk | Chunk[]> | typeof ABORTED>;
    try {
      const step = (this.#iterator as AsyncIterator<Chunk | Chunk[]>).next();
      // Only an outer signal can abort while a pull is pending: without one, no race is needed.
      pending = this.#options?.signal === undefined ? Promise.resolve(step) : (this.#abort as RunAbort).race(step);
    } catch (error) {
      return this.#onPullError(error);
    }
    return pending.then(this.#onStep, this.#onPullError);
  }

  readonly #onPullError = (error: unknown): Answer => {
    if (this.#phase === "over") return this.#settled(finished());
    this.#iterator = undefined;
    // After the provider's end marker the answer is whole: the mapper ends the run as it says.
    if (!this.#aborted && failedAfterEnd(this.#mapper, error, this.#options?.onWarning, this.#redact as Redactor)) return this.#guard(() => this.#endOfStream());
    return this.#guard(() => this.#failOrCancel(error));
  };

  readonly #onStep = (step: IteratorResult<Chunk | Chunk[]> | typeof ABORTED): Answer => {
    try {
      return this.#step(step);
    } catch (error) {
      // As in #guard (no closure per chunk on this path).
      this.#close();
      throw error;
    }
  };

  /**
   * Runs a step of the machinery from a promise callback. Nothing in it is meant to throw; if
   * something does anyway (a bug), the generator closes and the call waiting on it rejects, as an
   * `async function*` that threw would — rather than leaving later calls waiting forever.
   */
  #guard(step: () => Answer): Answer {
    try {
      return step();
    } catch (error) {
      this.#close();
      throw error;
    }
  }

  #step(step: IteratorResult<Chunk | Chunk[]> | typeof ABORTED): Answer {
    // The consumer closed the generator while this pull was in flight: the chunk is dropped.
    if (this.#phase === "over") return this.#settled(finished());
    const run = this.#run as RunBuilder;
    if (step === ABORTED) {
      this.#release();
      this.#endRun(cancel);
      return this.#end();
    }
    const value = readStep(step, this.#batched);
    if (value === INVALID_STEP) {
      this.#release();
      this.#endRun(invalidStep);
      return this.#end();
    }
    if (value === STREAM_DONE) {
      this.#iterator = undefined;
      this.#exhausted = true;
      return this.#endOfStream();
    }
    // The chunks of one step are mapped together and their events queued as one batch: a read's
    // chunks are already in memory, so nothing waits on later bytes, and the next read happens
    // only after every event of this one was taken.
    if (!this.#batched) this.#map(value as Chunk);
    else {
      const chunks = value as Chunk[];
      for (let i = 0; i < chunks.length && this.#map(chunks[i] as Chunk); i++);
    }
    // The consumer closed the generator from inside the mapping (a callback of its own): done.
    if ((this.#phase as Phase) === "over") return this.#settled(finished());
    if (run.ended) {
      this.#release();
      return this.#end();
    }
    this.#enqueue();
    return this.#serve();
  }

  /** Maps one chunk; false when the run ended or was aborted (nothing more of the step is mapped). */
  #map(chunk: Chunk): boolean {
    const run = this.#run as RunBuilder;
    try {
      (this.#mapper as StreamMapper<Chunk>).chunk(chunk);
    } catch (error) {
      // Events the chunk queued before throwing are legal as far as they go; fail() closes them.
      if (this.#phase !== "over") this.#endRun((open) => open.fail(describeFailure(error, this.#mapper)));
    }
    return this.#phase !== "over" && !run.ended && !this.#aborted;
  }

  /** The provider stream ended by itself: the mapper finishes the run, or it was cut short. */
  #endOfStream(): Answer {
    try {
      (this.#mapper as StreamMapper<Chunk>).end();
    } catch (error) {
      if (this.#phase !== "over") this.#endRun((open) => open.fail(describeFailure(error, this.#mapper)));
    }
    // The consumer closed the generator from inside end() (a callback of its own): done.
    if (this.#phase === "over") return this.#settled(finished());
    this.#endRun(truncate);
    return this.#end();
  }

  #failOrCancel(error: unknown): Answer {
    // Closed by the consumer from a callback of its own (createMapper, the source): done.
    if (this.#phase === "over") return this.#settled(finished());
    this.#endRun(this.#aborted ? cancel : (open) => open.fail(describeFailure(error, this.#mapper)));
    return this.#end();
  }

  /** The driver ends the run itself, after the mapper's `beforeClose` (see `closeRun`): on the way out only, never per chunk. */
  #endRun(ending: Ending): void {
    closeRun(this.#run as RunBuilder, this.#mapper, ending, this.#options?.onWarning);
  }

  /** The run ended: queue its last events, release what it held, and serve them. */
  #end(): Answer {
    // Closed by the consumer while the run was being ended (from a callback of its own): done.
    if (this.#phase === "over") return this.#settled(finished());
    this.#enqueue();
    this.#phase = "over";
    this.#cleanUp();
    return this.#serve();
  }

  /** Moves what the run queued into the (used-up) queue, each RUN_ERROR finalized. */
  #enqueue(): void {
    const events = (this.#run as RunBuilder).drain();
    const redact = this.#redact as Redactor;
    for (let i = 0; i < events.length; i++) events[i] = finalizeErrorEvent(events[i] as Event, redact);
    this.#queue = events;
    this.#index = 0;
  }

  /** The next queued event; the next step when none is queued; done when over. */
  #serve(): Answer {
    if (this.#index < this.#queue.length) return this.#settled({ done: false, value: this.#queue[this.#index++] as Event });
    if (this.#phase === "over") return this.#settled(finished());
    return this.#advance();
  }

  /** The pull in flight produced its answer: calls that waited on it are answered next, in order. */
  #settled(answer: Result): Result {
    this.#settle();
    return answer;
  }

  #settle(): void {
    this.#pulling = false;
    if (this.#waiting.length === 0) return;
    const woken = this.#waiting;
    this.#waiting = [];
    for (const resolve of woken) resolve(this.next());
  }

  /** Lets go of the provider iterator (not awaited: a generator blocked in next() settles return() only after it). */
  #release(): void {
    const it = this.#iterator;
    this.#iterator = undefined;
    releaseIterator(it);
  }

  /**
   * The run is over (or the consumer stopped early): the outer signal's listener goes, the
   * provider stream is released, and the request a source function opened with our signal is
   * aborted unless the stream ended by itself (then there is nothing to abort, and no AbortError
   * to build).
   */
  #cleanUp(): void {
    this.#release();
    this.#abort?.release(!this.#exhausted && typeof this.#options?.source === "function");
    this.#drop();
  }

  /**
   * Lets go of what the run no longer needs once it is over: the caller's options (the source,
   * `createMapper`, the input), the run builder (usage, id fingerprints, the tool-call ledger built
   * from the input), the mapper's stream state, the redactor (the secrets) and the abort wiring.
   * Only the events still to be served stay.
   */
  #drop(): void {
    this.#options = undefined;
    this.#run = undefined;
    this.#mapper = undefined;
    this.#redact = undefined;
    this.#abort = undefined;
  }

  /** @internal For tests: the references the generator still holds (none once the run is over). */
  get retained(): string[] {
    const held = { options: this.#options, run: this.#run, mapper: this.#mapper, redact: this.#redact, abort: this.#abort, iterator: this.#iterator };
    return Object.keys(held).filter((name) => held[name as keyof typeof held] !== undefined);
  }
}

function finished(): Result {
  return { done: true, value: undefined };
}
