import { streamMessages, streamMessagesFromResponse } from "@agui-bridge/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import type { ReplayFormat, ReplayOptions } from "../replay-format.js";

/**
 * `--from anthropic`: Anthropic Messages streams. JSONL input holds one `MessageStreamEvent` per
 * line; an SSE body (with its `event:` lines, `error` frames included) is parsed by the Anthropic
 * SDK itself, served to a client through its `fetch` option, so replay sees exactly what a live
 * `client.messages.create({ ..., stream: true })` would yield.
 */
export const anthropicReplayFormat: ReplayFormat = {
  id: "anthropic",
  fromChunks(chunks, options) {
    return streamMessages(chunks, options);
  },
  fromSse(body, options: ReplayOptions) {
    return streamMessages(sdkEvents(body), options);
  },
  fromSseFast: (body, options) => streamMessagesFromResponse(new Response(new Uint8Array(body)), options),
};

async function* sdkEvents(bytes: Uint8Array): AsyncGenerator<unknown> {
  // A copy on its own ArrayBuffer: a valid `BodyInit` whatever buffer the caller's view sits on.
  const body = new Uint8Array(bytes);
  const client = new Anthropic({
    apiKey: "replay",
    baseURL: "http://replay.invalid",
    maxRetries: 0,
    fetch: async () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
  });
  const stream = await client.messages.create({
    model: "replay",
    max_tokens: 1,
    messages: [{ role: "user", content: "replay" }],
    stream: true,
  });
  yield* stream;
}
