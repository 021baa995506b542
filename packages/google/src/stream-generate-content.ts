import { driveRun, providerLabel, runLevelOptions, type AdapterStreamOptions, type ChunkSource, type Event } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "./constants.js";
import { createGenerateContentMapper } from "./stream/generate-content-stream-mapper.js";

/**
 * Maps a `@google/genai` `generateContentStream` (its `GenerateContentResponse` chunks, or any
 * iterable of the same objects, e.g. parsed JSONL) to an AG-UI 1.0 event stream: RUN_STARTED, the
 * mapped events (each chunk's events before the next chunk is read), and exactly one terminal
 * event. Never throws: SDK errors, malformed chunks and streams without a `finishReason` end in
 * RUN_ERROR; aborting `options.signal` ends in RUN_FINISHED with the cancelled outcome.
 *
 * `chunks` may also be a function that opens the stream with the driver's abort signal, so the
 * HTTP request is released when the run is cancelled.
 *
 * @example
 * ```ts
 * const stream = await ai.models.generateContentStream({ model, contents });
 * for await (const event of streamGenerateContent(stream)) send(event);
 * ```
 */
export function streamGenerateContent(
  chunks: ChunkSource<unknown>,
  options: AdapterStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  return driveRun<unknown>({
    source: chunks,
    createMapper: (run) => createGenerateContentMapper(run, options),
    provider: providerLabel(options.provider, GOOGLE_PROVIDER),
    ...runLevelOptions(options),
  });
}
