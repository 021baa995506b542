import type { FinishInfo, FinishReason } from "@agui-bridge/core/adapter";

/** Output withheld by a filter: the safety family, recitation, and their image counterparts. */
const CONTENT_FILTER = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "MODEL_ARMOR",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "IMAGE_RECITATION",
]);

/** The API reports the output (or the request) as failed. */
const ERROR = new Set(["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "MISSING_THOUGHT_SIGNATURE", "MALFORMED_RESPONSE"]);

/**
 * Normalizes a Gemini `finishReason`: STOP → `stop` (or `tool-calls` when the turn made
 * application tool calls); MAX_TOKENS and CONTINUATION (long decode: the per-request output limit
 * was reached, the answer goes on in a request that sends the continuation token back) → `length`; SAFETY, RECITATION, BLOCKLIST,
 * PROHIBITED_CONTENT, SPII, MODEL_ARMOR, IMAGE_SAFETY, IMAGE_PROHIBITED_CONTENT and
 * IMAGE_RECITATION → `content-filter`; MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL,
 * MISSING_THOUGHT_SIGNATURE and MALFORMED_RESPONSE → `error`; anything else (OTHER, LANGUAGE,
 * IMAGE_OTHER, NO_IMAGE, TOO_MANY_TOOL_CALLS, FINISH_REASON_UNSPECIFIED, values added later) →
 * `other`. The raw value is always kept.
 */
export function mapGoogleFinishReason(
  raw: string,
  toolCallsMade: boolean,
  details?: Record<string, unknown>,
): FinishInfo {
  return { reason: normalize(raw, toolCallsMade), raw, ...(details !== undefined && { details }) };
}

function normalize(raw: string, toolCallsMade: boolean): FinishReason {
  if (raw === "STOP") return toolCallsMade ? "tool-calls" : "stop";
  if (raw === "MAX_TOKENS" || raw === "CONTINUATION") return "length";
  if (CONTENT_FILTER.has(raw)) return "content-filter";
  if (ERROR.has(raw)) return "error";
  return "other";
}
