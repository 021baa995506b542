import type { FinishInfo } from "@agui-bridge/core/adapter";

/**
 * Chat Completions `finish_reason` → the normalized finish reason (raw value kept). Besides
 * OpenAI's values: `eos` (Together) and `eos_token` (TGI, watsonx) → `stop`; `model_length`
 * (Mistral: the model's context window was reached) → `length`; `error` (OpenRouter, Together,
 * Mistral: the model finished with an error) → `error`.
 */
export function mapChatFinishReason(raw: string): FinishInfo {
  switch (raw) {
    case "stop":
    case "eos":
    case "eos_token":
      return { reason: "stop", raw };
    case "error":
      return { reason: "error", raw };
    case "length":
    case "model_length":
      return { reason: "length", raw };
    case "tool_calls":
    case "function_call":
      return { reason: "tool-calls", raw };
    case "content_filter":
      return { reason: "content-filter", raw };
    default:
      return { reason: "other", raw };
  }
}

/**
 * Responses terminal status → the normalized finish reason. `completed` is `tool-calls` when the
 * response handed the application tool calls to run, `stop` otherwise; `incomplete` maps its
 * `incomplete_details.reason` (`max_output_tokens` → `length`, `content_filter` →
 * `content-filter`); `failed` is `error`.
 */
export function mapResponsesFinishReason(
  status: string,
  options: { incompleteReason?: string; hasApplicationToolCalls: boolean },
): FinishInfo {
  if (status === "completed") {
    return { reason: options.hasApplicationToolCalls ? "tool-calls" : "stop", raw: status };
  }
  if (status === "incomplete") {
    const detail = options.incompleteReason;
    const details = detail === undefined ? undefined : { incompleteReason: detail };
    const reason = detail === "max_output_tokens" ? "length" : detail === "content_filter" ? "content-filter" : "other";
    return { reason, raw: detail ?? status, ...(details !== undefined && { details }) };
  }
  if (status === "failed") return { reason: "error", raw: status };
  return { reason: "other", raw: status };
}
