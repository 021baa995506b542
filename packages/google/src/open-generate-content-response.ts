import { readErrorBody } from "@agui-bridge/core/adapter";
import type { GenerateContentParameters } from "@google/genai";
import type { GoogleGenAIClientLike } from "./create-google-provider.js";

/** A `fetch` function (the global one, or the one the client was built with). */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Sends a `generateContentStream` request through the `@google/genai` client (its URL building,
 * API key or Vertex auth headers, request conversion, retries and HTTP error handling) and hands
 * back the HTTP response unparsed, for {@link streamGenerateContentFromResponse}. The SDK's
 * per-request `httpOptions.fetch` hook performs the call with `fetch` (default: the global
 * `fetch`; pass the one the client was built with if it has its own) and keeps the successful
 * response for us, giving the SDK an empty body instead: the SDK never reads the stream. An HTTP
 * error response goes to the SDK with its status and headers, so it throws its usual `ApiError`,
 * but with its body cut to core's `ERROR_BODY_LIMIT` (the SDK would read it whole).
 *
 * One request, no automatic continuation (`config.automaticContinuation` is set to false).
 */
export async function openGenerateContentResponse(
  client: GoogleGenAIClientLike,
  params: GenerateContentParameters,
  fetch: FetchLike = globalThis.fetch,
): Promise<Response> {
  let kept: Response | undefined;
  const hook: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok && response.body !== null) {
      const text = await readErrorBody(response, undefined, init?.signal ?? undefined);
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    if (!response.ok || response.body === null) return response;
    kept = response;
    return new Response("", { status: response.status, headers: response.headers });
  };
  const config = params.config ?? {};
  await client.models.generateContentStream({
    ...params,
    config: { ...config, automaticContinuation: false, httpOptions: { ...config.httpOptions, fetch: hook } },
  });
  if (kept === undefined) throw new Error("The request returned without a response body to read.");
  return kept;
}
