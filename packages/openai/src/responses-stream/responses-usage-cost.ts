import { chatUsageCost, costMetadata } from "../chat-usage-cost.js";
import { mapResponsesUsage } from "../map-openai-usage.js";
import { providerLabel } from "../provider-label.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * Records the cost fields a server adds to a response's `usage` (xAI's `cost_in_usd_ticks`, a
 * gateway's `cost`, …: the same fields as on Chat Completions) as the run's terminal metadata
 * `costs`, one entry per response (`callId` = the response id), so they land on whatever event
 * ends the run. A usage without cost fields records nothing.
 */
export function recordResponseCost(state: ResponsesStreamState, callId: string, model: string | undefined, usage: unknown): void {
  const cost = chatUsageCost(usage);
  if (cost === undefined) return;
  state.costs ??= new Map();
  state.costs.set(callId, { callId, provider: providerLabel(state.options), ...(model !== undefined && { model }), ...cost });
  state.run.setTerminalMetadata(costMetadata(state.costs));
}

/** The key a response's usage is recorded under when the response names no id: its id so far, else its place in the run. */
export function usageKeyOf(state: ResponsesStreamState): string {
  return state.response.id ?? `response-${Math.max(state.responseCount, 1)}`;
}

/** A response's `usage` (final, or so far: it replaces what `id` held), mapped and recorded under `id`. */
export function recordResponseUsage(state: ResponsesStreamState, id: string, model: string | undefined, usage: unknown): void {
  const mapped = mapResponsesUsage(usage, {
    provider: providerLabel(state.options),
    ...(model !== undefined && { model }),
    ...(state.options.onWarning !== undefined && { onWarning: state.options.onWarning }),
  });
  state.run.usage.record(id, mapped);
}

/**
 * A response's terminal event: its usage is final. The run's ledger folds it into its `(provider,
 * model)` total and stops holding it, so a stream of any number of responses keeps one sum per
 * pair. It is settled when the terminal event of another response comes, not at once: a terminal
 * event repeated for the same response (a server or proxy sending it again, without sequence
 * numbers) still replaces the response's usage instead of counting it twice.
 *
 * A report made while the response had no id yet (`response-<n>`: Perplexity's search results
 * carry the usage so far, and its flat terminal event is the first to name the id) is the same
 * call: the terminal report under the id replaces it (one call, one entry); when the terminal
 * event reported no usage, the usage so far stands and is settled now.
 */
export function settleResponseUsage(state: ResponsesStreamState, id: string): void {
  const provisional = usageKeyOf(state);
  if (provisional !== id) {
    if (state.run.usage.get(id) !== undefined) state.run.usage.clear(provisional);
    else state.run.usage.settle(provisional);
  }
  const ended = state.endedUsageKey;
  if (ended !== undefined && ended !== id) state.run.usage.settle(ended);
  state.endedUsageKey = id;
}
