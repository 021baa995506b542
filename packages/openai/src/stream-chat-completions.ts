import { driveRun, type ChunkSource, type Event } from "@agui-bridge/core/adapter";
import { createChatCompletionsMapper } from "./chat-stream/chat-completions-stream-mapper.js";
import type { ChatStreamOptions } from "./chat-stream/chat-stream-state.js";
import { driveOptions } from "./drive-options.js";
import { providerLabel } from "./provider-label.js";

export type { ChatStreamOptions } from "./chat-stream/chat-stream-state.js";

/**
 * Turns a Chat Completions stream (the `Stream<ChatCompletionChunk>` that
 * `client.chat.completions.create({ ..., stream: true })` resolves to, or any async iterable of
 * chunk objects) into one AG-UI run: RUN_STARTED, text / refusal / reasoning / tool call events,
 * and exactly one terminal event carrying usage and the finish reason. Never throws: an error
 * frame, a malformed chunk or a failing iterator ends the run with RUN_ERROR; an abort through
 * `options.signal` gives the cancelled outcome and releases the stream.
 */
export function streamChatCompletions(
  chunks: AsyncIterable<unknown>,
  options: ChatStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  return runChatCompletions(chunks, options);
}

/** Like {@link streamChatCompletions}, with a source that may open the request itself. */
export function runChatCompletions(
  source: ChunkSource<unknown>,
  options: ChatStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  return driveRun<unknown>({
    source,
    createMapper: (run) => createChatCompletionsMapper(run, options),
    provider: providerLabel(options),
    ...driveOptions(options),
  });
}
