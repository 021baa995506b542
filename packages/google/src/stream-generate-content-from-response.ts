import { driveRun, runLevelOptions, sseChunkSource, type AdapterStreamOptions, type Event, type SseBody, type SseFrame, type SseSource } from "@agui-bridge/core/adapter";
import { providerLabel, withRetry } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "./constants.js";
import { decodeGoogleFrame } from "./decode-google-frame.js";
import { toGeminiApiResponseShape } from "./gemini-api-response-shape.js";
import { openOkBody } from "./google-http-error.js";
import { createGenerateContentMapper } from "./stream/generate-content-stream-mapper.js";
import { continueLongDecode } from "./long-decode-hops.js";

/** Options for {@link streamGenerateContentFromResponse}. */
export interface GenerateContentFromResponseOptions extends AdapterStreamOptions {
  /**
   * The body comes from Vertex AI (`GoogleGenAI({ vertexai: true })`), whose chunks the SDK passes
   * on whole; otherwise they are read as the SDK reads a Gemini API chunk (`finishMessage`
   * dropped, `citationMetadata.citationSources` renamed `citations`). Default: true when
   * `provider` is `google-vertex`.
   */
  vertexai?: boolean;
  /**
   * Gemini's long decode: opens the next hop of an answer that stopped at the per-request output
   * limit (`finishReason: CONTINUATION`), i.e. the same request with `config.continuationToken`
   * set to `token`. The hops then stream as one answer, as with the SDK's automatic continuation
   * (`createGoogleProvider({ fast: true })` sets it). Without it the run ends `length` with the
   * token in `finishDetails.continuationToken`.
   */
  continueWith?: (token: string, signal: AbortSignal) => SseBody | Promise<SseBody>;
}

/**
 * The raw-bytes path of {@link streamGenerateContent}: reads a Gemini
 * `streamGenerateContent?alt=sse` body itself (`data:` frames, `JSON.parse`) instead of through
 * `@google/genai`'s stream, and maps it with the same mapper. Keep the SDK for the request with
 * {@link openGenerateContentResponse}:
 *
 * ```ts
 * const response = await openGenerateContentResponse(ai, { model, contents, config });
 * for await (const event of streamGenerateContentFromResponse(response)) send(event);
 * ```
 *
 * `body` is a fetch `Response`, its body stream, any async iterable of byte chunks, or a function
 * opening one with the run's abort signal. The output equals the SDK path's (a Gemini API chunk is
 * given the shape the SDK gives it; set `vertexai` for a Vertex AI body); a `Response` with an
 * HTTP error status is read as the SDK reads it (RUN_ERROR with the status as code, e.g. `"400"`);
 * bytes that end inside a frame give RUN_ERROR `stream_truncated`. Never throws.
 */
export function streamGenerateContentFromResponse(
  body: SseSource,
  options: GenerateContentFromResponseOptions = {},
): AsyncGenerator<Event, void, undefined> {
  const provider = providerLabel(options.provider, GOOGLE_PROVIDER);
  const vertexai = options.vertexai ?? provider === "google-vertex";
  const decode = vertexai ? decodeGoogleFrame : (frame: SseFrame): unknown => toGeminiApiResponseShape(decodeGoogleFrame(frame));
  const open = (source: SseSource): ReturnType<typeof sseChunkSource<unknown>> =>
    sseChunkSource(openOkBody(source), decode, options.signal === undefined ? {} : { signal: options.signal });
  // Opened with the run's signal (a plain body is an iterable already).
  const hop = (source: SseSource) => async (signal: AbortSignal): Promise<AsyncIterable<unknown>> => {
    const opened = open(source);
    return typeof opened === "function" ? opened(signal) : opened;
  };
  const { continueWith } = options;
  const source =
    continueWith === undefined
      ? open(body)
      : async (signal: AbortSignal) => continueLongDecode(await hop(body)(signal), (token) => hop((next) => continueWith(token, next))(signal));
  return driveRun<unknown>({
    // Only a body opened by a function can be opened again: a Response or stream is read once.
    source: typeof body === "function" ? withRetry(source, options.retry) : source,
    createMapper: (run) => createGenerateContentMapper(run, options),
    provider,
    ...runLevelOptions(options),
  });
}
