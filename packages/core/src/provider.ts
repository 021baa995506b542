import type { ProviderCheckResult } from "./provider-check.js";
import type { Event } from "./types/events.js";
import type { RunAgentInput } from "./types/input.js";
import type { WarningHandler } from "./warnings.js";

/** Per-call options of {@link Provider.stream}. */
export interface ProviderStreamOptions {
  /** Aborting ends the run with the cancelled outcome and releases the provider request. */
  signal?: AbortSignal;
  /**
   * Told about this stream's warnings (request conversion, stream and usage warnings: the same
   * ones the provider's own `onWarning` hears), in addition to the provider's own handler. A
   * handler that throws is ignored; warnings never change the events.
   */
  onWarning?: WarningHandler;
}

/**
 * One provider behind one AG-UI event stream. Every adapter package exports a factory returning
 * this, so an application swaps providers by swapping one value.
 */
export interface Provider {
  /** Lowercase id, e.g. `openai-responses`, `anthropic`, `google`. */
  readonly id: string;
  /**
   * Runs `input` on the provider and yields the run as AG-UI events: RUN_STARTED first, exactly
   * one terminal event last. Never throws; failures arrive as RUN_ERROR.
   */
  stream(input: RunAgentInput, options?: ProviderStreamOptions): AsyncIterable<Event>;
  /**
   * Reports configuration problems without sending a request: an empty model, a client that
   * visibly holds no credentials. The same for every provider of this library.
   */
  check?(): ProviderCheckResult;
}
