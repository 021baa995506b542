/**
 * The `error-mid-stream` fault: the recorded body's first frames, then the error each API sends in
 * band once a 200 stream has started, then the end of the response:
 * - Anthropic: `event: error` with `{"type":"error","error":{"type":"overloaded_error",…}}`
 *   (docs: "errors can occur after returning a 200 response" when streaming);
 * - OpenAI Chat Completions: an unnamed `data: {"error":{…}}` frame, never followed by `[DONE]`
 *   (the `openai` SDK throws an APIError for a data frame that carries `error`);
 * - OpenAI Responses: `event: error` with the error nested as the API sends it,
 *   `{"type":"error","sequence_number","error":{"type","code","message","param"}}` (the API reference
 *   shows `code` / `message` at the top level, but recorded streams and openai/openai-dotnet#881
 *   show the nested form, which is what the `openai` SDK turns into an APIError with `type` set),
 *   then `event: response.failed` with the started response marked `failed`;
 * - Gemini: `data: {"error":{"code":503,…,"status":"UNAVAILABLE"}}` after the partial candidates;
 * - Bedrock: an AWS event-stream exception frame (`internalServerException`).
 */
import type { CloudPlatform } from "./cloud-routes.js";
import type { MockFormat } from "./routes.js";

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;

const SERVER_ERROR_MESSAGE = "The server had an error while processing your request. Sorry about that!";

/** What a Responses stream has said so far: the next sequence number and the response it started. */
export interface ResponsesProgress {
  sequenceNumber: number;
  response?: Record<string, unknown>;
}

/** The Responses API's in-band failure: the `error` event, then `response.failed` for the started response. */
function responsesFailure(progress: ResponsesProgress): string {
  const error = { type: "server_error", code: "server_error", message: SERVER_ERROR_MESSAGE, param: null };
  const frame = `event: error\n${data({ type: "error", sequence_number: progress.sequenceNumber, error })}`;
  if (progress.response === undefined) return frame;
  const response = { ...progress.response, status: "failed", error: { code: error.code, message: error.message } };
  return `${frame}event: response.failed\n${data({ type: "response.failed", sequence_number: progress.sequenceNumber + 1, response })}`;
}

/** The in-band error frame(s) for a format (Bedrock's is written as the frame the transcoder turns into an exception). */
export function midStreamErrorFrame(format: MockFormat, platform: CloudPlatform | undefined, progress: ResponsesProgress): string {
  if (platform === "amazon-bedrock") {
    return `event: bedrock-exception\n${data({ exceptionType: "internalServerException", message: "mock provider: internal server error" })}`;
  }
  switch (format) {
    case "anthropic":
      return `event: error\n${data({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } })}`;
    case "openai-chat":
      return data({ error: { message: SERVER_ERROR_MESSAGE, type: "server_error", param: null, code: null } });
    case "openai-responses":
      return responsesFailure(progress);
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
  const head = kept.map((frame) => `${frame}\n\n`).join("");
  return Buffer.from(head + midStreamErrorFrame(format, platform, responsesProgress(kept)), "utf8");
}

/** The next sequence number after `frames` and the latest `response` object they carried (untrusted: narrowed). */
function responsesProgress(frames: readonly string[]): ResponsesProgress {
  const progress: ResponsesProgress = { sequenceNumber: 0 };
  for (const frame of frames) {
    const match = /"sequence_number":(\d+)/.exec(frame);
    if (match !== null) progress.sequenceNumber = Number(match[1]) + 1;
    const payload = /^data: (.*)$/m.exec(frame)?.[1];
    if (payload === undefined || !payload.includes('"response"')) continue;
    try {
      const event: unknown = JSON.parse(payload);
      const response = typeof event === "object" && event !== null ? (event as { response?: unknown }).response : undefined;
      if (typeof response === "object" && response !== null && !Array.isArray(response)) progress.response = response as Record<string, unknown>;
    } catch {
      // not JSON: no response to fail
    }
  }
  return progress;
}
