import type { FinishInfo } from "@agui-bridge/core/adapter";
import { asNonEmptyString } from "../narrow.js";

/**
 * What servers report about a finishing choice beside `finish_reason`, kept in the finish's
 * `details`:
 * - what ended a choice that stopped on a stop condition: vLLM's `stop_reason` ("The stop string
 *   or token id that caused the completion to stop, None if the completion finished for some other
 *   reason including encountering the EOS token", its OpenAI-compatible protocol) and SGLang's
 *   `matched_stop` (the same, by its name). A string goes to `stopSequence` (the field the
 *   Anthropic adapter fills from `stop_sequence`), a token id to `stopTokenId`;
 * - OpenRouter's `native_finish_reason`: `finish_reason` is normalized to OpenAI's values, and "to
 *   retain model-specific details, the native_finish_reason is also returned" (OpenRouter's
 *   standardized finish reasons), e.g. Gemini's `SAFETY` or `RECITATION` behind a
 *   `content_filter`: `nativeFinishReason`, when a non-empty string.
 * Anything else adds nothing.
 */
export function withChoiceFinishDetails(finish: FinishInfo, choice: Record<string, unknown>): FinishInfo {
  const extra = choiceFinishDetails(choice);
  return Object.keys(extra).length === 0 ? finish : { ...finish, details: { ...finish.details, ...extra } };
}

/**
 * A finish repeated for a choice that already finished: the first finish stays (its reason and
 * details), and the details only the repeat carries are added. OpenRouter's Gemini streams
 * parallel calls one chunk each, each with `finish_reason: "tool_calls"`, the first with
 * `native_finish_reason: null` and the last with Gemini's `"STOP"`.
 */
export function withRepeatedChoiceFinishDetails(finish: FinishInfo, choice: Record<string, unknown>): FinishInfo {
  const extra = Object.entries(choiceFinishDetails(choice)).filter(([key]) => finish.details?.[key] === undefined);
  return extra.length === 0 ? finish : { ...finish, details: { ...finish.details, ...Object.fromEntries(extra) } };
}

function choiceFinishDetails(choice: Record<string, unknown>): Record<string, unknown> {
  const stop = choice.stop_reason ?? choice.matched_stop;
  const stopSequence = asNonEmptyString(stop);
  const stopTokenId = typeof stop === "number" && Number.isSafeInteger(stop) && stop >= 0 ? stop : undefined;
  const nativeFinishReason = asNonEmptyString(choice.native_finish_reason);
  return {
    ...(stopSequence !== undefined && { stopSequence }),
    ...(stopTokenId !== undefined && { stopTokenId }),
    ...(nativeFinishReason !== undefined && { nativeFinishReason }),
  };
}
