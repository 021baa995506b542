import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";

/**
 * The per-request options a provider passes to `create`: the run's abort signal, and
 * `maxRetries: 0` (retries are the factory's `retry` policy). The SDK's `RequestOptions` accepts them.
 */
export interface OpenAIRequestOptions {
  signal?: AbortSignal | null;
  maxRetries?: number;
}

/**
 * What a streaming `create` call returns, described by shape (the SDK's `APIPromise<Stream<…>>`
 * fits without naming either class): a promise of an async iterable of chunk objects (each
 * chunk is narrowed by the mapper), and `asResponse()`, the unparsed HTTP response, which only the
 * raw-bytes path (`fast: true`) calls; a client without it fails that path with RUN_ERROR.
 */
export type OpenAIStreamingCall = PromiseLike<AsyncIterable<unknown>> & {
  asResponse?(): Promise<Response>;
};

/**
 * The part of an OpenAI client {@link createOpenAIChatProvider} calls:
 * `chat.completions.create(params, { signal, maxRetries })` with streaming params. Any
 * structurally compatible client fits: `new OpenAI()`, `new AzureOpenAI()`, a client from another
 * installed copy of `openai`, or a plain object. Credentials are read from it when present
 * (`apiKey`, `_options`) to keep them out of errors.
 */
export interface OpenAIChatClient {
  chat: {
    completions: {
      create(params: ChatCompletionCreateParamsStreaming, options?: OpenAIRequestOptions): OpenAIStreamingCall;
    };
  };
}

/**
 * The part of an OpenAI client {@link createOpenAIResponsesProvider} calls:
 * `responses.create(params, { signal, maxRetries })` with streaming params. Any structurally
 * compatible client fits (`new OpenAI()`, `new AzureOpenAI()`, another copy's client, a plain
 * object); credentials are read from it when present to keep them out of errors.
 */
export interface OpenAIResponsesClient {
  responses: {
    create(params: ResponseCreateParamsStreaming, options?: OpenAIRequestOptions): OpenAIStreamingCall;
  };
}

/**
 * The unparsed response of a streaming call, for the raw-bytes path: `asResponse()` when the
 * client offers it (the SDK's `APIPromise` does), else an error the run reports as RUN_ERROR.
 */
export function openRawResponse(call: OpenAIStreamingCall): Promise<Response> {
  if (typeof call.asResponse !== "function") {
    throw new Error("fast: true needs the OpenAI SDK client (create must return an APIPromise with asResponse())");
  }
  return call.asResponse();
}
