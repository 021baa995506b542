/**
 * The normalized finish reasons shared by every adapter:
 * - `stop`: the model ended its turn (or hit a stop sequence);
 * - `length`: a token or context limit cut the output;
 * - `tool-calls`: the turn ended to let the application run tools;
 * - `content-filter`: a safety system or refusal stopped the output;
 * - `error`: the provider reports the output as failed (e.g. a malformed function call);
 * - `other`: anything else; the raw value says what.
 */
export type FinishReason = "stop" | "length" | "tool-calls" | "content-filter" | "error" | "other";

/** All normalized finish reasons. */
export const FINISH_REASONS: readonly FinishReason[] = [
  "stop",
  "length",
  "tool-calls",
  "content-filter",
  "error",
  "other",
];

/** A normalized finish reason with the provider's raw value and any detail worth keeping. */
export interface FinishInfo {
  reason: FinishReason;
  /** The provider's own value (`end_turn`, `MAX_TOKENS`, `content_filter`, …). */
  raw?: string;
  /** Provider detail kept beside it (Anthropic `stop_details`, Gemini `blockReason`, …). */
  details?: Record<string, unknown>;
}
