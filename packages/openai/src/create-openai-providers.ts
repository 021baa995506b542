import type { Event, Provider, RunAgentInput } from "@agui-bridge/core";
import { clientSecrets, providerRunOptions } from "@agui-bridge/core";
import type OpenAI from "openai";
import { toChatCompletionsRequest, type ChatCompletionsRequestOptions } from "./convert-to-chat-completions-request.js";
import { toResponsesRequest, type ResponsesRequestOptions } from "./convert-to-responses-request.js";
import { runChatCompletions } from "./stream-chat-completions.js";
import { streamChatCompletionsFromResponse } from "./stream-chat-completions-from-response.js";
import { runResponses } from "./stream-responses.js";
import { streamResponsesFromResponse } from "./stream-responses-from-response.js";

/** Stream options a provider factory accepts (everything but what each call brings). */
export type { ProviderRunOptions } from "@agui-bridge/core";
import type { ProviderRunOptions } from "@agui-bridge/core";

/** Options of {@link createOpenAIChatProvider}. */
export interface OpenAIChatProviderOptions extends ProviderRunOptions {
  /** An `OpenAI` client (or any client with the same `chat.completions.create`). */
  client: Pick<OpenAI, "chat">;
  model: string;
  /** Extra request parameters merged into every request. */
  params?: ChatCompletionsRequestOptions["params"];
  /**
   * The raw-bytes path: the request still goes through `client` (auth, retries, HTTP errors), but
   * its SSE body is read with `.asResponse()` and parsed by {@link streamChatCompletionsFromResponse}
   * instead of the SDK's stream (same output, less per-chunk work; `[DONE]` seen).
   */
  fast?: boolean;
}

/** Options of {@link createOpenAIResponsesProvider}. */
export interface OpenAIResponsesProviderOptions extends ProviderRunOptions {
  /** An `OpenAI` client (or any client with the same `responses.create`). */
  client: Pick<OpenAI, "responses">;
  model: string;
  /** Extra request parameters merged into every request (e.g. `reasoning`, `store: false`). */
  params?: ResponsesRequestOptions["params"];
  /**
   * The raw-bytes path: the request still goes through `client`, but its SSE body is read with
   * `.asResponse()` and parsed by {@link streamResponsesFromResponse} instead of the SDK's stream.
   */
  fast?: boolean;
}

/**
 * A {@link Provider} over Chat Completions (id `openai-chat`): builds the params from the run
 * input, calls `client.chat.completions.create` with `stream: true` and
 * `stream_options.include_usage` and the run's abort signal, and maps the stream. A failure
 * opening the request (HTTP error, network) ends the run with RUN_ERROR.
 */
export function createOpenAIChatProvider(options: OpenAIChatProviderOptions): Provider {
  return {
    id: "openai-chat",
    stream(input: RunAgentInput, call = {}): AsyncIterable<Event> {
      const create = (signal: AbortSignal) => {
        const { params } = toChatCompletionsRequest(input, requestOptions(options));
        return options.client.chat.completions.create(params, { signal });
      };
      const streamOptions = { ...runOptions(options), model: options.model, input, ...(call.signal !== undefined && { signal: call.signal }) };
      if (options.fast === true) return streamChatCompletionsFromResponse((signal) => create(signal).asResponse(), streamOptions);
      return runChatCompletions(async (signal) => create(signal), streamOptions);
    },
  };
}

/**
 * A {@link Provider} over the Responses API (id `openai-responses`): builds the params from the
 * run input (reasoning items and `include: ["reasoning.encrypted_content"]` for stateless
 * continuation), calls `client.responses.create` with `stream: true` and the run's abort
 * signal, and maps the stream. A failure opening the request ends the run with RUN_ERROR.
 */
export function createOpenAIResponsesProvider(options: OpenAIResponsesProviderOptions): Provider {
  return {
    id: "openai-responses",
    stream(input: RunAgentInput, call = {}): AsyncIterable<Event> {
      const create = (signal: AbortSignal) => {
        const { params } = toResponsesRequest(input, requestOptions(options));
        return options.client.responses.create(params, { signal });
      };
      const streamOptions = { ...runOptions(options), model: options.model, input, ...(call.signal !== undefined && { signal: call.signal }) };
      if (options.fast === true) return streamResponsesFromResponse((signal) => create(signal).asResponse(), streamOptions);
      return runResponses(async (signal) => create(signal), streamOptions);
    },
  };
}

function requestOptions<P>(options: { model: string; params?: P } & ProviderRunOptions): {
  model: string;
  params?: P;
  onWarning?: ProviderRunOptions["onWarning"];
} {
  return {
    model: options.model,
    ...(options.params !== undefined && { params: options.params }),
    ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
  };
}

function runOptions(options: ProviderRunOptions & { client: unknown }): ProviderRunOptions & { secrets: string[] } {
  return {
    // The client's own key never reaches a RUN_ERROR message, even when the server echoes it.
    secrets: clientSecrets(options.client),
    ...providerRunOptions(options),
  };
}
