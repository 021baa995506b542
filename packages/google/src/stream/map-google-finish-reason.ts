import type { FinishInfo, FinishReason } from "@agui-bridge/core/adapter";

/**
 * Output withheld by a filter or a policy: the safety family, recitation, their image
 * counterparts, an escalation rule (`ESCALATION`) and an account limited for Prohibited Use Policy
 * violations (`PUP_LIMITED_DISABLED`), the last two Gemini API only.
 */
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
  "ESCALATION",
  "PUP_LIMITED_DISABLED",
]);

/** The API reports the output (or the request) as failed. */
const ERROR = new Set(["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "MISSING_THOUGHT_SIGNATURE", "MALFORMED_RESPONSE"]);

/**
 * Normalizes a Gemini `finishReason`: STOP → `stop` (or `tool-calls` when the turn made
 * application tool calls); MAX_TOKENS and CONTINUATION (long decode: the per-request output limit
 * was reached, the answer goes on in a request that sends the continuation token back) → `length`; SAFETY, RECITATION, BLOCKLIST,
 * PROHIBITED_CONTENT, SPII, MODEL_ARMOR, IMAGE_SAFETY, IMAGE_PROHIBITED_CONTENT,
 * IMAGE_RECITATION, ESCALATION ("filtered by an escalation rule") and PUP_LIMITED_DISABLED (the
 * account is limited or disabled for Prohibited Use Policy violations) → `content-filter`; MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL,
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
