import { driveRun, type ChunkSource, type Event } from "@agui-bridge/core/adapter";
import { driveOptions } from "./drive-options.js";
import { providerLabel } from "./provider-label.js";
import { createResponsesMapper } from "./responses-stream/responses-stream-mapper.js";
import type { ResponsesStreamOptions } from "./responses-stream/responses-stream-state.js";

export type { ResponsesStreamOptions } from "./responses-stream/responses-stream-state.js";

/**
 * Turns a Responses stream (the `Stream<ResponseStreamEvent>` that
 * `client.responses.create({ ..., stream: true })` resolves to, or any async iterable of event
 * objects) into one AG-UI run: messages, refusals and annotations, reasoning (summaries, reasoning
 * text, encrypted content), function / custom tool calls, provider-run tools with their results,
 * and exactly one terminal event with usage per response. Several responses back to back (an
 * agent loop recorded as one stream) make one run. Never throws: `response.failed`, an error
 * frame, a malformed event or a failing iterator end the run with RUN_ERROR; an abort through
 * `options.signal` gives the cancelled outcome and releases the stream.
 */
export function streamResponses(
  events: AsyncIterable<unknown>,
  options: ResponsesStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  return runResponses(events, options);
}

/** Like {@link streamResponses}, with a source that may open the request itself. */
export function runResponses(
  source: ChunkSource<unknown>,
  options: ResponsesStreamOptions = {},
): AsyncGenerator<Event, void, undefined> {
  return driveRun<unknown>({
    source,
    createMapper: (run) => createResponsesMapper(run, options),
    provider: providerLabel(options),
    ...driveOptions(options),
  });
}
