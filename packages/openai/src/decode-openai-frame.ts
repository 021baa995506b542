import { errorFrameMessage, SSE_STOP, type SseFrame } from "@agui-bridge/core/adapter";
import { chatChunkUsage } from "./chat-chunk-usage.js";

/**
 * What the `openai` SDK throws for an error frame (`event: error`, or a payload with an `error`
 * field), rebuilt with the same fields (`error`, `code`, `param`, `type`, message) so that
 * {@link describeOpenAIError} reads it exactly as it reads the SDK's `APIError`.
 */
export class OpenAIStreamError extends Error {
  override readonly name = "OpenAIStreamError";
  readonly error: unknown;
  readonly code: unknown;
  readonly param: unknown;
  readonly type: unknown;
  constructor(error: unknown) {
    super(errorFrameMessage(error));
    this.error = error;
    const data = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : undefined;
    this.code = data?.code;
    this.param = data?.param;
    this.type = data?.type;
  }
}

/** The SDK's message for a frame that is not JSON. */
export const MALFORMED_FRAME_MESSAGE = "Error reading response: malformed server-sent event JSON.";

/** A frame decoder for OpenAI streams that also tells whether the `[DONE]` marker arrived. */
export interface OpenAIFrameDecoder {
  decode(frame: SseFrame): unknown;
  /** Whether `data: [DONE]` was read. */
  readonly done: boolean;
}

/** Options of {@link createOpenAIFrameDecoder}. */
export interface OpenAIFrameDecoderOptions {
  /**
   * A Chat chunk whose `error` object comes with the call's usage (`usage`, or Groq's
   * `x_groq.usage`) is passed to the mapper, which records that usage and then fails the run with
   * the error, instead of being thrown (the SDK throws it and the usage is lost). Default false.
   */
  passErrorChunksWithUsage?: boolean;
}

/**
 * Decodes OpenAI SSE frames as the `openai` SDK's `Stream.fromSSEResponse` does, so the mapper
 * sees the same values: `[DONE]` ends the stream (nothing after it is read), `thread.*` events
 * come as `{ event, data }`, an `error` event or a payload with an `error` throws
 * {@link OpenAIStreamError} (see `passErrorChunksWithUsage` for the one exception), a frame that
 * is not JSON throws a `SyntaxError` with the SDK's message.
 */
export function createOpenAIFrameDecoder(options: OpenAIFrameDecoderOptions = {}): OpenAIFrameDecoder {
  return new FrameDecoder(options.passErrorChunksWithUsage === true);
}

/** An error chunk that also reports usage: `error` is an object and the chunk carries a usage. */
function errorChunkWithUsage(record: Record<string, unknown>): boolean {
  return typeof record.error === "object" && record.error !== null && chatChunkUsage(record) !== undefined;
}

// A class, not an object literal with a `done` getter: V8 builds such a literal as a slow
// dictionary object, about a microsecond per run.
class FrameDecoder implements OpenAIFrameDecoder {
  done = false;
  readonly #passErrorsWithUsage: boolean;

  constructor(passErrorsWithUsage: boolean) {
    this.#passErrorsWithUsage = passErrorsWithUsage;
  }

  // An arrow: the adapters pass `decode` on its own.
  readonly decode = (frame: SseFrame): unknown => {
    if (frame.data === "[DONE]") {
      this.done = true;
      return SSE_STOP;
    }
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      throw new SyntaxError(MALFORMED_FRAME_MESSAGE);
    }
    const event = frame.event;
    if (event !== undefined && event.startsWith("thread.")) return { event, data };
    const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : undefined;
    if (event === "error") throw new OpenAIStreamError(record?.error ?? data);
    if (record !== undefined && Boolean(record.error)) {
      if (this.#passErrorsWithUsage && errorChunkWithUsage(record)) return data;
      throw new OpenAIStreamError(record.error);
    }
    return data;
  };
}
