/**
 * Serves SSE bytes to the real `openai` SDK through its `fetch` option (no network), optionally
 * cut into network reads at chosen byte offsets, and records what the SDK requested.
 */
import OpenAI from "openai";

/** How the bytes are served. */
export interface ByteServe {
  /** Byte offsets where one network read ends and the next begins. */
  splits?: readonly number[];
  status?: number;
  contentType?: string;
  apiKey?: string;
  /** Extra request headers the client sends (to prove they never reach RUN_ERROR). */
  defaultHeaders?: Record<string, string>;
  /** Response headers. */
  responseHeaders?: Record<string, string>;
  /** Told about every request the SDK makes. */
  onRequest?: (url: string, init: RequestInit | undefined) => void;
}

/** A client whose every request is answered with `body`. */
export function bytesClient(body: string | Uint8Array, serve: ByteServe = {}): OpenAI {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return new OpenAI({
    apiKey: serve.apiKey ?? "sk-test-reliability-key",
    baseURL: "http://replay.invalid/v1",
    maxRetries: 0,
    logLevel: "off",
    ...(serve.defaultHeaders !== undefined && { defaultHeaders: serve.defaultHeaders }),
    fetch: async (url: string | URL | Request, init?: RequestInit) => {
      serve.onRequest?.(String(url instanceof Request ? url.url : url), init);
      const cuts = [...new Set((serve.splits ?? []).filter((s) => s > 0 && s < bytes.length))].sort((a, b) => a - b);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          let from = 0;
          for (const cut of [...cuts, bytes.length]) {
            controller.enqueue(bytes.slice(from, cut));
            from = cut;
          }
          controller.close();
        },
      });
      return new Response(stream, {
        status: serve.status ?? 200,
        headers: { "content-type": serve.contentType ?? "text/event-stream", ...serve.responseHeaders },
      });
    },
  });
}

/** The SDK's chunk stream (Chat) or event stream (Responses) over the bytes. */
export async function* sdkStream(format: "chat" | "responses", body: string | Uint8Array, serve: ByteServe = {}): AsyncGenerator<unknown> {
  const client = bytesClient(body, serve);
  if (format === "chat") yield* await client.chat.completions.create({ model: "replay", messages: [], stream: true });
  else yield* await client.responses.create({ model: "replay", input: [], stream: true });
}
