/**
 * The floor: each provider SDK parsing raw SSE bytes itself. Every client gets a custom `fetch` that
 * answers with a Response over the bytes (no network), so the SDK's own request building, SSE
 * splitting, event-name handling and JSON parsing all run, exactly as for a live response.
 */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import type { FormatId } from "./formats.js";

/** Makes a fresh response body for each request. */
export type BodySource = () => ReadableStream<Uint8Array>;

/** A `fetch` that answers every request with a 200 SSE response over `body()`. */
export function replayFetch(body: BodySource): (input: unknown, init?: unknown) => Promise<Response> {
  return async () => new Response(body(), { status: 200, headers: { "content-type": "text/event-stream" } });
}

/** Opens one SDK stream over a fresh body: what the provider SDK yields for the bytes. */
export type OpenSdkStream = () => Promise<AsyncIterable<unknown>>;

/** An SDK client for `format` whose requests are answered with `body()`; call the result to open a stream. */
export function sdkStreamOpener(format: FormatId, body: BodySource): OpenSdkStream {
  const fetch = replayFetch(body) as typeof globalThis.fetch;
  switch (format) {
    case "openai-chat": {
      const client = new OpenAI({ apiKey: "bench", baseURL: "http://replay.invalid/v1", maxRetries: 0, fetch });
      return async () => client.chat.completions.create({ model: "gpt-4.1-nano", messages: [{ role: "user", content: "bench" }], stream: true });
    }
    case "openai-responses": {
      const client = new OpenAI({ apiKey: "bench", baseURL: "http://replay.invalid/v1", maxRetries: 0, fetch });
      return async () => client.responses.create({ model: "gpt-5-mini", input: "bench", stream: true });
    }
    case "anthropic": {
      const client = new Anthropic({ apiKey: "bench", baseURL: "http://replay.invalid", maxRetries: 0, fetch });
      return async () =>
        client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 1024, messages: [{ role: "user", content: "bench" }], stream: true });
    }
    case "google": {
      const ai = new GoogleGenAI({ apiKey: "bench", httpOptions: { fetch } });
      return async () =>
        ai.models.generateContentStream({ model: "gemini-2.5-flash", contents: "bench", config: { automaticContinuation: false } });
    }
  }
}

/** Everything the SDK yields for a body (how the adapter-alone bench gets its pre-parsed chunks). */
export async function parseWithSdk(format: FormatId, body: BodySource): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of await sdkStreamOpener(format, body)()) chunks.push(chunk);
  return chunks;
}
