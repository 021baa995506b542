import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import OpenAI from "openai";

const here = dirname(fileURLToPath(import.meta.url));
/** test-fixtures/ at the repository root. */
export const fixturesDir = resolve(here, "..", "..", "..", "..", "test-fixtures");

/** The bytes of one of our SSE fixtures. */
export function readFixture(format: "openai-chat" | "openai-responses", name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(join(fixturesDir, format, `${name}.sse`)));
}

/** Where a fixture's expected AG-UI output lives. */
export function expectedPath(format: "openai-chat" | "openai-responses", name: string): string {
  return join(fixturesDir, format, `${name}.events.jsonl`);
}

/** Options for serving bytes to the SDK. */
export interface ServeOptions {
  /** Keep the body open after the bytes (the stream only ends by abort); `released` flips when the SDK cancels it. */
  hang?: boolean;
  /** Told when the SDK cancels the body. */
  onCancel?: () => void;
  /** HTTP status to answer with (default 200). */
  status?: number;
  contentType?: string;
}

/** An `OpenAI` client whose `fetch` answers every request with `body` (no network). */
export function replayClient(body: Uint8Array, serve: ServeOptions = {}): OpenAI {
  return new OpenAI({
    apiKey: "replay",
    baseURL: "http://replay.invalid/v1",
    maxRetries: 0,
    fetch: async () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body);
          if (serve.hang !== true) controller.close();
        },
        cancel() {
          serve.onCancel?.();
        },
      });
      return new Response(stream, {
        status: serve.status ?? 200,
        headers: { "content-type": serve.contentType ?? "text/event-stream" },
      });
    },
  });
}

/** The SDK's chat chunk stream over SSE bytes. */
export async function* sdkChatChunks(body: Uint8Array, serve: ServeOptions = {}): AsyncGenerator<unknown> {
  const client = replayClient(body, serve);
  const stream = await client.chat.completions.create({ model: "replay", messages: [], stream: true });
  yield* stream;
}

/** The SDK's Responses event stream over SSE bytes. */
export async function* sdkResponseEvents(body: Uint8Array, serve: ServeOptions = {}): AsyncGenerator<unknown> {
  const client = replayClient(body, serve);
  const stream = await client.responses.create({ model: "replay", input: [], stream: true });
  yield* stream;
}
