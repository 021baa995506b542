import { finishFields, type FinishInfo } from "@agui-bridge/core/adapter";
import { withContentFilterDetails } from "./azure-content-filter.js";
import { withResponseDetails } from "./chat-response-details.js";
import type { ChatStreamState } from "./chat-stream-state.js";

/**
 * The finish RUN_FINISHED carries: the completion-level details, and the content filter results of
 * the choice that finished (collected until the end: the asynchronous filter's annotations may
 * follow the finish).
 */
export function terminalFinish(state: ChatStreamState, finish: FinishInfo): FinishInfo {
  const filter = state.finishIndex === undefined ? undefined : state.contentFilters.get(state.finishIndex);
  return withContentFilterDetails(withResponseDetails(finish, state.details), filter);
}

/**
 * A completion whose every choice had finished (`finish_reason` came) when the driver ends the run
 * another way (the body broke or was cut before the trailing usage and `[DONE]`, an abort is not
 * one: it ends cancelled): the RUN_ERROR says how the model had stopped (`finishReason` /
 * `rawFinishReason` / `finishDetails`), as RUN_FINISHED would have, as the Anthropic and Gemini
 * mappers do. Only the current completion's finish: a later completion that had started and not
 * finished has no finish to keep.
 */
export function keepReachedFinish(state: ChatStreamState): void {
  const finish = state.finish;
  if (finish === undefined || state.failure !== undefined || state.run.ended || state.choices.size === 0) return;
  for (const choice of state.choices.values()) if (!choice.finished) return;
  state.run.setErrorMetadata(finishFields(terminalFinish(state, finish)));
}
