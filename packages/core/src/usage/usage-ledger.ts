import type { TokenUsage } from "../types/common.js";
import { aggregateTokenUsage } from "./aggregate-token-usage.js";

/**
 * Collects the usage of every model call made within one run (several calls, subagents included)
 * and gives the array for `RUN_FINISHED.usage` / `RUN_ERROR.usage`.
 *
 * Providers report usage cumulatively within a call, so {@link UsageLedger.record} replaces the
 * entry of a call rather than adding to it; entries of different calls are summed per
 * `(provider, model)`.
 */
export class UsageLedger {
  readonly #calls = new Map<string, TokenUsage>();

  /** Sets (replaces) the usage of the model call identified by `callKey`. */
  record(callKey: string, usage: TokenUsage | undefined): void {
    if (usage === undefined) return;
    this.#calls.set(callKey, usage);
  }

  /**
   * Forgets the usage of one call: its latest report carried no valid count, and a stale earlier
   * entry must not stand in for it.
   */
  clear(callKey: string): void {
    this.#calls.delete(callKey);
  }

  /** The usage recorded for one call, if any. */
  get(callKey: string): TokenUsage | undefined {
    return this.#calls.get(callKey);
  }

  /** One entry per `(provider, model)`, or `undefined` when nothing was recorded. */
  entries(): TokenUsage[] | undefined {
    if (this.#calls.size === 0) return undefined;
    return aggregateTokenUsage([...this.#calls.values()]);
  }
}
