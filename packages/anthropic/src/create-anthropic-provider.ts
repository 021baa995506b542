import type { AdapterStreamOptions, BridgeWarning, Event, Provider, ProviderStreamOptions, RunAgentInput } from "@agui-bridge/core/adapter";
import { clientSecrets, prepareProvider, providerInputOptions, providerLabel, providerRunOptions, retryingSource, withStreamWarnings, type ProviderReliabilityOptions } from "@agui-bridge/core/adapter";
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import { describeAnthropicError } from "./describe-anthropic-error.js";
import { withCacheBreakpoints, type PromptCachingOptions } from "./request/prompt-caching.js";
import { toMessagesRequest, type MessagesRequestParams } from "./request/convert-to-messages-request.js";
import { otherModelThinkingIds, thinkingAllowed, thinkingBudgeted, thinkingRequested } from "./thinking-rule.js";
import { dropPrefillThinking } from "./request/prefill-thinking.js";
import { runMessagesStream } from "./stream-messages.js";
import { streamMessagesFromResponse } from "./stream-messages-from-response.js";
import { requestContainer } from "./code-execution-container.js";

/**
 * What a streaming `messages.create` call returns, described by shape (the SDK's
 * `APIPromise<Stream<…>>` fits without naming either class): an async iterable of stream events,
 * or a promise of one (each event is narrowed by the mapper), and `asResponse()`, the unparsed HTTP
 * response, which only the raw-bytes path (`fast: true`) calls; a client without it fails that path
 * with RUN_ERROR.
 */
export type AnthropicStreamingCall = (PromiseLike<AsyncIterable<unknown>> | AsyncIterable<unknown>) & {
  asResponse?(): Promise<Response>;
};

/**
 * The part of an Anthropic client the provider calls: `messages.create(body, { signal, maxRetries })`
 * with `stream: true`. Any structurally compatible client fits: `new Anthropic()`,
 * `AnthropicBedrock`, `AnthropicVertex`, a client from another installed copy of the SDK, or a plain
 * object. Credentials are read from it when present (`apiKey`, `authToken`, `_options`) to keep
 * them out of errors.
 */
export interface AnthropicMessagesClient {
  messages: {
    create(
      body: MessageCreateParamsStreaming,
      options?: { signal?: AbortSignal | null; maxRetries?: number },
    ): AnthropicStreamingCall;
  };
}

/** Options for {@link createAnthropicProvider}. */
export interface AnthropicProviderOptions
  extends Pick<AdapterStreamOptions, "generateId" | "now" | "emitRawEvents" | "onWarning" | "echoInput" | "provider">,
    ProviderReliabilityOptions {
  /** An `Anthropic`, `AnthropicBedrock` or `AnthropicVertex` client (pass `provider` to label the platform). */
  client: AnthropicMessagesClient;
  /** The model every request uses. */
  model: MessageCreateParamsStreaming["model"];
  /** `max_tokens` of every request. */
  maxTokens: number;
  /**
   * Extra request fields (thinking, temperature, tool_choice, server tools, …). Converted input wins
   * for `messages`; `system` and `tools` are combined (these first, then the converted ones).
   */
  params?: Partial<Omit<MessageCreateParamsStreaming, "model" | "max_tokens" | "stream" | "messages">>;
  /**
   * The raw-bytes path: the request still goes through `client` (auth, retries, HTTP errors), but
   * its SSE body is read with the SDK's `.asResponse()` and parsed by
   * {@link streamMessagesFromResponse} instead of the SDK's stream (same output, less per-event
   * work). Needs a client whose `messages.create` result has `asResponse()` (the SDK's `APIPromise`).
   */
  fast?: boolean;
  /**
   * Prompt caching, off by default: `true` (or `{ ttl }`) adds `cache_control` breakpoints to every
   * request on the last tool (of `params.tools` and the run's tools), the last system block and
   * the last two user turns, up to the API's 4 with those already in `params`
   * ({@link withCacheBreakpoints}).
   */
  promptCaching?: boolean | PromptCachingOptions;
}

/**
 * A {@link Provider} backed by Anthropic Messages: converts the run input with
 * {@link toMessagesRequest}, calls `client.messages.create({ ...params, stream: true }, { signal })`
 * and maps the stream with the core run machinery. Failures opening the request become RUN_ERROR;
 * aborting the signal ends the run cancelled and aborts the HTTP request.
 */
export function createAnthropicProvider(factoryOptions: AnthropicProviderOptions): Provider {
  const check = prepareProvider("anthropic", factoryOptions); // reliability: model and credentials checked at creation
  return {
    id: "anthropic",
    check,
    stream(input: RunAgentInput, streamOptions: ProviderStreamOptions = {}): AsyncIterable<Event> {
      // Every warning of this stream goes to the factory's onWarning and the call's.
      const options = withStreamWarnings(factoryOptions, streamOptions);
      // Converting inside the source: anything thrown there becomes RUN_ERROR, never an exception.
      const open = async (signal: AbortSignal): Promise<AsyncIterable<unknown>> => {
        const { params: converted, warnings } = toMessagesRequest(input, {
          ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
          ...(options.provider !== undefined && { provider: options.provider }),
          model: options.model,
        });
        return options.client.messages.create(buildBody(options, converted, input, warnings), { signal, maxRetries: 0 });
      };
      const runOptions = {
        // The client's credentials (API key, auth token, auth headers) never reach a RUN_ERROR, even
        // when the server echoes them; read when the error is written.
        secrets: () => clientSecrets(options.client),
        ...(streamOptions.signal !== undefined && { signal: streamOptions.signal }),
        ...providerRunOptions(options),
        ...providerInputOptions(input), // invalid input is not echoed; the converter rejects it
      };
      const retry = { policy: options.retry, describe: describeAnthropicError };
      if (options.fast === true) return streamMessagesFromResponse((signal) => openResponse(options, input, signal), { ...runOptions, retry });
      return runMessagesStream(retryingSource(open, retry), runOptions);
    },
  };
}

/** The request through the SDK, its body unparsed (`APIPromise.asResponse()`), for the raw-bytes path. */
function openResponse(options: AnthropicProviderOptions, input: RunAgentInput, signal: AbortSignal): Promise<Response> {
  const { params: converted, warnings } = toMessagesRequest(input, {
    ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
    ...(options.provider !== undefined && { provider: options.provider }),
    model: options.model,
  });
  // Retries are the factory's policy (the `retry` option), the same on both paths.
  const pending = options.client.messages.create(buildBody(options, converted, input, warnings), { signal, maxRetries: 0 });
  if (typeof pending.asResponse !== "function") {
    throw new Error("fast: true needs the Anthropic SDK client (messages.create must return an APIPromise with asResponse())");
  }
  return pending.asResponse();
}

function buildBody(options: AnthropicProviderOptions, converted: MessagesRequestParams, input: RunAgentInput, warnings: readonly BridgeWarning[]): MessageCreateParamsStreaming {
  const { thinking, ...rest } = options.params ?? {};
  // Anthropic's rule for thinking in a tool loop another provider (or another model) started (see thinking-rule.ts).
  const allowed = () => thinkingAllowed(converted.messages, input.messages, providerLabel(options.provider, "anthropic"), options.onWarning, otherModelThinkingIds(warnings), thinkingBudgeted(thinking));
  const keepThinking = thinking !== undefined && (!thinkingRequested(thinking) || allowed());
  const extra = { ...rest, ...(keepThinking && { thinking }) } as typeof rest;
  const system = [...asBlocks(extra.system), ...asBlocks(converted.system)];
  const tools = [...(extra.tools ?? []), ...(converted.tools ?? [])];
  const container = requestContainer(extra.container, typeof converted.container === "string" ? converted.container : undefined);
  const thinkingOn = keepThinking && thinkingRequested(thinking);
  const body: MessageCreateParamsStreaming = {
    ...extra,
    messages: thinkingOn ? converted.messages : dropPrefillThinking(converted.messages, options.onWarning),
    ...(system.length > 0 && { system }),
    ...(tools.length > 0 && { tools }),
    // The container the request's programmatic tool calls wait in, unless `params` names one.
    ...(container !== undefined && container !== null && { container: container as MessageCreateParamsStreaming["container"] }),
    model: options.model,
    max_tokens: options.maxTokens,
    stream: true,
  };
  const caching = options.promptCaching;
  return caching === undefined || caching === false ? body : withCacheBreakpoints(body, caching === true ? {} : caching);
}

function asBlocks(system: MessagesRequestParams["system"]): Array<{ type: "text"; text: string }> {
  if (system === undefined) return [];
  if (typeof system === "string") return system === "" ? [] : [{ type: "text", text: system }];
  return system;
}
