import { driveRun, providerLabel, runLevelOptions, type AdapterStreamOptions, type ChunkSource, type Event } from "@agui-bridge/core/adapter";
import { createMessagesMapper } from "./stream/messages-stream-mapper.js";

/**
 * Maps an Anthropic Messages stream (the `MessageStreamEvent`s of
 * `client.messages.create({ ..., stream: true })`) to one AG-UI run: RUN_STARTED, the mapped events
 * (each event's AG-UI events yielded before the next is read) and exactly one terminal event.
 * Never throws: an SDK error (an `error` frame, HTTP failure) or a malformed event becomes
 * RUN_ERROR with the usage so far; a stream without `message_stop` becomes RUN_ERROR
 * `stream_truncated`; aborting `options.signal` ends the run cancelled and releases the stream.
 */
export function streamMessages(events: AsyncIterable<unknown>, options: AdapterStreamOptions = {}): AsyncGenerator<Event, void, undefined> {
  return runMessagesStream(events, options);
}

/** Like {@link streamMessages}, but the source may be a function that opens the stream. */
export function runMessagesStream(
  source: ChunkSource<unknown>,
  options: AdapterStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  return driveRun<unknown>({
    source,
    provider: providerLabel(options.provider, "anthropic"),
    createMapper: (run) => createMessagesMapper(run, options),
    ...runLevelOptions(options),
  });
}
