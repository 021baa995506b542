/**
 * Parses raw SSE bodies with the real `@google/genai` SDK: the bytes are served through the SDK's
 * `httpOptions.fetch`, so the SDK's own frame splitting, error-frame detection and JSON parsing run.
 */
import { GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** test-fixtures/google at the repository root. */
export const FIXTURE_DIR = resolve(here, "..", "..", "..", "..", "test-fixtures", "google");

/** The bytes of a fixture's `.sse` body. */
export function readSse(name: string): Uint8Array {
  return readFileSync(join(FIXTURE_DIR, `${name}.sse`));
}

/** The path of a fixture's expected events. */
export function eventsPath(name: string): string {
  return join(FIXTURE_DIR, `${name}.events.jsonl`);
}

/** What the fake fetch saw, for assertions. */
export interface FetchLog {
  urls: string[];
  signals: AbortSignal[];
}

/**
 * A `generateContentStream` over `body`, parsed by the SDK. With `hold`, the HTTP body stays open
 * after the bytes (as a slow server would), so a test can abort mid-stream.
 */
export async function sdkStream(
  body: Uint8Array,
  options: { hold?: boolean; signal?: AbortSignal; vertex?: boolean; log?: FetchLog } = {},
): Promise<AsyncGenerator<GenerateContentResponse>> {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    options.log?.urls.push(String(input instanceof Request ? input.url : input));
    if (init?.signal) options.log?.signals.push(init.signal);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body);
        if (options.hold !== true) controller.close();
        init?.signal?.addEventListener("abort", () => controller.error(init.signal?.reason), { once: true });
      },
    });
    return new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
  };
  const ai = new GoogleGenAI({
    apiKey: "fixture-replay",
    ...(options.vertex === true && { vertexai: true, project: "fixture", location: "us-central1" }),
    httpOptions: { fetch },
  });
  return ai.models.generateContentStream({
    model: "gemini-fixture",
    contents: "fixture",
    config: { automaticContinuation: false, ...(options.signal !== undefined && { abortSignal: options.signal }) },
  });
}
