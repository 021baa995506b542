import type { FinishInfo } from "@agui-bridge/core/adapter";
import { asNonEmptyString } from "../narrow.js";

/**
 * What ended a choice that stopped on a stop condition, as servers report it beside
 * `finish_reason`: vLLM's `stop_reason` ("The stop string or token id that caused the completion to
 * stop, None if the completion finished for some other reason including encountering the EOS
 * token", its OpenAI-compatible protocol) and SGLang's `matched_stop` (the same, by its name). A
 * string goes to `finishDetails.stopSequence` (the field the Anthropic adapter fills from
 * `stop_sequence`), a token id to `finishDetails.stopTokenId`; anything else adds nothing.
 */
export function withStopDetail(finish: FinishInfo, choice: Record<string, unknown>): FinishInfo {
  const value = choice.stop_reason ?? choice.matched_stop;
  const sequence = asNonEmptyString(value);
  const tokenId = typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (sequence === undefined && tokenId === undefined) return finish;
  return { ...finish, details: { ...finish.details, ...(sequence !== undefined ? { stopSequence: sequence } : { stopTokenId: tokenId }) } };
}
