import type { TokenUsage } from "../types/common.js";
import { addToGroup } from "./aggregate-token-usage.js";

/** One model call's latest usage; `settled` once it is final (or cleared), so it can be folded. */
interface CallSlot {
  usage: TokenUsage | undefined;
  settled: boolean;
}

/**
 * Collects the usage of every model call made within one run (several calls, subagents included)
 * and gives the array for `RUN_FINISHED.usage` / `RUN_ERROR.usage`.
 *
 * Providers report usage cumulatively within a call, so {@link UsageLedger.record} replaces the
 * entry of a call rather than adding to it; entries of different calls are summed per
 * `(provider, model)`.
 *
 * Memory: a call the adapter declares final with {@link UsageLedger.settle} is folded into the
 * running sum of its `(provider, model)` pair and forgotten, so a run of any number of calls holds
 * one sum per pair plus its open calls. Calls are summed in the order they were first recorded
 * (the result is the same as summing every entry at the end): a settled call waits, unfolded,
 * behind an older call that is still open.
 */
export class UsageLedger {
  /** Open calls by key (a settled or cleared call leaves). */
  readonly #open = new Map<string, CallSlot>();
  /** The calls not folded yet, in order of first record; folded from `#head` on. */
  #queue: CallSlot[] = [];
  #head = 0;
  /** Cleared calls still in the queue (dropped when they outnumber the rest). */
  #dead = 0;
  /** The folded calls, summed per `(provider, model)` in order of first appearance. */
  readonly #totals = new Map<string, TokenUsage>();

  /** Sets (replaces) the usage of the model call identified by `callKey`. */
  record(callKey: string, usage: TokenUsage | undefined): void {
    if (usage === undefined) return;
    const slot = this.#open.get(callKey);
    if (slot !== undefined) {
      slot.usage = usage;
      return;
    }
    const fresh: CallSlot = { usage, settled: false };
    this.#open.set(callKey, fresh);
    this.#queue.push(fresh);
  }

  /**
   * Forgets the usage of one call: its latest report carried no valid count, and a stale earlier
   * entry must not stand in for it.
   */
  clear(callKey: string): void {
    const slot = this.#open.get(callKey);
    if (slot === undefined) return;
    this.#open.delete(callKey);
    slot.usage = undefined;
    slot.settled = true;
    this.#dead++;
    this.#fold();
  }

  /**
   * Declares the call's usage final (its response ended): it is summed into its `(provider,
   * model)` pair and the ledger no longer holds it. A later report under the same key counts as a
   * new call. A key with no recorded usage is ignored.
   */
  settle(callKey: string): void {
    const slot = this.#open.get(callKey);
    if (slot === undefined) return;
    this.#open.delete(callKey);
    slot.settled = true;
    this.#fold();
  }

  /** The usage recorded for one open (not settled) call, if any. */
  get(callKey: string): TokenUsage | undefined {
    return this.#open.get(callKey)?.usage;
  }

  /** How many calls the ledger holds one by one: the open ones, and settled ones not folded yet. */
  get retainedCalls(): number {
    return this.#queue.length - this.#head;
  }

  /** One entry per `(provider, model)`, or `undefined` when nothing was recorded. */
  entries(): TokenUsage[] | undefined {
    const groups = new Map(this.#totals);
    for (let i = this.#head; i < this.#queue.length; i++) {
      const usage = (this.#queue[i] as CallSlot).usage;
      if (usage !== undefined) addToGroup(groups, usage);
    }
    if (groups.size === 0) return undefined;
    // Fresh objects: a sum kept in the totals must not change with what a consumer does to the event.
    const out: TokenUsage[] = [];
    for (const [key, usage] of groups) out.push(this.#totals.get(key) === usage ? { ...usage } : usage);
    return out;
  }

  /** Folds the settled calls at the front of the queue into the totals. */
  #fold(): void {
    const queue = this.#queue;
    while (this.#head < queue.length && (queue[this.#head] as CallSlot).settled) {
      const usage = (queue[this.#head] as CallSlot).usage;
      if (usage !== undefined) addToGroup(this.#totals, usage);
      else this.#dead--;
      this.#head++;
    }
    if (this.#head === queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > queue.length) {
      this.#queue = queue.slice(this.#head);
      this.#head = 0;
    }
    if (this.#dead > 64 && this.#dead * 2 > this.retainedCalls) {
      this.#queue = this.#queue.slice(this.#head).filter((slot) => !(slot.settled && slot.usage === undefined));
      this.#head = 0;
      this.#dead = 0;
    }
  }
}
