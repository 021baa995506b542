import { driveRun, runLevelOptions, sseChunkSource, type AdapterStreamOptions, type Event, type SseSource } from "@agui-bridge/core/adapter";
import { providerLabel, withRetry } from "@agui-bridge/core/adapter";
import { decodeAnthropicFrame } from "./decode-anthropic-frame.js";
import { createMessagesMapper } from "./stream/messages-stream-mapper.js";

/**
 * The raw-bytes path of {@link streamMessages}: reads a Messages SSE body itself (`event:` +
 * `data:` frames, `JSON.parse`) instead of through the SDK's stream, and maps it with the same
 * mapper. Keep the SDK for the request and hand over its unparsed response:
 *
 * ```ts
 * const response = await client.messages.create({ ...params, stream: true }).asResponse();
 * for await (const event of streamMessagesFromResponse(response)) send(event);
 * ```
 *
 * `body` is a fetch `Response`, its body stream, any async iterable of byte chunks, or a function
 * opening one with the run's abort signal. The output equals the SDK path's; bytes that end inside
 * a frame give RUN_ERROR `stream_truncated`. Never throws.
 */
export function streamMessagesFromResponse(body: SseSource, options: AdapterStreamOptions = {}): AsyncGenerator<Event, void, undefined> {
  return driveRun<unknown>({
    source: withRetry(sseChunkSource(body, decodeAnthropicFrame, options.signal === undefined ? {} : { signal: options.signal }), options.retry),
    provider: providerLabel(options.provider, "anthropic"),
    createMapper: (run) => createMessagesMapper(run, options),
    ...runLevelOptions(options),
  });
}
