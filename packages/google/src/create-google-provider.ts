import type { AdapterStreamOptions, Event, Provider, ProviderStreamOptions, RunAgentInput } from "@agui-bridge/core/adapter";
import { clientSecrets, prepareProvider, providerInputOptions, providerRunOptions, retryingSource, withStreamWarnings, type ProviderReliabilityOptions } from "@agui-bridge/core/adapter";
import type { GenerateContentConfig, GenerateContentParameters } from "@google/genai";
import { GOOGLE_PROVIDER } from "./constants.js";
import { describeGoogleError } from "./describe-google-error.js";
import { toGenerateContentRequest } from "./request/convert-to-generate-content-request.js";
import { openGenerateContentResponse, type FetchLike } from "./open-generate-content-response.js";
import { streamGenerateContent } from "./stream-generate-content.js";
import { streamGenerateContentFromResponse } from "./stream-generate-content-from-response.js";

/**
 * The part of a `GoogleGenAI` client the provider uses: `models.generateContentStream(params)`,
 * resolving to an async iterable of response chunks (each narrowed by the mapper; the raw-bytes
 * path also passes `config.httpOptions.fetch`), and `vertexai`, which when `true` counts as holding
 * credentials (application-default credentials). Any structurally compatible client fits: a
 * `new GoogleGenAI()` (Gemini API or Vertex AI), one from another installed copy of
 * `@google/genai`, or a plain object. Credentials are read from it when present (`apiKey`,
 * `httpOptions.headers`) to keep them out of errors.
 */
export interface GoogleGenAIClientLike {
  models: {
    generateContentStream(params: GenerateContentParameters): Promise<AsyncIterable<unknown>>;
  };
  /** `true` for a Vertex AI client (no API key needed). */
  readonly vertexai?: boolean;
}

/** Options for {@link createGoogleProvider}. */
export interface GoogleProviderOptions
  extends Pick<AdapterStreamOptions, "generateId" | "now" | "emitRawEvents" | "onWarning" | "echoInput" | "provider">,
    ProviderReliabilityOptions {
  /** The `GoogleGenAI` client (Gemini API, or Vertex AI with `provider: "google-vertex"`). */
  client: GoogleGenAIClientLike;
  /** Model id, e.g. `gemini-3-pro-preview`. */
  model: string;
  /**
   * Extra request config (thinking, temperature, built-in tools such as `codeExecution`…). Its
   * `tools` come before the run's function declarations; its `systemInstruction` parts before the
   * run's system messages. `abortSignal` is always the run's.
   */
  config?: GenerateContentConfig;
  /**
   * The raw-bytes path: the request still goes through `client` (URL, auth, request conversion,
   * HTTP errors) but its SSE body is parsed by {@link streamGenerateContentFromResponse} instead of
   * the SDK's stream (see {@link openGenerateContentResponse}; one request, no automatic continuation).
   */
  fast?: boolean;
  /** The `fetch` the raw-bytes path sends the request with (default: the global one). */
  fetch?: FetchLike;
}

/**
 * A {@link Provider} (`id: "google"`) running AG-UI input on Gemini:
 * `client.models.generateContentStream({ model, contents, config })` with the converted request,
 * mapped by {@link streamGenerateContent}. Request warnings go to `onWarning`; a failed request
 * or stream ends in RUN_ERROR; aborting the signal cancels the run and aborts the HTTP request.
 */
export function createGoogleProvider(factoryOptions: GoogleProviderOptions): Provider {
  const { client, model, config = {} } = factoryOptions;
  // reliability: model and credentials checked at creation (Vertex AI authenticates without a key)
  const check = prepareProvider(GOOGLE_PROVIDER, { ...factoryOptions, extraCredentials: client.vertexai === true });
  return {
    id: GOOGLE_PROVIDER,
    check,
    stream(input: RunAgentInput, streamOptions: ProviderStreamOptions = {}): AsyncIterable<Event> {
      // Every warning of this stream goes to the factory's onWarning and the call's.
      const options = withStreamWarnings(factoryOptions, streamOptions);
      const request = (signal: AbortSignal): GenerateContentParameters => {
        const { params } = toGenerateContentRequest(input, {
          ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
          ...(options.provider !== undefined && { provider: options.provider }),
          // Vertex AI requires fileData.mimeType; the converter infers or drops what lacks one.
          ...(client.vertexai === true && { vertexai: true }),
          model,
        });
        return { model, contents: params.contents, config: mergeConfig(config, params.config, signal) };
      };
      const open = (signal: AbortSignal): Promise<AsyncIterable<unknown>> => client.models.generateContentStream(request(signal));
      const runOptions = {
        // The client's credentials (API key, auth headers) never reach a RUN_ERROR, even when the
        // server echoes them; read when the error is written.
        secrets: () => clientSecrets(options.client),
        ...(streamOptions.signal !== undefined && { signal: streamOptions.signal }),
        ...providerRunOptions(options),
        ...providerInputOptions(input), // invalid input is not echoed; the converter rejects it
      };
      const retry = { policy: options.retry, describe: describeGoogleError };
      if (options.fast === true) {
        return streamGenerateContentFromResponse((signal) => openGenerateContentResponse(client, request(signal), options.fetch), {
          ...runOptions,
          retry,
          // The SDK reads Vertex AI chunks whole and reshapes Gemini API ones; the raw path does the same.
          vertexai: client.vertexai === true,
          // Long decode goes on by itself, as the SDK's automatic continuation does unless turned off.
          ...((config as { automaticContinuation?: unknown }).automaticContinuation !== false && {
            continueWith: (token: string, signal: AbortSignal) => openGenerateContentResponse(client, withContinuationToken(request(signal), token), options.fetch),
          }),
        });
      }
      return streamGenerateContent(retryingSource(open, retry), runOptions);
    },
  };
}

/** The request again, to go on from `token` (the field is new in `@google/genai` 3; older SDKs do not send it). */
function withContinuationToken(params: GenerateContentParameters, token: string): GenerateContentParameters {
  return { ...params, config: { ...params.config, continuationToken: token } as GenerateContentConfig };
}

function mergeConfig(
  base: GenerateContentConfig,
  request: Pick<GenerateContentConfig, "systemInstruction" | "tools">,
  signal: AbortSignal,
): GenerateContentConfig {
  const tools = [...(base.tools ?? []), ...(request.tools ?? [])];
  const systemParts = [...instructionParts(base.systemInstruction), ...instructionParts(request.systemInstruction)];
  return {
    ...base,
    ...(tools.length > 0 && { tools }),
    ...(systemParts.length > 0 && { systemInstruction: { parts: systemParts } }),
    abortSignal: signal,
  };
}

function instructionParts(instruction: GenerateContentConfig["systemInstruction"]): Array<Record<string, unknown>> {
  if (instruction === undefined) return [];
  if (typeof instruction === "string") return [{ text: instruction }];
  if (Array.isArray(instruction)) return instruction.map((part) => (typeof part === "string" ? { text: part } : { ...part }));
  if ("parts" in instruction && Array.isArray(instruction.parts)) return instruction.parts.map((part) => ({ ...part }));
  return [{ ...(instruction as Record<string, unknown>) }];
}
