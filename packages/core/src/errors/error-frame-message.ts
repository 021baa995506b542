/**
 * The message the Stainless-generated SDKs (`openai`, `@anthropic-ai/sdk`) give an error that
 * arrived as an SSE frame, with no HTTP status (`APIError.makeMessage`): the body's `message`
 * (JSON of it when not a string), else the JSON of the body, else a fixed text. The raw-bytes paths
 * rebuild those errors with it, so RUN_ERROR reads the same on both paths. The SDKs test
 * truthiness here, and so does this.
 */
export function errorFrameMessage(body: unknown): string {
  const message = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  if (Boolean(message)) return typeof message === "string" ? message : JSON.stringify(message);
  if (Boolean(body)) return JSON.stringify(body);
  return "(no status code or body)";
}
