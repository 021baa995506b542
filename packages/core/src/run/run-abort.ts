/** What a pull or an opening raced against the abort signal resolves to when the run was aborted. */
export const ABORTED = Symbol("aborted");

/**
 * The abort wiring of one driven run: the run's own AbortController (the signal a source function
 * opens its request with), the outer signal the caller gave (forwarded to it), and the pull in
 * flight that an abort wakes. Built only when something can abort (a source function or an outer
 * signal): an AbortController is costly to make.
 */
export class RunAbort {
  readonly #controller = new AbortController();
  readonly #outer: AbortSignal | undefined;
  // Read once per chunk: a flag the abort listener sets, not the signal's getter.
  #aborted = false;
  // Aborting wakes the pull in flight.
  #wake: ((value: typeof ABORTED) => void) | undefined;

  /** Wires the run's controller to `outer` (aborted at once when `outer` already is). */
  constructor(outer: AbortSignal | undefined) {
    this.#outer = outer;
    const controller = this.#controller;
    if (outer?.aborted === true) controller.abort(outer.reason);
    else outer?.addEventListener("abort", this.#onOuterAbort, { once: true });
    this.#aborted = controller.signal.aborted;
    if (!this.#aborted) controller.signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  /** Whether the run was aborted (by the outer signal, or its controller). */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** The run's signal, given to a source function. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Resolves with `value`, or with {@link ABORTED} as soon as the run is aborted (whichever comes first). */
  race<T>(value: T | Promise<T>): Promise<T | typeof ABORTED> {
    if (this.#aborted) return Promise.race([Promise.resolve(value), Promise.resolve<typeof ABORTED>(ABORTED)]);
    return new Promise<T | typeof ABORTED>((resolve, reject) => {
      this.#wake = resolve;
      Promise.resolve(value).then(resolve, reject);
    });
  }

  /**
   * The run is over: the outer signal's listener goes, the pull in flight is no longer woken, and
   * with `abortRequest` the run's controller is aborted (the request a source function opened with
   * its signal), unless it already was.
   */
  release(abortRequest: boolean): void {
    this.#outer?.removeEventListener("abort", this.#onOuterAbort);
    this.#wake = undefined;
    if (abortRequest && !this.#controller.signal.aborted) this.#controller.abort();
  }

  readonly #onOuterAbort = (): void => this.#controller.abort(this.#outer?.reason);

  readonly #onAbort = (): void => {
    this.#aborted = true;
    this.#wake?.(ABORTED);
  };
}
