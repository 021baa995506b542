import { driveRun, runLevelOptions, sseChunkSource, type AdapterStreamOptions, type Event, type SseSource } from "@agui-bridge/core/adapter";
import { providerLabel, withRetry } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "./constants.js";
import { decodeGoogleFrame } from "./decode-google-frame.js";
import { createGenerateContentMapper } from "./generate-content-stream-mapper.js";

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
 * opening one with the run's abort signal. The output equals the SDK path's; bytes that end inside
 * a frame give RUN_ERROR `stream_truncated`. Never throws.
 */
export function streamGenerateContentFromResponse(
  body: SseSource,
  options: AdapterStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  return driveRun<unknown>({
    source: withRetry(sseChunkSource(body, decodeGoogleFrame, options.signal === undefined ? {} : { signal: options.signal }), options.retry),
    createMapper: (run) => createGenerateContentMapper(run, options),
    provider: providerLabel(options.provider, GOOGLE_PROVIDER),
    ...runLevelOptions(options),
  });
}
