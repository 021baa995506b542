/**
 * The `error-mid-stream` fault: the recorded body's first frames, then the error each API sends in
 * band once a 200 stream has started, then the end of the response:
 * - Anthropic: `event: error` with `{"type":"error","error":{"type":"overloaded_error",…}}`
 *   (docs: "errors can occur after returning a 200 response" when streaming);
 * - OpenAI Chat Completions: an unnamed `data: {"error":{…}}` frame, never followed by `[DONE]`
 *   (the `openai` SDK throws an APIError for a data frame that carries `error`);
 * - OpenAI Responses: `event: error` with `{"type":"error","code","message","param","sequence_number"}`;
 * - Gemini: `data: {"error":{"code":503,…,"status":"UNAVAILABLE"}}` after the partial candidates;
 * - Bedrock: an AWS event-stream exception frame (`internalServerException`).
 */
import type { CloudPlatform } from "./cloud-routes.js";
import type { MockFormat } from "./routes.js";

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;

/** The in-band error frame for a format (Bedrock's is written as the frame the transcoder turns into an exception). */
export function midStreamErrorFrame(format: MockFormat, platform: CloudPlatform | undefined, sequenceNumber: number): string {
  if (platform === "amazon-bedrock") {
    return `event: bedrock-exception\n${data({ exceptionType: "internalServerException", message: "mock provider: internal server error" })}`;
  }
  switch (format) {
    case "anthropic":
      return `event: error\n${data({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } })}`;
    case "openai-chat":
      return data({ error: { message: "The server had an error while processing your request. Sorry about that!", type: "server_error", param: null, code: null } });
    case "openai-responses":
      return `event: error\n${data({ type: "error", sequence_number: sequenceNumber, code: "server_error", message: "The server had an error while processing your request. Sorry about that!", param: null })}`;
    case "google":
      return data({ error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } });
  }
}

/**
 * The first `afterFrames` complete frames of `bytes` (at most all but the last, and never
 * `data: [DONE]`: the error replaces the end of the stream), then the format's error frame.
 */
export function withMidStreamError(bytes: Buffer, format: MockFormat, platform: CloudPlatform | undefined, afterFrames: number): Buffer {
  const frames = bytes
    .toString("utf8")
    .split(/\r?\n\r?\n/)
    .filter((frame) => frame.trim() !== "");
  const kept = frames.slice(0, Math.max(0, Math.min(afterFrames, frames.length - 1))).filter((frame) => !/^data: \[DONE\]$/m.test(frame));
  let sequence = 0;
  for (const frame of kept) {
    const match = /"sequence_number":(\d+)/.exec(frame);
    if (match !== null) sequence = Number(match[1]) + 1;
  }
  const head = kept.map((frame) => `${frame}\n\n`).join("");
  return Buffer.from(head + midStreamErrorFrame(format, platform, sequence), "utf8");
}
