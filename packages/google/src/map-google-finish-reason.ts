import type { FinishInfo, FinishReason } from "@agui-bridge/core/adapter";

const CONTENT_FILTER = new Set(["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "MODEL_ARMOR"]);

/**
 * Normalizes a Gemini `finishReason`: STOP → `stop` (or `tool-calls` when the turn made
 * application tool calls); MAX_TOKENS → `length`; SAFETY, RECITATION, BLOCKLIST,
 * PROHIBITED_CONTENT, SPII, MODEL_ARMOR and every IMAGE_* reason → `content-filter`;
 * MALFORMED_FUNCTION_CALL → `error`; anything else → `other`. The raw value is always kept.
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
  if (raw === "MAX_TOKENS") return "length";
  if (CONTENT_FILTER.has(raw) || raw.startsWith("IMAGE_")) return "content-filter";
  if (raw === "MALFORMED_FUNCTION_CALL") return "error";
  return "other";
}
