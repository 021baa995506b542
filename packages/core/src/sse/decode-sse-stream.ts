import { createParser } from "eventsource-parser";
import { CHUNK_BATCHES, type BatchedChunks } from "../run/chunk-batches.js";
import { releaseIterator } from "../run/release-source.js";
import { createDocumentHead } from "./document-body.js";
import { createFieldLineRewriter } from "./field-line-rewriter.js";
import { httpStatusError, isErrorResponse } from "./http-error-response.js";
import { createUtf8Reads } from "./utf8-reads.js";

/**
 * SSE bytes as an adapter's raw path takes them: a fetch `Response` (e.g. what an SDK's
 * `.asResponse()` resolves to), its `body`, or any async iterable of byte (or text) chunks.
 */
export type SseBody = Response | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** SSE bytes, or a function opening them with the run's abort signal (e.g. an SDK request's `.asResponse()`). */
export type SseSource = SseBody | ((signal: AbortSignal) => SseBody | Promise<SseBody>);

/** One server-sent event: its `event:` name, its `data:` lines joined by `\n`, its `id:`. */
export interface SseFrame {
  event?: string | undefined;
  data: string;
  id?: string | undefined;
}

/** Returned by a frame decoder: the frame yields nothing (keep-alives, `ping`, …). */
export const SSE_SKIP: unique symbol = Symbol("sse-skip");
/** Returned by a frame decoder: the stream's end marker (`[DONE]`); nothing after it is read. */
export const SSE_STOP: unique symbol = Symbol("sse-stop");

/** Turns one frame into a chunk for the mapper, or skips it, or ends the stream. May throw. */
export type SseFrameDecoder<T> = (frame: SseFrame) => T | typeof SSE_SKIP | typeof SSE_STOP;

/** Options of {@link decodeSseStream}. */
export interface DecodeSseOptions {
  /** Aborting cancels the body at once, even while a read is pending. */
  signal?: AbortSignal;
  /**
   * Whether a frame the stream ended inside (no blank line after it) may still be decoded. By
   * default such a frame is a cut and the stream throws {@link SseTruncatedError}.
   */
  acceptUnterminated?: (frame: SseFrame) => boolean;
  /**
   * Field names outside the SSE grammar whose lines are frames of their own: a line `name: value`
   * is decoded, in its place among the frames, as `{ event: name, data: value }` (llama.cpp's
   * server wrote a mid-stream error as an `error: {...}` line before ggml-org/llama.cpp#16109,
   * which SSE readers otherwise ignore). Other unknown fields are ignored, as the grammar says.
   */
  fieldFrames?: readonly string[];
  /**
   * The most characters one frame may hold (its data and the line being read), default
   * {@link DEFAULT_MAX_FRAME_LENGTH}: beyond it the stream throws {@link SseFrameTooLargeError}
   * (RUN_ERROR `frame_too_large`) instead of buffering a line that never ends.
   */
  maxFrameLength?: number;
}

/**
 * The default bound on one frame: 64 Mi characters, well above the largest documented payloads
 * (a generated 4K image inline as base64 is about 30 MB), well below what would exhaust a server.
 */
export const DEFAULT_MAX_FRAME_LENGTH = 64 * 1024 * 1024;

/** The message of {@link SseTruncatedError}. */
export const TRUNCATED_FRAME_MESSAGE = "The stream ended inside a frame: the response was cut short.";

/** Thrown when one frame outgrows `maxFrameLength`; the driver reports it as RUN_ERROR `frame_too_large`. */
export class SseFrameTooLargeError extends Error {
  override readonly name = "SseFrameTooLargeError";
  readonly code = "frame_too_large";
  constructor(limit: number) {
    super(`A server-sent event grew past ${limit} characters without ending: the stream was stopped.`);
  }
}

/**
 * What reading the body threw when it was a `TypeError` (the Fetch standard's "network error": a
 * connection dropped or reset mid-body), kept as its `cause` with the same message. Node's
 * undici says where it failed in the cause (`UND_ERR_SOCKET`), Deno and others only
 * `TypeError: error reading a body from connection`; the code `network_error` makes it a
 * `network` failure on every runtime, as the SDKs' own connection errors are.
 */
export class SseBodyReadError extends Error {
  override readonly name = "SseBodyReadError";
  readonly code = "network_error";
  constructor(cause: TypeError) {
    super(cause.message, { cause });
  }
}

/** A body read's rejection: a `TypeError` becomes {@link SseBodyReadError}, anything else passes as it is. */
function bodyReadFailed(error: unknown): never {
  throw error instanceof TypeError ? new SseBodyReadError(error) : error;
}

/** Thrown when the bytes end inside a frame; the driver reports it as RUN_ERROR `stream_truncated`. */
export class SseTruncatedError extends Error {
  override readonly name = "SseTruncatedError";
  readonly code = "stream_truncated";
  constructor() {
    super(TRUNCATED_FRAME_MESSAGE);
  }
}

/**
 * Reads SSE bytes frame by frame (the WHATWG event-stream grammar, through `eventsource-parser`:
 * `\n`, `\r\n` and `\r` line ends, comments, multi-line `data:`, `event:` / `id:` / `retry:`; one
 * leading U+FEFF BOM is stripped, as the standard says, and nothing else: not a second one, nor the
 * BOM's bytes read as Latin-1 text) and yields what `decode` makes of each frame, in order. The frames of one read are
 * yielded before the next read, so nothing waits on later bytes. Frames without `data:` are not
 * dispatched (SSE semantics). A frame the bytes end inside throws {@link SseTruncatedError}. A
 * body that holds no frame but a JSON document (an error answered with HTTP 200) throws what
 * `decode` throws for it as one frame, or `SseNotEventStreamError` (see `document-body.ts`). A
 * `Response` that is not `ok` is not read as SSE: its (bounded) body is thrown as an
 * `HttpStatusError` with its status. When the consumer stops early, or `decode` says
 * {@link SSE_STOP}, the body is cancelled.
 */
export async function* decodeSseStream<T>(
  body: SseBody,
  decode: SseFrameDecoder<T>,
  options: DecodeSseOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const batch of decodeSseBatches(body, decode, options)) yield* batch;
}

/**
 * {@link decodeSseStream} one read at a time: each step is the (non-empty) array of what `decode`
 * made of the frames that read completed, so a consumer maps them without a generator hop per
 * frame. The array is the consumer's to keep. A frame whose `decode` throws ends the stream: the
 * frames before it in the same read are yielded first, then the error is thrown.
 */
export async function* decodeSseBatches<T>(
  body: SseBody,
  decode: SseFrameDecoder<T>,
  options: DecodeSseOptions = {},
): AsyncGenerator<T[], void, undefined> {
  // An HTTP error answer is an error document, not events: the run fails with what it says.
  if (isErrorResponse(body)) throw await httpStatusError(body, options.signal);
  // The parser's own message objects are the frames (`{ id, event, data }`): no copy per frame.
  const frames: SseFrame[] = [];
  const maxFrameLength = options.maxFrameLength ?? DEFAULT_MAX_FRAME_LENGTH;
  let tooLarge = false;
  const parser = createParser({
    onEvent: (message) => frames.push(message),
    maxBufferSize: maxFrameLength,
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") tooLarge = true;
    },
  });
  // The stream's one leading BOM is stripped below, not by the parser: eventsource-parser also
  // strips U+00EF U+00BB U+00BF (a BOM's bytes read as Latin-1), which in decoded text are the
  // start of a field name, and a body of just a BOM would otherwise end "mid-line". Feeding it a
  // BOM first ends its own check.
  parser.feed("\uFEFF");
  let atStart = true;
  const fields = options.fieldFrames !== undefined && options.fieldFrames.length > 0 ? createFieldLineRewriter(options.fieldFrames) : undefined;
  const source = openBytes(body);
  const { signal } = options;
  const onAbort = (): void => source.cancel();
  if (signal?.aborted === true) source.cancel();
  signal?.addEventListener("abort", onAbort, { once: true });
  const utf8 = createUtf8Reads();
  // A body that never frames an event may be a document (an error object sent with HTTP 200).
  const head = createDocumentHead();
  let finished = false;
  // The last character fed: bytes that stop mid-line (not after a line end) were cut.
  let last = "";
  const feed = (decoded: string): void => {
    let start = decoded;
    if (atStart) {
      if (start === "") return;
      atStart = false;
      if (start.charCodeAt(0) === 0xfeff) start = start.slice(1);
    }
    const text = fields === undefined ? start : fields.push(start);
    if (text === "" || tooLarge) return;
    head.add(text);
    last = text.charAt(text.length - 1);
    parser.feed(text);
  };
  try {
    for (;;) {
      const step = await source.next();
      if (step.done === true) break;
      const value = step.value;
      if (typeof value === "string") feed(value);
      else utf8.decode(value, feed);
      if (frames.length === 0) {
        if (tooLarge) throw new SseFrameTooLargeError(maxFrameLength);
        continue;
      }
      head.framed();
      const batch = decodeAll(frames, decode, undefined);
      frames.length = 0;
      if (batch.out.length > 0) yield batch.out;
      if (batch.error !== undefined) throw batch.error.value;
      if (batch.stopped) return;
      if (tooLarge) throw new SseFrameTooLargeError(maxFrameLength);
    }
    const tail = fields === undefined ? utf8.flush() : fields.push(utf8.flush()) + fields.flush();
    if (tail !== "") {
      last = tail.charAt(tail.length - 1);
      parser.feed(tail);
    }
    const cutMidLine = last !== "" && last !== "\n" && last !== "\r";
    // Any frame the end-of-stream terminator dispatches was not terminated by the server.
    parser.feed("\n\n");
    if (frames.length === 0) {
      const documentError = head.documentError(decode);
      if (documentError !== undefined) throw documentError;
    }
    if (cutMidLine && frames.length === 0) throw new SseTruncatedError();
    const batch = decodeAll(frames, decode, (frame) => options.acceptUnterminated?.(frame) === true);
    if (batch.out.length > 0) yield batch.out;
    if (batch.error !== undefined) throw batch.error.value;
    finished = true;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!finished) source.cancel();
  }
}

/** What {@link decodeAll} made of one read's frames. */
interface DecodedBatch<T> {
  out: T[];
  stopped: boolean;
  /** What a `decode` (or a refused unterminated frame) threw; nothing after it was decoded. */
  error?: { value: unknown } | undefined;
}

/** Decodes frames in order until one says stop or throws; `accept` refuses a frame with a truncation. */
function decodeAll<T>(frames: readonly SseFrame[], decode: SseFrameDecoder<T>, accept: ((frame: SseFrame) => boolean) | undefined): DecodedBatch<T> {
  const out: T[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i] as SseFrame;
    let decoded: T | typeof SSE_SKIP | typeof SSE_STOP;
    try {
      if (accept !== undefined && !accept(frame)) throw new SseTruncatedError();
      decoded = decode(frame);
    } catch (error) {
      return { out, stopped: false, error: { value: error } };
    }
    if (decoded === SSE_SKIP) continue;
    if (decoded === SSE_STOP) return { out, stopped: true };
    out.push(decoded);
  }
  return { out, stopped: false };
}

/** The SSE stream as chunks, one at a time through the async iterator or a read at a time in batches. */
function batchedSse<T>(body: SseBody, decode: SseFrameDecoder<T>, options: DecodeSseOptions): BatchedChunks<T> {
  return {
    [Symbol.asyncIterator]: () => decodeSseStream(body, decode, options),
    [CHUNK_BATCHES]: () => decodeSseBatches(body, decode, options),
  };
}

/**
 * A `driveRun` source over SSE bytes, decoded with {@link decodeSseStream}. A function source is
 * opened with the run's signal (so aborting the run aborts the request it opened, and cancels the
 * body at once); bytes given as they are are cancelled at once when `options.signal` (the run's
 * outer signal) aborts.
 */
export function sseChunkSource<T>(
  source: SseSource,
  decode: SseFrameDecoder<T>,
  options: DecodeSseOptions = {},
): AsyncIterable<T> | ((signal: AbortSignal) => Promise<AsyncIterable<T>>) {
  if (typeof source !== "function") return batchedSse(source, decode, options);
  return async (signal) => batchedSse(await source(signal), decode, { ...options, signal });
}

/** A fetch `Response` (duck-typed: polyfilled and cross-realm responses count too). */
function isResponse(body: SseBody): body is Response {
  return "headers" in body && "body" in body && typeof (body as Response).arrayBuffer === "function";
}

/** A pull source over any {@link SseBody}. */
interface ByteSource {
  next(): Promise<IteratorResult<Uint8Array | string>>;
  /** Releases the body (idempotent, never throws). */
  cancel(): void;
}

function openBytes(body: SseBody): ByteSource {
  const stream = isResponse(body) ? body.body : body;
  if (stream === null) throw new Error("The response has no body to read.");
  if (typeof (stream as ReadableStream<Uint8Array>).getReader === "function") {
    const reader = (stream as ReadableStream<Uint8Array>).getReader();
    let cancelled = false;
    return {
      next: () => (reader.read() as Promise<IteratorResult<Uint8Array>>).catch(bodyReadFailed),
      cancel: () => {
        if (cancelled) return;
        cancelled = true;
        reader.cancel().catch(() => undefined);
      },
    };
  }
  const iterator = (stream as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  let cancelled = false;
  return {
    next: () => Promise.resolve(iterator.next()).catch(bodyReadFailed),
    cancel: () => {
      if (cancelled) return;
      cancelled = true;
      releaseIterator(iterator);
    },
  };
}
