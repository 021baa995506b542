import { chatUsageCost, costMetadata } from "../chat-usage-cost.js";
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
