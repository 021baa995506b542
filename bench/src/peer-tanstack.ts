/**
 * The second peer: TanStack AI's provider adapters (`@tanstack/ai-openai` for Chat Completions and
 * Responses, `@tanstack/ai-anthropic`, `@tanstack/ai-gemini`), each over its own SDK client with
 * a custom `fetch` serving the same bytes, driven as `@tanstack/ai`'s `chat()` drives them
 * (`adapter.chatStream({ model, messages })`). Its output is TanStack's stream chunks (AG-UI-style
 * events: TEXT_MESSAGE_CONTENT, TOOL_CALL_ARGS, RUN_FINISHED, …).
 */
import { InternalLogger, resolveDebugOption } from "@tanstack/ai/adapter-internals";
import { createAnthropicChat } from "@tanstack/ai-anthropic";
import { createGeminiChat } from "@tanstack/ai-gemini";
import { createOpenaiChat, createOpenaiChatCompletions } from "@tanstack/ai-openai";
import type { FormatId } from "./formats.js";
import { replayFetch, type BodySource } from "./sdk-parse.js";

/** A TanStack stream chunk, as far as the bench looks at it. */
export interface TanstackChunk {
  type: string;
}

/** Opens one TanStack adapter stream over a fresh body. */
export type OpenTanstackStream = () => AsyncIterable<TanstackChunk>;

interface ChatStreamAdapter {
  chatStream(options: { model: string; messages: Array<{ role: "user"; content: string }>; logger: InternalLogger }): AsyncIterable<TanstackChunk>;
}

/** The logger `chat()` threads through when `debug` is not set (errors on, the rest off). */
const LOGGER: InternalLogger = resolveDebugOption(undefined);

const MESSAGES = [{ role: "user" as const, content: "bench" }];

/** The TanStack adapter for `format`, answering with `body()`; call the result to open a stream. */
export function tanstackStreamOpener(format: FormatId, body: BodySource): OpenTanstackStream {
  const fetch = replayFetch(body) as typeof globalThis.fetch;
  const { adapter, model } = tanstackAdapter(format, fetch);
  return () => adapter.chatStream({ model, messages: MESSAGES, logger: LOGGER });
}

function tanstackAdapter(format: FormatId, fetch: typeof globalThis.fetch): { adapter: ChatStreamAdapter; model: string } {
  switch (format) {
    case "openai-chat":
      return {
        adapter: createOpenaiChatCompletions("gpt-4.1-nano", "bench", { baseURL: "http://replay.invalid/v1", maxRetries: 0, fetch }) as unknown as ChatStreamAdapter,
        model: "gpt-4.1-nano",
      };
    case "openai-responses":
      return {
        adapter: createOpenaiChat("gpt-5-mini", "bench", { baseURL: "http://replay.invalid/v1", maxRetries: 0, fetch }) as unknown as ChatStreamAdapter,
        model: "gpt-5-mini",
      };
    case "anthropic":
      return {
        adapter: createAnthropicChat("claude-sonnet-4-6", "bench", { baseURL: "http://replay.invalid", maxRetries: 0, fetch }) as unknown as ChatStreamAdapter,
        model: "claude-sonnet-4-6",
      };
    case "google":
      return {
        adapter: createGeminiChat("gemini-2.5-flash", "bench", { httpOptions: { fetch } }) as unknown as ChatStreamAdapter,
        model: "gemini-2.5-flash",
      };
  }
}

/** Reads a TanStack stream to its end; returns how many chunks it gave and their types. */
export async function drainTanstack(stream: AsyncIterable<TanstackChunk>, types?: Map<string, number>): Promise<number> {
  let count = 0;
  for await (const chunk of stream) {
    count++;
    if (types !== undefined) types.set(chunk.type, (types.get(chunk.type) ?? 0) + 1);
  }
  return count;
}
