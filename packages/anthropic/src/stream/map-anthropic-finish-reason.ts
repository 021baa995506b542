import type { FinishInfo, FinishReason } from "@agui-bridge/core/adapter";

const REASONS: Readonly<Record<string, FinishReason>> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  compaction: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool-calls",
  refusal: "content-filter",
};

/** Detail Anthropic sends beside `stop_reason`, kept on the finish info. */
export interface AnthropicStopDetail {
  stopDetails?: unknown;
  stopSequence?: unknown;
  container?: unknown;
  /** `context_management` of the `message_delta` (context editing: `applied_edits`). */
  contextManagement?: unknown;
  /**
   * `diagnostics` of `message_start.message` (prompt cache diagnostics: `{ cache_miss_reason }`,
   * why the prompt cache could not reuse the prefix of the request named by the request's
   * `diagnostics.previous_message_id`; `cache_miss_reason: null` while the comparison was still
   * running; `BetaDiagnostics` of `@anthropic-ai/sdk`).
   */
  diagnostics?: unknown;
}

/**
 * Normalizes an Anthropic `stop_reason`: end_turn / stop_sequence / pause_turn / compaction → `stop`
 * (`compaction`: the response ends with its `compaction` block, when the request asked to pause
 * after compaction or was a compaction request: `BetaStopReason`, `BetaCompactionConfig` of
 * `@anthropic-ai/sdk`; like `pause_turn`, a pause the conversation goes on from),
 * max_tokens / model_context_window_exceeded → `length`, tool_use → `tool-calls`,
 * refusal → `content-filter`, anything else → `other`. `stop_details`, `stop_sequence`,
 * `container`, `context_management` and `diagnostics` are kept in `details` when present.
 */
export function mapAnthropicFinishReason(stopReason: string, detail: AnthropicStopDetail = {}): FinishInfo {
  const details: Record<string, unknown> = {};
  if (detail.stopDetails !== undefined && detail.stopDetails !== null) details.stopDetails = detail.stopDetails;
  if (detail.stopSequence !== undefined && detail.stopSequence !== null) details.stopSequence = detail.stopSequence;
  if (detail.container !== undefined && detail.container !== null) details.container = detail.container;
  if (detail.contextManagement !== undefined && detail.contextManagement !== null) details.contextManagement = detail.contextManagement;
  if (detail.diagnostics !== undefined && detail.diagnostics !== null) details.diagnostics = detail.diagnostics;
  return {
    reason: Object.prototype.hasOwnProperty.call(REASONS, stopReason) ? (REASONS[stopReason] as FinishReason) : "other",
    raw: stopReason,
    ...(Object.keys(details).length > 0 && { details }),
  };
}
