import { recordedFrames } from "./sse-frames.js";

/**
 * Gemini's `streamGenerateContent` answers SSE only with `?alt=sse` (which `@google/genai` always
 * sends); without it the REST API streams one JSON array of `GenerateContentResponse` objects,
 * `[{…}\r\n,\r\n{…}]`. This turns a recorded SSE body into that array.
 */
export function sseToJsonArray(sse: Buffer): Buffer {
  const objects = recordedFrames(sse).map((frame) => frame.data);
  return Buffer.from(`[${objects.join("\r\n,\r\n")}]`, "utf8");
}
