import { driveRun, sseChunkSource, type Event, type SseSource } from "@agui-bridge/core/adapter";
import { withRetry } from "@agui-bridge/core/adapter";
import { providerLabel } from "./provider-label.js";
import { createChatCompletionsMapper } from "./chat-stream/chat-completions-stream-mapper.js";
import type { ChatStreamOptions } from "./chat-stream/chat-stream-state.js";
import { createOpenAIFrameDecoder } from "./decode-openai-frame.js";
import { driveOptions } from "./drive-options.js";

/**
 * The raw-bytes path of {@link streamChatCompletions}: reads a Chat Completions SSE body itself
 * (`data:` frames, `JSON.parse`) instead of through the SDK's stream, and maps it with the same
 * mapper. Keep the SDK for the request and hand over its unparsed response:
 *
 * ```ts
 * const response = await client.chat.completions.create({ ...params, stream: true }).asResponse();
 * for await (const event of streamChatCompletionsFromResponse(response)) send(event);
 * ```
 *
 * `body` is a fetch `Response`, its body stream, any async iterable of byte chunks, or a function
 * opening one with the run's abort signal. The output equals the SDK path's, with the end of the
 * stream seen more precisely: a stream that reached `data: [DONE]` is complete even when no choice
 * reported a `finish_reason`; one that ends with neither, or inside a frame, is RUN_ERROR
 * `stream_truncated`. An error chunk that reports the call's usage keeps it on RUN_ERROR (the SDK
 * throws such a chunk and its usage is lost), and a body that is a JSON error document (HTTP 200,
 * no SSE) is that error. Never throws.
 */
export function streamChatCompletionsFromResponse(
  body: SseSource,
  options: ChatStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  // An error chunk that reports usage goes to the mapper, so RUN_ERROR keeps what the call cost.
  const frames = createOpenAIFrameDecoder({ passErrorChunksWithUsage: true });
  return driveRun<unknown>({
    source: withRetry(sseChunkSource(body, frames.decode, {
      acceptUnterminated: (frame) => frame.data === "[DONE]",
      // llama.cpp's server before ggml-org/llama.cpp#16109 sends a mid-stream error as an
      // `error: {...}` line (then `data: [DONE]`): read as an `event: error` frame, not ignored.
      fieldFrames: ["error"],
      ...(options.signal !== undefined && { signal: options.signal }),
    }), options.retry),
    createMapper: (run) => {
      const mapper = createChatCompletionsMapper(run, options);
      return {
        chunk: (chunk) => mapper.chunk(chunk),
        end() {
          mapper.end();
          // [DONE] is the wire's own end marker: the content before it is complete.
          if (!run.ended && frames.done) run.finish();
        },
        ...(mapper.describeError !== undefined && { describeError: mapper.describeError }),
        ...(mapper.beforeClose !== undefined && { beforeClose: mapper.beforeClose }),
      };
    },
    provider: providerLabel(options),
    ...driveOptions(options),
  });
}
