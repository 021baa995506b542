import type { Event } from "../types/events.js";
import type { WarningHandler } from "../warnings.js";
import { boundEventMetadata } from "./event-metadata.js";

/**
 * The events a run has written and not yet handed over: each stamped with `now()` when the run has
 * a clock, its metadata bounded to stay encodable, taken in order with {@link drain}.
 */
export class EventQueue {
  #events: Event[] = [];
  readonly #now: (() => number) | undefined;
  readonly #onWarning: WarningHandler | undefined;

  constructor(now: (() => number) | undefined, onWarning: WarningHandler | undefined) {
    this.#now = now;
    this.#onWarning = onWarning;
  }

  /** How many events wait (a mark for {@link putForwarded}). */
  get length(): number {
    return this.#events.length;
  }

  /** Queues an event the run built: timestamped, metadata bounded. */
  push(event: Event): void {
    const now = this.#now;
    if (now !== undefined) event.timestamp = now();
    // Metadata carries provider values (citations, annotations, grounding, finish details): bound it.
    if (event.metadata !== undefined) boundEventMetadata(event, this.#onWarning);
    this.#events.push(event);
  }

  /**
   * Queues a forwarded event as it came (a copy, timestamped only when it has no timestamp): in
   * place of the last event queued since `mark` (the run's own version of it), else at the end.
   */
  putForwarded(event: Event, mark: number): void {
    const copy = { ...event } as Event;
    const now = this.#now;
    if (now !== undefined && copy.timestamp === undefined) copy.timestamp = now();
    if (this.#events.length > mark) this.#events[this.#events.length - 1] = copy;
    else this.#events.push(copy);
  }

  /** Takes the events queued since the last drain. */
  drain(): Event[] {
    const out = this.#events;
    this.#events = [];
    return out;
  }
}
