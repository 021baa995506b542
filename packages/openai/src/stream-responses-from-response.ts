import { driveRun, sseChunkSource, type Event, type SseSource } from "@agui-bridge/core/adapter";
import { withRetry } from "@agui-bridge/core/adapter";
import { providerLabel } from "./provider-label.js";
import { createOpenAIFrameDecoder } from "./decode-openai-frame.js";
import { driveOptions } from "./drive-options.js";
import { createResponsesMapper } from "./responses-stream/responses-stream-mapper.js";
import type { ResponsesStreamOptions } from "./responses-stream/responses-stream-state.js";

/**
 * The raw-bytes path of {@link streamResponses}: reads a Responses SSE body itself (`event:` +
 * `data:` frames, `JSON.parse`) instead of through the SDK's stream, and maps it with the same
 * mapper. Keep the SDK for the request and hand over its unparsed response:
 *
 * ```ts
 * const response = await client.responses.create({ ...params, stream: true }).asResponse();
 * for await (const event of streamResponsesFromResponse(response)) send(event);
 * ```
 *
 * `body` is a fetch `Response`, its body stream, any async iterable of byte chunks, or a function
 * opening one with the run's abort signal. The output equals the SDK path's; bytes that end inside
 * a frame give RUN_ERROR `stream_truncated`. Never throws.
 */
export function streamResponsesFromResponse(
  body: SseSource,
  options: ResponsesStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  const frames = createOpenAIFrameDecoder();
  return driveRun<unknown>({
    source: withRetry(sseChunkSource(body, frames.decode, options.signal === undefined ? {} : { signal: options.signal }), options.retry),
    createMapper: (run) => createResponsesMapper(run, options),
    provider: providerLabel(options),
    ...driveOptions(options),
  });
}
