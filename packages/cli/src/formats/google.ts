import { streamGenerateContent, streamGenerateContentFromResponse } from "@agui-bridge/google";
import { GoogleGenAI } from "@google/genai";
import type { ReplayFormat, ReplayOptions } from "../replay-format.js";

/**
 * `--from google`: Gemini `streamGenerateContent?alt=sse` recordings.
 * - JSONL: one `GenerateContentResponse` object per line (unparseable lines end the run in RUN_ERROR).
 * - SSE: the raw body is parsed by `@google/genai` itself: the bytes are served to a
 *   `GoogleGenAI` client through its `httpOptions.fetch` option (no network, no key needed), so
 *   the SDK's own frame splitting, in-band error detection and JSON parsing apply.
 */
export const googleReplayFormat: ReplayFormat = {
  id: "google",
  fromChunks(chunks: AsyncIterable<unknown>, options: ReplayOptions) {
    return streamGenerateContent(chunks, options);
  },
  fromSse(body: Uint8Array, options: ReplayOptions) {
    return streamGenerateContent((signal) => parseWithSdk(body, signal), options);
  },
  fromSseFast: (body, options) => streamGenerateContentFromResponse(new Response(new Uint8Array(body)), options),
};

async function parseWithSdk(body: Uint8Array, signal: AbortSignal): Promise<AsyncIterable<unknown>> {
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    sseResponse(body, init?.signal ?? undefined);
  const ai = new GoogleGenAI({ apiKey: "replay", httpOptions: { fetch } });
  return ai.models.generateContentStream({
    model: "replay",
    contents: "replay",
    // One recorded response: no automatic continuation hops, no second request.
    config: { automaticContinuation: false, abortSignal: signal },
  });
}

function sseResponse(body: Uint8Array, signal: AbortSignal | undefined): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  if (signal?.aborted === true) throw signal.reason;
  return new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
}
