import type { OutputItem } from "./responses-stream-state.js";

/** Ids up to this length are remembered by {@link ItemsById.get} (it never pins a long string). */
const MEMO_MAX_LENGTH = 256;

/**
 * The items still streaming, by item id: a `Map` that remembers its last lookup. Text and argument
 * deltas name the same item event after event, each time in a fresh string (every event is
 * parsed anew), which a `Map` lookup hashes whole; comparing it with the last id looked up costs
 * less. Any change to the map forgets the lookup.
 */
export class ItemsById extends Map<string, OutputItem> {
  #lastId: string | undefined;
  #lastItem: OutputItem | undefined;

  override get(id: string): OutputItem | undefined {
    if (id === this.#lastId) return this.#lastItem;
    const item = super.get(id);
    if (id.length <= MEMO_MAX_LENGTH) {
      this.#lastId = id;
      this.#lastItem = item;
    }
    return item;
  }

  override set(id: string, item: OutputItem): this {
    this.#lastId = undefined;
    this.#lastItem = undefined;
    return super.set(id, item);
  }

  override delete(id: string): boolean {
    this.#lastId = undefined;
    this.#lastItem = undefined;
    return super.delete(id);
  }

  override clear(): void {
    this.#lastId = undefined;
    this.#lastItem = undefined;
    super.clear();
  }
}
