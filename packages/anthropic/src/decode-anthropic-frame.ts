import { errorFrameMessage, SSE_SKIP, type SseFrame } from "@agui-bridge/core/adapter";

/**
 * What the Anthropic SDK throws for an `event: error` frame, rebuilt with the same fields
 * (`error` body, `apiMessage`, `type`, message) so that {@link describeAnthropicError} reads it
 * exactly as it reads the SDK's `APIError`.
 */
export class AnthropicStreamError extends Error {
  override readonly name = "AnthropicStreamError";
  readonly error: unknown;
  readonly apiMessage: unknown;
  readonly type: unknown;
  constructor(body: unknown) {
    super(errorFrameMessage(body));
    this.error = body;
    const inner = typeof body === "object" && body !== null ? (body as { error?: { message?: unknown; type?: unknown } }).error : undefined;
    this.apiMessage = inner?.message ?? null;
    this.type = inner?.type ?? null;
  }
}

/**
 * Decodes an Anthropic Messages SSE frame as the SDK's `Stream.fromSSEResponse` does, so the
 * mapper sees the same values: frames without an `event:` name, `ping` and frames without data
 * are skipped, `event: error` throws {@link AnthropicStreamError}, any other named event yields its
 * parsed `data:` (a frame that is not JSON throws `JSON.parse`'s own `SyntaxError`, as the SDK's).
 */
export function decodeAnthropicFrame(frame: SseFrame): unknown {
  const event = frame.event;
  if (event === undefined || event === "ping") return SSE_SKIP;
  if (event === "error") throw new AnthropicStreamError(safeJson(frame.data) ?? frame.data);
  if (frame.data === "") return SSE_SKIP;
  return JSON.parse(frame.data) as unknown;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
