/**
 * Gemini's `streamGenerateContent` answers SSE only with `?alt=sse` (which `@google/genai` always
 * sends); without it the REST API streams one JSON array of `GenerateContentResponse` objects,
 * `[{…}\r\n,\r\n{…}]`. This turns a recorded SSE body into that array.
 */
export function sseToJsonArray(sse: Buffer): Buffer {
  const objects: string[] = [];
  for (const frame of sse.toString("utf8").split(/\r?\n\r?\n/)) {
    const data = frame
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""));
    if (data.length > 0) objects.push(data.join("\n"));
  }
  return Buffer.from(`[${objects.join("\r\n,\r\n")}]`, "utf8");
}
