/**
 * A set of provider ids kept as 52-bit fingerprints instead of the strings themselves.
 *
 * A stream can carry any number of entities (output items, messages, tool calls), each with an id
 * of the server's choosing and of any length, and a run must remember every one for its whole
 * length (AG-UI ids stay unique; the Responses mapper's terminal backfill must know what already
 * streamed). Keeping the strings would let one run hold on to megabytes; a fingerprint costs the
 * same few bytes whatever the id. Two different ids share a fingerprint with odds of about 1 in
 * 4.5 × 10^15 per pair: `has` can then answer true for an id never added (for the Responses mapper
 * at worst one item gets a fresh AG-UI id, or a finished item a misbehaving server left out of its
 * stream is not re-mapped from `response.completed`; for the run builder a run of ~10^5 entities
 * would end in RUN_ERROR `invalid_sequence` with odds of about 1 in 10^6).
 */
export class IdFingerprints {
  readonly #keys = new FingerprintTable();

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
    return this.#keys.add(fingerprint(id));
  }
}

/** The first table's size: a power of two, small enough to be allocated cheaply. */
const INITIAL_SLOTS = 8;

/** A free slot of {@link FingerprintTable}. */
const EMPTY = 0;
/** A slot whose key was deleted: probes go on past it, and an add may reuse it. */
const DELETED = -1;

/**
 * A set of fingerprints (integers in [0, 2^52)) in one `Float64Array`, open addressing with linear
 * probing, each key stored plus one (0 marks a free slot). A `Set<number>` would hold each of these
 * numbers (too large for a small integer) as a heap object of its own behind a table entry, about
 * 36 bytes a key; here a key costs 8 bytes a slot at a load of at most 0.7, so a response that
 * streams thousands of items keeps a few hundred kilobytes less.
 */
export class FingerprintTable {
  // Eight slots (64 bytes) fit in V8's on-heap typed arrays; a larger first table would be an
  // off-heap allocation costing ten times as much, made by every run for sets most runs keep tiny.
  #slots = new Float64Array(INITIAL_SLOTS);
  /** Slots taken by a key or a deletion mark. */
  #used = 0;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  has(key: number): boolean {
    return this.#find(key + 1) >= 0;
  }

  /** Adds `key`; whether it was absent before. */
  add(key: number): boolean {
    const stored = key + 1;
    const slots = this.#slots;
    const mask = slots.length - 1;
    let reuse = -1;
    for (let i = start(stored, mask); ; i = (i + 1) & mask) {
      const slot = slots[i] as number;
      if (slot === stored) return false;
      if (slot === DELETED) {
        if (reuse < 0) reuse = i;
        continue;
      }
      if (slot !== EMPTY) continue;
      if (reuse >= 0) slots[reuse] = stored;
      else {
        slots[i] = stored;
        this.#used++;
      }
      this.#size++;
      if (this.#used * 10 > slots.length * 7) this.#rehash();
      return true;
    }
  }

  /** Removes `key`; whether it was present. */
  delete(key: number): boolean {
    const at = this.#find(key + 1);
    if (at < 0) return false;
    this.#slots[at] = DELETED;
    this.#size--;
    return true;
  }

  #find(stored: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let i = start(stored, mask); ; i = (i + 1) & mask) {
      const slot = slots[i] as number;
      if (slot === stored) return i;
      if (slot === EMPTY) return -1;
    }
  }

  /** Into a table twice as large, or as large when deletion marks took the room. */
  #rehash(): void {
    const old = this.#slots;
    const length = this.#size * 10 > old.length * 7 * 0.5 ? old.length * 2 : old.length;
    const slots = new Float64Array(length);
    const mask = length - 1;
    for (let j = 0; j < old.length; j++) {
      const stored = old[j] as number;
      if (stored === EMPTY || stored === DELETED) continue;
      let i = start(stored, mask);
      while (slots[i] !== EMPTY) i = (i + 1) & mask;
      slots[i] = stored;
    }
    this.#slots = slots;
    this.#used = this.#size;
  }
}

/** The first slot probed for a stored key: its low bits (the fingerprint's, well mixed). */
function start(stored: number, mask: number): number {
  return (stored % 0x100000000) & mask;
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

/**
 * A 52-bit fingerprint of any text (the hash {@link IdFingerprints} keeps): equal texts give equal
 * numbers; two different texts share one with odds of about 1 in 4.5 × 10^15. For remembering
 * whether a payload was already seen without holding on to it.
 */
export function textFingerprint(text: string): number {
  return hash(text);
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
