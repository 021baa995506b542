import type { ErrorDescription } from "../run/describe-error.js";
import { describeError } from "../run/describe-error.js";
import type { ChunkSource } from "../run/drive-run.js";
import { CHUNK_BATCHES, offersBatches, type BatchedChunks } from "../run/chunk-batches.js";
import type { Redactor } from "../run/finalize-run-error.js";
import { resolveRetryPolicy, retryDelayMs, type ResolvedRetryPolicy, type RetryPolicy } from "./retry-policy.js";

/** Opens one provider stream with the run's abort signal. */
export type OpenStream<Chunk> = (signal: AbortSignal) => AsyncIterable<Chunk> | Promise<AsyncIterable<Chunk>>;

/** Options of {@link retryingSource}. */
export interface RetryingSourceOptions {
  /** The policy (default {@link DEFAULT_RETRY_POLICY}; `false` or `maxRetries: 0`: the source as it is). */
  policy?: RetryPolicy | false | undefined;
  /** Reads a failure (the adapter's error description: category, retryable, retryAfterMs). */
  describe?: (error: unknown) => ErrorDescription;
  /** Applied to what `onRetry` is told. */
  redact?: Redactor;
  /** Waits (injected in tests); must settle early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/**
 * Wraps a stream opener so a failure before the provider's first chunk (opening the request, or
 * the first pull) is retried under the {@link RetryPolicy}: the provider's retry-after honoured,
 * the abort signal respected while waiting, and nothing retried once a chunk arrived. The last
 * failure is rethrown as it was, so the run's RUN_ERROR describes it.
 */
export function retryingSource<Chunk>(open: OpenStream<Chunk>, options: RetryingSourceOptions = {}): ChunkSource<Chunk> {
  const policy = resolveRetryPolicy(options.policy);
  if (policy.maxRetries === 0) return open;
  return (signal) => ({
    [Symbol.asyncIterator]: () => retryingIterator(async () => (await open(signal))[Symbol.asyncIterator](), signal, policy, options),
  });
}

/**
 * {@link retryingSource} that also hands on the opened stream's chunks a read at a time when it
 * offers {@link CHUNK_BATCHES} (the raw-bytes paths' SSE sources), so retries cost no generator hop
 * per chunk. A stream without batches is read one chunk per batch.
 */
function retryingBatchedSource<Chunk>(open: OpenStream<Chunk>, options: RetryingSourceOptions): ChunkSource<Chunk> {
  const policy = resolveRetryPolicy(options.policy);
  if (policy.maxRetries === 0) return open;
  return (signal): BatchedChunks<Chunk> => ({
    [Symbol.asyncIterator]: () => retryingIterator(async () => (await open(signal))[Symbol.asyncIterator](), signal, policy, options),
    [CHUNK_BATCHES]: () => retryingIterator(async () => batchesOf(await open(signal)), signal, policy, options),
  });
}

/** The batches of a stream: its own when it offers them, else one chunk per batch. */
function batchesOf<Chunk>(iterable: AsyncIterable<Chunk>): AsyncIterator<Chunk[]> {
  if (offersBatches(iterable)) return iterable[CHUNK_BATCHES]();
  const inner = iterable[Symbol.asyncIterator]();
  return {
    next: async () => {
      const step = await inner.next();
      return step.done === true ? step : { done: false, value: [step.value] };
    },
    return: async () => {
      await inner.return?.();
      return { done: true, value: undefined };
    },
  };
}

/** An iterator that opens its stream on the first pull, retrying a failure before the first step. */
function retryingIterator<Step>(
  openIterator: () => Promise<AsyncIterator<Step>>,
  signal: AbortSignal,
  policy: ResolvedRetryPolicy,
  options: RetryingSourceOptions,
): AsyncIterator<Step> {
  const describe = options.describe ?? describeError;
  const sleep = options.sleep ?? abortableSleep;
  let inner: AsyncIterator<Step> | undefined;
  let started = false;
  let closed = false;
  return {
    async next(): Promise<IteratorResult<Step>> {
      if (started) return closed || inner === undefined ? { done: true, value: undefined } : inner.next();
      started = true;
      for (let attempt = 1; ; attempt++) {
        let iterator: AsyncIterator<Step> | undefined;
        try {
          iterator = await openIterator();
          // The consumer let go (return()) while the stream opened: release it, hand nothing on.
          if (closed) return closedStep(iterator);
          const first = await iterator.next();
          if (closed) return closedStep(iterator);
          inner = iterator;
          return first;
        } catch (error) {
          release(iterator);
          if (signal.aborted || closed) throw error;
          const described = safeDescribe(describe, error, options.redact);
          const delayMs = retryDelayMs(attempt, described, policy, options.random);
          if (delayMs === undefined) throw error;
          try {
            policy.onRetry?.({ attempt, delayMs, error: described });
          } catch {
            // A throwing listener does not change the run.
          }
          await sleep(delayMs, signal).catch(() => undefined);
          if (signal.aborted || closed) throw error;
        }
      }
    },
    async return(value?: unknown): Promise<IteratorResult<Step>> {
      closed = true;
      release(inner);
      inner = undefined;
      return { done: true, value: value as never };
    },
  };
}

function safeDescribe(describe: (error: unknown) => ErrorDescription, error: unknown, redact: Redactor | undefined): ErrorDescription {
  let described: ErrorDescription;
  try {
    described = describe(error);
  } catch {
    described = describeError(error);
  }
  if (redact === undefined) return described;
  try {
    return {
      ...described,
      message: redact(String(described.message)),
      ...(typeof described.code === "string" && { code: redact(described.code) }),
    };
  } catch {
    return { message: "The request failed.", ...(described.category !== undefined && { category: described.category }) };
  }
}

function closedStep<Step>(iterator: AsyncIterator<Step>): IteratorResult<Step> {
  release(iterator);
  return { done: true, value: undefined };
}

function release(iterator: AsyncIterator<unknown> | undefined): void {
  try {
    void Promise.resolve(iterator?.return?.()).catch(() => undefined);
  } catch {
    // A throwing return() must not escape.
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * `source` under the retry options when it opens its stream itself (the function form: a raw-bytes
 * path's `(signal) => fetch(...)`), else as it is. How the adapters' raw-bytes paths honour the
 * factories' `retry` option the same way as their SDK paths.
 */
export function withRetry<Chunk>(source: ChunkSource<Chunk>, retry: RetryingSourceOptions | undefined): ChunkSource<Chunk> {
  return retry === undefined || typeof source !== "function" ? source : retryingBatchedSource(source, retry);
}
