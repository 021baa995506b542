import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * Reasoning items of the current response still streaming (tracked and their message open).
 * Output items may interleave by `output_index`, so a reasoning item can still be receiving its
 * summary and `encrypted_content` while a later message or tool call streams.
 */
function reasoningInProgress(state: ResponsesStreamState, except?: string): boolean {
  for (const item of state.items.values()) {
    if ((item.kind === "reasoning" || item.kind === "compaction") && item.messageId !== except && state.run.isReasoningOpen(item.messageId)) {
      return true;
    }
  }
  return false;
}

/**
 * Before text or a tool call starts: closes the reasoning span, unless a reasoning item of the
 * response is still streaming (then it stays open until its own `output_item.done`, so nothing of
 * it is lost).
 */
export function endIdleReasoning(state: ResponsesStreamState): void {
  if (!reasoningInProgress(state)) state.run.endReasoning();
}

/** Opens a reasoning span for a new reasoning item, or joins the open one while another item still streams. */
export function startReasoningSpan(state: ResponsesStreamState): void {
  if (state.run.reasoningSpan === undefined || !reasoningInProgress(state)) state.run.startReasoning();
}

/** After a reasoning item's message closed: closes the span unless another reasoning item still streams. */
export function endReasoningSpan(state: ResponsesStreamState, messageId: string): void {
  if (!reasoningInProgress(state, messageId)) state.run.endReasoning();
}
