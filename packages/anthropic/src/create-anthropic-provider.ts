import type { AdapterStreamOptions, Event, Provider, ProviderStreamOptions, RunAgentInput } from "@agui-bridge/core";
import { clientSecrets, providerRunOptions } from "@agui-bridge/core";
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import { toMessagesRequest, type MessagesRequestParams } from "./convert-to-messages-request.js";
import { runMessagesStream } from "./stream-messages.js";

/**
 * The part of an Anthropic client the provider uses: `messages.create` with `stream: true`. A
 * `new Anthropic()` from `@anthropic-ai/sdk` satisfies it.
 */
export interface AnthropicMessagesClient {
  messages: {
    create(
      body: MessageCreateParamsStreaming,
      options?: { signal?: AbortSignal | null },
    ): PromiseLike<AsyncIterable<unknown>> | AsyncIterable<unknown>;
  };
}

/** Options for {@link createAnthropicProvider}. */
export interface AnthropicProviderOptions
  extends Pick<AdapterStreamOptions, "generateId" | "now" | "emitRawEvents" | "onWarning" | "echoInput" | "provider"> {
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
}

/**
 * A {@link Provider} backed by Anthropic Messages: converts the run input with
 * {@link toMessagesRequest}, calls `client.messages.create({ ...params, stream: true }, { signal })`
 * and maps the stream with the core run machinery. Failures opening the request become RUN_ERROR;
 * aborting the signal ends the run cancelled and aborts the HTTP request.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): Provider {
  return {
    id: "anthropic",
    stream(input: RunAgentInput, streamOptions: ProviderStreamOptions = {}): AsyncIterable<Event> {
      // Converting inside the source: anything thrown there becomes RUN_ERROR, never an exception.
      const open = async (signal: AbortSignal): Promise<AsyncIterable<unknown>> => {
        const { params: converted } = toMessagesRequest(input, {
          ...(options.onWarning !== undefined && { onWarning: options.onWarning }),
          ...(options.provider !== undefined && { provider: options.provider }),
        });
        return options.client.messages.create(buildBody(options, converted), { signal });
      };
      return runMessagesStream(open, {
        input,
        // The client's own key never reaches a RUN_ERROR message, even when the server echoes it.
        secrets: clientSecrets(options.client),
        ...(streamOptions.signal !== undefined && { signal: streamOptions.signal }),
        ...providerRunOptions(options),
      });
    },
  };
}

function buildBody(options: AnthropicProviderOptions, converted: MessagesRequestParams): MessageCreateParamsStreaming {
  const extra = options.params ?? {};
  const system = [...asBlocks(extra.system), ...asBlocks(converted.system)];
  const tools = [...(extra.tools ?? []), ...(converted.tools ?? [])];
  return {
    ...extra,
    messages: converted.messages,
    ...(system.length > 0 && { system }),
    ...(tools.length > 0 && { tools }),
    model: options.model,
    max_tokens: options.maxTokens,
    stream: true,
  };
}

function asBlocks(system: MessagesRequestParams["system"]): Array<{ type: "text"; text: string }> {
  if (system === undefined) return [];
  if (typeof system === "string") return system === "" ? [] : [{ type: "text", text: system }];
  return system;
}
