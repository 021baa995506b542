/**
 * A set of output indexes that stays small when they arrive in order, as a response's items do:
 * every index below a watermark is in the set, and only the ones seen ahead of it are stored.
 * (A response of 16k items costs a number, not 16k set entries.) Anything that is not a
 * non-negative safe integer is simply stored.
 */
export class IndexSet {
  /** Every index below this one is in the set. */
  #below = 0;
  readonly #ahead = new Set<number>();

  /** Adds `index`; whether it was absent before. */
  add(index: number): boolean {
    if (index === this.#below) {
      // Never in `#ahead`: the watermark passes an index only after deleting it from there.
      this.#below++;
      while (this.#ahead.delete(this.#below)) this.#below++;
      return true;
    }
    if (this.has(index)) return false;
    this.#ahead.add(index);
    return true;
  }

  has(index: number): boolean {
    return (Number.isSafeInteger(index) && index >= 0 && index < this.#below) || this.#ahead.has(index);
  }
}
