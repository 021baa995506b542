/**
 * Chat Completions streams usage only when asked: with `stream_options: { include_usage: true }`
 * the API adds a last chunk with `choices: []` holding the `usage`; without it there is no such
 * chunk ("If set, an additional chunk will be streamed before the `data: [DONE]` message", API
 * reference, `stream_options`). The one place the mock applies that rule, to scripted turns and to
 * recorded bodies alike (recorded with `include_usage`, so a request without it would otherwise get
 * usage the real API never sends it).
 */

/** Whether a Chat Completions request asks for the usage chunk (`stream_options.include_usage: true`). */
export function asksForUsageChunk(request: unknown): boolean {
  const streamOptions = typeof request === "object" && request !== null ? (request as { stream_options?: unknown }).stream_options : undefined;
  return typeof streamOptions === "object" && streamOptions !== null && (streamOptions as { include_usage?: unknown }).include_usage === true;
}

/**
 * `sse` without its usage-only chunks (`choices: []` and a `usage` object) when `request` did not
 * ask for them; every other frame byte for byte. Unchanged when it asked, or when there is none.
 */
export function withoutUnrequestedUsageChunk(sse: Buffer, request: unknown): Buffer {
  if (asksForUsageChunk(request)) return sse;
  // Each frame with the blank line that ends it (LF or CRLF), so the kept ones join back exactly.
  const frames = sse.toString("utf8").split(/(?<=\r?\n\r?\n)/);
  const kept = frames.filter((frame) => !isUsageOnlyChunk(frame));
  return kept.length === frames.length ? sse : Buffer.from(kept.join(""), "utf8");
}

function isUsageOnlyChunk(frame: string): boolean {
  const data = frame
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).replace(/^ /, ""))
    .join("\n");
  if (!data.includes('"usage"')) return false;
  try {
    const chunk: unknown = JSON.parse(data);
    if (typeof chunk !== "object" || chunk === null) return false;
    const { choices, usage } = chunk as { choices?: unknown; usage?: unknown };
    return Array.isArray(choices) && choices.length === 0 && typeof usage === "object" && usage !== null;
  } catch {
    return false; // `[DONE]`, or not JSON: kept as recorded
  }
}
