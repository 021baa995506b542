import type { Event, Provider, RunAgentInput } from "@agui-bridge/core/adapter";
import { clientSecrets, prepareProvider, providerInputOptions, providerRunOptions, retryingSource, withStreamWarnings, type ProviderReliabilityOptions } from "@agui-bridge/core/adapter";
import { openRawResponse, type OpenAIChatClient, type OpenAIResponsesClient } from "./client-types.js";
import { describeOpenAIError } from "./describe-openai-error.js";
import { toChatCompletionsRequest, type ChatCompletionsRequestOptions } from "./chat-request/convert-to-chat-completions-request.js";
import { toResponsesRequest, type ResponsesRequestOptions } from "./responses-request/convert-to-responses-request.js";
import { runChatCompletions } from "./stream-chat-completions.js";
import { streamChatCompletionsFromResponse } from "./stream-chat-completions-from-response.js";
import { runResponses } from "./stream-responses.js";
import type { ChatDialectOption } from "./chat-dialect.js";
import type { ProviderLabelOption } from "./provider-label.js";
import type { ThinkTagsOptions } from "./chat-stream/handle-chat-think-tags.js";
import { declaredRequestTools } from "./parallel-tool-wrapper.js";
import { streamResponsesFromResponse } from "./stream-responses-from-response.js";

/** Stream options a provider factory accepts (everything but what each call brings). */
export type { ProviderRunOptions } from "@agui-bridge/core/adapter";
import type { ProviderRunOptions } from "@agui-bridge/core/adapter";

/** Options of {@link createOpenAIChatProvider}. */
export interface OpenAIChatProviderOptions extends ProviderRunOptions, ProviderReliabilityOptions, ProviderLabelOption, ChatDialectOption {
  /** An `OpenAI` / `AzureOpenAI` client, or any object of the same shape ({@link OpenAIChatClient}). */
  client: OpenAIChatClient;
  model: string;
  /** Extra request parameters merged into every request. */
  params?: ChatCompletionsRequestOptions["params"];
  /**
   * The raw-bytes path: the request still goes through `client` (auth, retries, HTTP errors), but
   * its SSE body is read with `.asResponse()` and parsed by {@link streamChatCompletionsFromResponse}
   * instead of the SDK's stream (same output, less per-chunk work; `[DONE]` seen).
   */
  fast?: boolean;
  /** Read reasoning tags in the content as reasoning (the stream functions' `thinkTags` option, `true` or {@link ThinkTagsOptions}; default: on for the `perplexity` label, `<think>`, and the `bedrock` label, `<reasoning>`). */
  thinkTags?: boolean | ThinkTagsOptions;
}

/** Options of {@link createOpenAIResponsesProvider}. */
export interface OpenAIResponsesProviderOptions extends ProviderRunOptions, ProviderReliabilityOptions, ProviderLabelOption {
  /** An `OpenAI` / `AzureOpenAI` client, or any object of the same shape ({@link OpenAIResponsesClient}). */
  client: OpenAIResponsesClient;
  model: string;
  /** Extra request parameters merged into every request (e.g. `reasoning`, `store: false`). */
  params?: ResponsesRequestOptions["params"];
  /** Whether to ask for `reasoning.encrypted_content` (see {@link ResponsesRequestOptions.encryptedReasoning}). */
  encryptedReasoning?: boolean;
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
export function createOpenAIChatProvider(factoryOptions: OpenAIChatProviderOptions): Provider {
  const check = prepareProvider("openai-chat", factoryOptions); // reliability: model and credentials checked at creation
  return {
    id: "openai-chat",
    check,
    stream(input: RunAgentInput, call = {}): AsyncIterable<Event> {
      // Every warning of this stream goes to the factory's onWarning and the call's.
      const options = withStreamWarnings(factoryOptions, call);
      const create = (signal: AbortSignal) => {
        const { params } = toChatCompletionsRequest(input, {
          ...requestOptions(options),
          ...(options.dialect !== undefined && { dialect: options.dialect }),
        });
        return options.client.chat.completions.create(params, { signal, maxRetries: 0 });
      };
      const streamOptions = {
        ...runOptions(options),
        model: options.model,
        ...providerInputOptions(input),
        ...(call.signal !== undefined && { signal: call.signal }),
        ...(options.thinkTags !== undefined && { thinkTags: options.thinkTags }),
        // The tools the request declares, so a `multi_tool_use.parallel` wrapper call bundling them is expanded.
        declaredTools: declaredRequestTools(input.tools, options.params),
      };
      if (options.fast === true) return streamChatCompletionsFromResponse((signal) => openRawResponse(create(signal)), { ...streamOptions, retry: retryOptions(options) });
      return runChatCompletions(retryingSource(async (signal) => create(signal), retryOptions(options)), streamOptions);
    },
  };
}

/**
 * A {@link Provider} over the Responses API (id `openai-responses`): builds the params from the
 * run input (reasoning items and `include: ["reasoning.encrypted_content"]` for stateless
 * continuation), calls `client.responses.create` with `stream: true` and the run's abort
 * signal, and maps the stream. A failure opening the request ends the run with RUN_ERROR.
 */
export function createOpenAIResponsesProvider(factoryOptions: OpenAIResponsesProviderOptions): Provider {
  const check = prepareProvider("openai-responses", factoryOptions); // reliability: model and credentials checked at creation
  return {
    id: "openai-responses",
    check,
    stream(input: RunAgentInput, call = {}): AsyncIterable<Event> {
      // Every warning of this stream goes to the factory's onWarning and the call's.
      const options = withStreamWarnings(factoryOptions, call);
      const create = (signal: AbortSignal) => {
        const { params } = toResponsesRequest(input, {
          ...requestOptions(options),
          ...(options.encryptedReasoning !== undefined && { encryptedReasoning: options.encryptedReasoning }),
        });
        return options.client.responses.create(params, { signal, maxRetries: 0 });
      };
      const streamOptions = {
        ...runOptions(options),
        model: options.model,
        ...providerInputOptions(input),
        ...(call.signal !== undefined && { signal: call.signal }),
        // The tools the request declares, so a `parallel` wrapper call bundling them is expanded.
        declaredTools: declaredRequestTools(input.tools, options.params),
      };
      if (options.fast === true) return streamResponsesFromResponse((signal) => openRawResponse(create(signal)), { ...streamOptions, retry: retryOptions(options) });
      return runResponses(retryingSource(async (signal) => create(signal), retryOptions(options)), streamOptions);
    },
  };
}

function requestOptions<P>(options: { model: string; params?: P } & ProviderRunOptions & ProviderLabelOption): {
  model: string;
  params?: P;
  onWarning?: ProviderRunOptions["onWarning"];
  provider?: string;
} {
  return {
    model: options.model,
    ...(options.provider !== undefined && { provider: options.provider }),
    ...(options.params !== undefined && { params: options.params }),
    ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
  };
}

function runOptions(
  options: ProviderRunOptions & ProviderLabelOption & { client: unknown },
): ProviderRunOptions & ProviderLabelOption & { secrets: () => string[] } {
  return {
    ...(options.provider !== undefined && { provider: options.provider }),
    // The client's credentials never reach a RUN_ERROR, even when the server echoes them (read
    // when the error is written, so a key a key function resolved is covered too).
    secrets: () => clientSecrets(options.client),
    ...providerRunOptions(options),
  };
}

/** The retry policy, applied the same way for every provider (the SDK's own retries are off). */
function retryOptions(options: ProviderReliabilityOptions & { client: unknown }): Parameters<typeof retryingSource>[1] {
  return { policy: options.retry, describe: describeOpenAIError };
}
