import type { SseFrame } from "@agui-bridge/core/adapter";

/**
 * What `@google/genai` throws for an in-band error frame (`{"error": {"code": 4xx/5xx, …}}`),
 * rebuilt with the same `name`, `status` and message so that {@link describeGoogleError} reads it
 * exactly as it reads the SDK's `ApiError`.
 */
export class GoogleStreamError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/**
 * Decodes a Gemini `streamGenerateContent?alt=sse` frame as the SDK does before it builds its
 * `GenerateContentResponse`: the `data:` payload parsed as JSON (a frame that is not JSON throws
 * `JSON.parse`'s `SyntaxError`, as the SDK's `response.json()` does), an error payload with an
 * HTTP status code throws {@link GoogleStreamError}. The parsed object is the wire's; the raw path
 * gives a Gemini API chunk the shape the SDK's copy into its class gives it
 * (`toGeminiApiResponseShape`) before it reaches the mapper.
 */
export function decodeGoogleFrame(frame: SseFrame): unknown {
  const chunk = JSON.parse(frame.data) as unknown;
  if (typeof chunk === "object" && chunk !== null && "error" in chunk) {
    const error = (chunk as { error?: unknown }).error;
    if (typeof error === "object" && error !== null) {
      const { code, status } = error as { code?: unknown; status?: unknown };
      if (typeof code === "number" && code >= 400 && code < 600) {
        throw new GoogleStreamError(`got status: ${String(status)}. ${JSON.stringify(chunk)}`, code);
      }
    }
  }
  return chunk;
}
