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
