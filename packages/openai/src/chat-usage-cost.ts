import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asRecord, isRecord } from "./narrow.js";

/** Cost fields gateways add to `usage` (they are not token counts), as the server names them. */
const COST_FIELDS: Record<string, string> = {
  cost: "cost",
  cost_details: "costDetails",
  is_byok: "isByok",
  cost_in_usd_ticks: "costInUsdTicks",
  // Vercel AI Gateway: the cost at the providers' market rates (also for BYOK calls) and the gateway's own.
  market_cost: "marketCost",
  gateway_cost: "gatewayCost",
  // DeepInfra: the call's estimated price in USD, on the final chunk's usage (seen on its streams).
  estimated_cost: "estimatedCost",
  // Perplexity: the search context tier ("low" / "medium" / "high") that priced the request fee.
  search_context_size: "searchContextSize",
};
// Listed once: `chatUsageCost` runs for every usage object.
const COST_ENTRIES = Object.entries(COST_FIELDS);

/**
 * The cost fields of a Chat Completions `usage` object, or undefined when it has none:
 * OpenRouter / Vercel `cost` (a number, in credits = USD), `cost_details` and `is_byok`; Vercel's
 * `market_cost` and `gateway_cost` (recorded on its streams' usage beside `cost`);
 * Perplexity's `cost` object (`input_tokens_cost`, `output_tokens_cost`, `request_cost`,
 * `total_cost`, USD) and `search_context_size` (a string, `low` / `medium` / `high`: the search
 * context tier its request fee is priced by, so it explains that call's `request_cost`); xAI's `cost_in_usd_ticks`; DeepInfra's `estimated_cost` (USD). Values are copied as sent (numbers, strings,
 * booleans, and objects of those), renamed to camelCase at the top level.
 */
export function chatUsageCost(usage: unknown): Record<string, unknown> | undefined {
  const record = asRecord(usage);
  if (record === undefined) return undefined;
  let out: Record<string, unknown> | undefined;
  for (const [field, name] of COST_ENTRIES) {
    const value = plain(record[field], 0);
    if (value !== undefined) (out ??= {})[name] = value;
  }
  return out;
}

/**
 * The terminal event's cost metadata: `costs`, one entry per model call (`callId`, `provider`,
 * `model`, `upstreamProvider` when a gateway named it, and the cost fields). The mapper sets it
 * as the run's terminal metadata, so it lands on whatever event ends the run.
 */
export function costMetadata(costs: ReadonlyMap<string, Record<string, unknown>>): BridgeMetadata {
  return { costs: [...costs.values()] };
}

/**
 * The Chat mapper's `costs`, kept incrementally: one entry per model call in order of its first
 * report, a later report of the call replacing its entry in place. The run's terminal metadata
 * holds {@link CostList.entries} itself, so a report costs the same whatever the number of calls
 * before it (no list rebuilt per report).
 */
export interface CostList {
  /** The entries, as RUN_FINISHED / RUN_ERROR metadata `costs` carries them. */
  readonly entries: Record<string, unknown>[];
  /** Each call's place in {@link entries}. */
  readonly at: Map<string, number>;
}

/** An empty {@link CostList}. */
export function newCostList(): CostList {
  return { entries: [], at: new Map() };
}

/** Sets the entry of call `key` (replacing its earlier one); whether the call is new to the list. */
export function setCallCost(list: CostList, key: string, entry: Record<string, unknown>): boolean {
  const at = list.at.get(key);
  if (at !== undefined) {
    list.entries[at] = entry;
    return false;
  }
  list.at.set(key, list.entries.length);
  list.entries.push(entry);
  return true;
}

/** JSON scalars and (two levels of) objects of them; anything else is left out. */
function plain(value: unknown, depth: number): unknown {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (!isRecord(value) || depth >= 2) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const kept = plain(inner, depth + 1);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}
