/**
 * A set of provider ids kept as 52-bit fingerprints instead of the strings themselves.
 *
 * A Responses stream can carry any number of output items, each with an id of the server's
 * choosing and of any length; the mapper must remember every one for the whole run (AG-UI ids
 * stay unique, and the terminal backfill must know what already streamed). Keeping the strings
 * would let one response hold on to megabytes; a fingerprint costs the same few bytes whatever
 * the id. Two different ids share a fingerprint with odds of about 1 in 4.5 × 10^15 per pair:
 * `has` can then answer true for an id never added, which at worst gives one item a fresh
 * AG-UI id, or skips re-mapping a finished item from `response.completed` that a misbehaving
 * server had also left out of its stream.
 */
export class IdFingerprints {
  readonly #keys = new Set<number>();

  add(id: string): void {
    this.#keys.add(fingerprint(id));
  }

  has(id: string): boolean {
    return this.#keys.has(fingerprint(id));
  }

  delete(id: string): void {
    this.#keys.delete(fingerprint(id));
  }

  /** Adds `id`; whether it was absent before (`has` then `add`, hashing the id once). */
  claim(id: string): boolean {
    const key = fingerprint(id);
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    return true;
  }
}

/** Ids up to this length are remembered by {@link fingerprint}'s one-entry memo (it never pins a long string). */
const MEMO_MAX_LENGTH = 256;
let memoId: string | undefined;
let memoKey = 0;

/**
 * An id's fingerprint. The same id is usually fingerprinted several times in a row (an item's
 * `added` marks it streamed, then claims it as a message id; its `done` checks it again), so the
 * last short id and its fingerprint are kept: comparing the strings is cheaper than hashing again.
 */
function fingerprint(id: string): number {
  if (id === memoId) return memoKey;
  const key = hash(id);
  if (id.length <= MEMO_MAX_LENGTH) {
    memoId = id;
    memoKey = key;
  }
  return key;
}

/** Two independent FNV-1a hashes (31 and 21 bits) joined into one safe integer. */
function hash(id: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ id.length;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 1) * 0x200000 + (b >>> 11);
}
