import { asNonEmptyString, asRecord } from "../narrow.js";
import type { ChatStreamState } from "./chat-stream-state.js";

/**
 * The Vercel AI Gateway's routing metadata on a choice's delta (its finish chunk) of call `callKey`:
 * `delta.provider_metadata.gateway.routing.finalProvider`, the provider that served the call after
 * any fallback (its docs: "monitor which provider you used by checking the provider metadata in the
 * response"; recorded e.g. `"openai"`, beside `resolvedProvider`, `fallbacksAvailable`, `attempts`).
 * Kept for the call's `costs` entry as `upstreamProvider`, as OpenRouter's chunk-level `provider`
 * is; an entry already set for the call (its usage came first) is named in place. The rest of
 * `provider_metadata` repeats what is read elsewhere (`gateway.cost` / `marketCost` are `usage.cost`
 * / `usage.market_cost` as strings, `generationId` is the chunk `id`) or is the gateway's routing
 * trace, which is not carried.
 */
export function trackGatewayRouting(state: ChatStreamState, callKey: string, choices: readonly unknown[]): void {
  let finalProvider: string | undefined;
  for (const choice of choices) {
    const metadata = asRecord(asRecord(asRecord(choice)?.delta)?.provider_metadata);
    finalProvider = asNonEmptyString(asRecord(asRecord(metadata?.gateway)?.routing)?.finalProvider) ?? finalProvider;
  }
  if (finalProvider === undefined) return;
  state.gatewayUpstream = { callKey, provider: finalProvider };
  const at = state.costs.at.get(callKey);
  const entry = at === undefined ? undefined : state.costs.entries[at];
  // The entries array is the one the terminal metadata holds: replacing in place updates it.
  if (at !== undefined && entry !== undefined && entry.upstreamProvider === undefined) state.costs.entries[at] = withUpstream(entry, finalProvider);
}

/** The upstream provider the gateway named for call `callKey`, if it named one. */
export function gatewayUpstreamOf(state: ChatStreamState, callKey: string): string | undefined {
  return state.gatewayUpstream?.callKey === callKey ? state.gatewayUpstream.provider : undefined;
}

/** The entry with `upstreamProvider` placed where the mapper puts it (after `model`). */
function withUpstream(entry: Record<string, unknown>, upstreamProvider: string): Record<string, unknown> {
  const { callId, provider, model, ...cost } = entry;
  return { callId, provider, ...(model !== undefined && { model }), upstreamProvider, ...cost };
}
