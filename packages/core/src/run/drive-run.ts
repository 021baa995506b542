import type { Event } from "../types/events.js";
import type { RunAgentInput } from "../types/input.js";
import type { WarningHandler } from "../warnings.js";
import type { ErrorDescription } from "./describe-error.js";
import type { SecretSource } from "./finalize-run-error.js";
import type { IdGenerator } from "./ids.js";
import type { RunBuilder } from "./run-builder.js";
import { RunDriver } from "./run-driver.js";

export { INVALID_STEP_MESSAGE, TRUNCATED_MESSAGE } from "./close-run.js";

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
  /**
   * Whether the provider's own end marker was read (Anthropic's `message_stop`, a Responses
   * `response.completed`), so that `end` would end the run now. A failure of the connection after
   * it (category `network`, `timeout` or `truncated`: a reset as the body closes, bytes cut after
   * the marker) does not fail the run: the driver calls `end` and reports the failure as warning
   * `stream.error-after-end`. Any other failure (a provider's error event) still fails it. Optional: a
   * stream without an explicit end marker (Gemini's, Chat's `finish_reason` before its usage) has none.
   */
  sawEnd?(): boolean;
  /**
   * The mapper's last word before the driver ends the run itself: an abort (while the request
   * opens or mid-stream), a thrown or invalid provider step, an exception from `chunk` or `end`,
   * or a stream that ended without `end` ending the run. Writes out what the mapper still holds
   * back (e.g. a tool call waiting for its name), so it reaches the run before the run closes what
   * is open (`interrupted: true`) and emits the terminal event. Called at most once, before the
   * error is described, and only while the run is open: not when the mapper ends the run itself
   * (`finish`/`fail` in `chunk` or `end`: it flushes first there), nor when the consumer stops
   * reading. It should not end the run (if it does, that ending stands). An exception it throws is
   * reported (`run.before-close-failed`) and the run ends all the same, with what it wrote before
   * throwing. Optional: a mapper that holds nothing back needs none.
   */
  beforeClose?(): void;
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
  /**
   * Id source for the run's ids and what it mints. One that throws or returns a non-string is
   * replaced by the built-in generator for the rest of the run (`run.generate-id-failed`).
   */
  generateId?: IdGenerator;
  /**
   * When given, every event carries `timestamp: now()`, floored (AG-UI timestamps are integers).
   * A clock that throws or returns something that is not a number from 0 to
   * `Number.MAX_SAFE_INTEGER` is replaced by `Date.now` for the rest of the run (`run.now-failed`).
   */
  now?: () => number;
  /**
   * Exact strings (API keys, tokens) removed from every string of every RUN_ERROR (message, code,
   * metadata), on top of pattern redaction: a list, or a function read when the error is written.
   */
  secrets?: SecretSource;
  /**
   * Told when a payload had to be bounded to stay encodable (passed to the run builder), or the
   * mapper's `beforeClose` threw (`run.before-close-failed`), or the connection failed after the
   * provider's end marker (`stream.error-after-end`, see `StreamMapper.sawEnd`), or `generateId` or
   * `now` failed (`run.generate-id-failed`, `run.now-failed`), or the input's `threadId`, `runId` or `messages`
   * could not be read (`run.input-unreadable`: a throwing getter or Proxy trap; the field counts as
   * absent).
   */
  onWarning?: WarningHandler;
}

/**
 * Runs a provider stream through a mapper and yields a valid AG-UI event sequence:
 * RUN_STARTED, the mapped events (each chunk's events yielded before the next chunk is pulled; a
 * source offering `CHUNK_BATCHES` hands over a read's chunks at once, and their events all leave
 * before the next read), and
 * exactly one terminal event. An exception from the source or the mapper becomes RUN_ERROR with the
 * usage accrued so far; an abort becomes RUN_FINISHED `{ outcome: { type: "cancelled" } }` and
 * calls `return()` on the provider iterator so its HTTP request is released; a stream that ends
 * without the provider's end marker becomes RUN_ERROR `stream_truncated`. Before any of these
 * endings the mapper's `beforeClose` writes out what it holds back. Never throws.
 */
export function driveRun<Chunk>(options: DriveRunOptions<Chunk>): AsyncGenerator<Event, void, undefined> {
  return new RunDriver(options);
}
