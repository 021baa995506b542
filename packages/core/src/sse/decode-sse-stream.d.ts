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
export declare const SSE_SKIP: unique symbol;
/** Returned by a frame decoder: the stream's end marker (`[DONE]`); nothing after it is read. */
export declare const SSE_STOP: unique symbol;
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
}
/** The message of {@link SseTruncatedError}. */
export declare const TRUNCATED_FRAME_MESSAGE = "The stream ended inside a frame: the response was cut short.";
/** Thrown when the bytes end inside a frame; the driver reports it as RUN_ERROR `stream_truncated`. */
export declare class SseTruncatedError extends Error {
    readonly name = "SseTruncatedError";
    readonly code = "stream_truncated";
    constructor();
}
/**
 * Reads SSE bytes frame by frame (the WHATWG event-stream grammar, through `eventsource-parser`:
 * `\n`, `\r\n` and `\r` line ends, comments, multi-line `data:`, a leading BOM, `event:` / `id:` /
 * `retry:`) and yields what `decode` makes of each frame, in order. The frames of one read are
 * yielded before the next read, so nothing waits on later bytes. Frames without `data:` are not
 * dispatched (SSE semantics). A frame the bytes end inside throws {@link SseTruncatedError}. A
 * `Response` that is not `ok` is not read as SSE: its (bounded) body is thrown as an
 * `HttpStatusError` with its status. When the consumer stops early, or `decode` says
 * {@link SSE_STOP}, the body is cancelled.
 */
export declare function decodeSseStream<T>(body: SseBody, decode: SseFrameDecoder<T>, options?: DecodeSseOptions): AsyncGenerator<T, void, undefined>;
/**
 * {@link decodeSseStream} one read at a time: each step is the (non-empty) array of what `decode`
 * made of the frames that read completed, so a consumer maps them without a generator hop per
 * frame. The array is the consumer's to keep. A frame whose `decode` throws ends the stream: the
 * frames before it in the same read are yielded first, then the error is thrown.
 */
export declare function decodeSseBatches<T>(body: SseBody, decode: SseFrameDecoder<T>, options?: DecodeSseOptions): AsyncGenerator<T[], void, undefined>;
/**
 * A `driveRun` source over SSE bytes, decoded with {@link decodeSseStream}. A function source is
 * opened with the run's signal (so aborting the run aborts the request it opened, and cancels the
 * body at once); bytes given as they are are cancelled at once when `options.signal` (the run's
 * outer signal) aborts.
 */
export declare function sseChunkSource<T>(source: SseSource, decode: SseFrameDecoder<T>, options?: DecodeSseOptions): AsyncIterable<T> | ((signal: AbortSignal) => Promise<AsyncIterable<T>>);
