import type { FinishInfo } from "@agui-bridge/core/adapter";

/**
 * Chat Completions `finish_reason` → the normalized finish reason (raw value kept). Besides
 * OpenAI's values: `eos` (Together), `eos_token` (TGI, watsonx) and `normal` (Baidu's ERNIE API
 * and the servers copying it: "the output was generated entirely by the model") → `stop`;
 * `model_length` (Mistral) and `model_context_window_exceeded` (Zhipu GLM / Z.ai: the model's
 * context window was reached) → `length`; `sensitive` (Zhipu: "the content was blocked by the
 * safety review") → `content-filter`; `error` (OpenRouter, Together, Mistral: the model finished
 * with an error), `abort` (vLLM: the engine aborted the request before it finished, see
 * {@link VLLM_ABORT_ERROR}), `network_error` (Zhipu: "the model's inference failed", see
 * {@link ZHIPU_NETWORK_ERROR}) and `insufficient_system_resource` (DeepSeek: the generation was
 * interrupted for lack of inference resources, see {@link DEEPSEEK_RESOURCE_ERROR}) → `error`.
 */
export function mapChatFinishReason(raw: string): FinishInfo {
  switch (raw) {
    case "stop":
    case "eos":
    case "eos_token":
    case "normal":
      return { reason: "stop", raw };
    case "error":
    case "abort":
    case "network_error":
    case "insufficient_system_resource":
      return { reason: "error", raw };
    case "length":
    case "model_length":
    case "model_context_window_exceeded":
      return { reason: "length", raw };
    case "tool_calls":
    case "function_call":
      return { reason: "tool-calls", raw };
    case "content_filter":
    case "sensitive":
      return { reason: "content-filter", raw };
    default:
      return { reason: "other", raw };
  }
}

/**
 * What RUN_ERROR says for vLLM's `finish_reason: "abort"`. vLLM's engine finishes a request it
 * aborted (`RequestStatus.FINISHED_ABORTED` → `FinishReason.ABORT`, "aborted for another reason"
 * than a stop or the length cap, `vllm/v1/request.py`; an abort request, engine shutdown, a sleep
 * or scale-down pause) with that value, then writes `data: [DONE]` as after any answer
 * (vllm-project/vllm#57082): the answer was cut short, not completed. Code `generation_aborted`,
 * category `server` (retryable: the engine, not the model or the request, stopped it).
 */
export const VLLM_ABORT_ERROR = Object.freeze({
  message: 'The server aborted the generation before it finished (finish_reason "abort"): the answer is incomplete.',
  code: "generation_aborted",
});

/**
 * What RUN_ERROR says for Zhipu's `finish_reason: "network_error"` (GLM / Z.ai chat API reference:
 * "the model's inference failed"): the stream ends normally after it, but the answer stopped
 * because the server failed. Code `model_inference_error`, category `server` (retryable).
 */
export const ZHIPU_NETWORK_ERROR = Object.freeze({
  message: 'The model failed while generating (finish_reason "network_error"): the answer is incomplete.',
  code: "model_inference_error",
});

/**
 * What RUN_ERROR says for DeepSeek's `finish_reason: "insufficient_system_resource"` (its Create
 * Chat Completion reference: the request was interrupted because the inference system ran short
 * of resources): the stream ends normally after it, but the answer was cut short by the server's
 * load. Code `insufficient_system_resource`, category `overloaded` (retryable).
 */
export const DEEPSEEK_RESOURCE_ERROR = Object.freeze({
  message: 'The server ran short of inference resources and interrupted the generation (finish_reason "insufficient_system_resource"): the answer is incomplete.',
  code: "insufficient_system_resource",
});

/** The error RUN_ERROR carries for a choice that finished with an error `finish_reason` and no `error` of its own. */
export function finishReasonError(raw: string): { message: string; code: string } {
  if (raw === "abort") return VLLM_ABORT_ERROR;
  if (raw === "network_error") return ZHIPU_NETWORK_ERROR;
  if (raw === "insufficient_system_resource") return DEEPSEEK_RESOURCE_ERROR;
  return { message: `The provider ended the completion with finish_reason "${raw}".`, code: "provider_error" };
}

/**
 * Responses terminal status → the normalized finish reason. `completed` is `tool-calls` when the
 * response handed the application tool calls to run, `stop` otherwise; `incomplete` maps its
 * `incomplete_details.reason` (`max_output_tokens` → `length`, `content_filter` →
 * `content-filter`; openai-node 7.60's `max_messages` and `steered` are no token limit and no
 * filter: `other`, the raw reason kept — the SDK documents `steered` as a stop at a safe boundary
 * for steering input and is silent on `max_messages`, so neither is read as a length cut);
 * `failed` is `error`.
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
