import OpenAI from "openai";

/**
 * An `OpenAI` client that answers every request with `body`, served through the SDK's own `fetch`
 * option (no network): the SDK's SSE decoder parses the recorded bytes exactly as it would parse a
 * live response, error frames included.
 */
function replayClient(body: Uint8Array): OpenAI {
  return new OpenAI({
    apiKey: "replay",
    baseURL: "http://replay.invalid/v1",
    maxRetries: 0,
    fetch: async () => new Response(new Uint8Array(body), { headers: { "content-type": "text/event-stream" } }),
  });
}

/** The SDK's `ChatCompletionChunk` stream over a raw Chat Completions SSE body. */
export async function* openaiChatChunksFromSse(body: Uint8Array): AsyncGenerator<unknown> {
  const stream = await replayClient(body).chat.completions.create({ model: "replay", messages: [], stream: true });
  yield* stream;
}

/** The SDK's `ResponseStreamEvent` stream over a raw Responses SSE body. */
export async function* openaiResponseEventsFromSse(body: Uint8Array): AsyncGenerator<unknown> {
  const stream = await replayClient(body).responses.create({ model: "replay", input: [], stream: true });
  yield* stream;
}
