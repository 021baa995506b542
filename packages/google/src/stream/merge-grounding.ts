import { asArray, isRecord } from "../narrow.js";

/** One response's grounding fields, folded chunk by chunk ({@link foldGrounding}). */
export interface GroundingFold {
  /** The merged fields (`groundingMetadata`, `citationMetadata`, `urlContextMetadata`, `responseId`). */
  readonly fields: Record<string, unknown>;
  /** The citations kept, in arrival order: the array `fields.citationMetadata.citations` holds. */
  readonly citations: unknown[];
  /** The JSON text of every citation kept, to recognise one sent again. */
  readonly citationKeys: Set<string>;
  /**
   * Every chunk's `groundingMetadata.groundingChunks`, concatenated (a source equal to the one held
   * at its position in {@link resentOnce} shares that object): the list when chunks are numbered
   * across the stream.
   */
  readonly groundingChunks: unknown[];
  /** The same lists with a list that resends what came (and maybe more) adding only what is new. */
  readonly resentOnce: unknown[];
  /** The JSON text of each source of {@link resentOnce} (undefined: one that cannot be written). */
  readonly resentKeys: Array<string | undefined>;
  /** The highest `groundingChunkIndices` entry any kept support cites (-1: none). */
  maxCitedIndex: number;
  /** The grounding supports kept (a union in arrival order), and their JSON texts. */
  readonly supports: unknown[];
  readonly supportKeys: Set<string>;
}

/** An empty fold for one response. */
export function createGroundingFold(): GroundingFold {
  return {
    fields: {},
    citations: [],
    citationKeys: new Set(),
    groundingChunks: [],
    resentOnce: [],
    resentKeys: [],
    maxCitedIndex: -1,
    supports: [],
    supportKeys: new Set(),
  };
}

/**
 * Folds one chunk's grounding fields into what the response carried so far. Gemini may resend the
 * whole metadata on later chunks or spread it over several (search queries early, chunks and
 * supports later; citations on the chunk whose text they cite), so nothing is replaced wholesale:
 * - an object field is merged key by key, a later chunk's value of a key winning;
 * - `citationMetadata.citations` is the union of every chunk's citations, in arrival order, a
 *   citation sent again (equal as JSON) kept once; a `citations` value that is not an array is
 *   ignored;
 * - `groundingMetadata.groundingChunks` come two ways, and the fold keeps both readings until the
 *   supports say which one holds. A stream may number its grounding chunks across the stream (a
 *   file-search stream sends one retrieved chunk on each of two chunks, equal ones included, and
 *   its supports then cite index 1): every list is kept, concatenated. A stream may instead resend
 *   the whole list on later chunks (what came so far, new sources after it): a list that begins
 *   with every source kept so far (equal as JSON, in order) adds only the sources after them, so
 *   no source is doubled. The resend reading is the one shown unless a support cites an index past
 *   its end, when the concatenation is (so every index a support cites stays valid). A list that
 *   does not continue what came is appended whole in both readings;
 * - `groundingMetadata.groundingSupports` are a union in arrival order (a support sent again kept
 *   once), so supports spread over chunks, or resent whole, are all kept once.
 * Other values (the `responseId`) are taken as they are. The fold is updated in place and only the
 * chunk's own citations, supports and sources are serialised (each at most once per chunk that
 * carries it), so a long grounded answer costs time linear in what its chunks carry, not
 * quadratic; what is held is the response's distinct sources plus one reference per source each
 * chunk listed.
 */
export function foldGrounding(fold: GroundingFold, next: Record<string, unknown>): void {
  const { fields } = fold;
  for (const [key, value] of Object.entries(next)) {
    const before = fields[key];
    if (key === "citationMetadata" && isRecord(value)) fields[key] = foldCitations(fold, before, value);
    else if (key === "groundingMetadata" && isRecord(value)) fields[key] = foldGroundingMetadata(fold, before, value);
    else if (!isRecord(before) || !isRecord(value)) fields[key] = value;
    else fields[key] = { ...before, ...value };
  }
}

function foldGroundingMetadata(fold: GroundingFold, before: unknown, next: Record<string, unknown>): Record<string, unknown> {
  const chunks = asArray(next.groundingChunks);
  const supports = asArray(next.groundingSupports);
  if (chunks !== undefined) foldSources(fold, chunks);
  for (const support of supports ?? []) if (keepOnce(support, fold.supports, fold.supportKeys)) noteCitedIndices(fold, support);
  const { groundingChunks: _chunks, groundingSupports: _supports, ...rest } = next;
  const merged: Record<string, unknown> = { ...(isRecord(before) ? before : {}), ...rest };
  if (fold.groundingChunks.length > 0 || chunks !== undefined) {
    merged.groundingChunks = fold.maxCitedIndex >= fold.resentOnce.length ? fold.groundingChunks : fold.resentOnce;
  }
  if (fold.supports.length > 0 || supports !== undefined) merged.groundingSupports = fold.supports;
  return merged;
}

/**
 * One chunk's `groundingChunks` into both readings (see {@link foldGrounding}): appended to the
 * concatenation, and to {@link GroundingFold.resentOnce} unless the list begins with every source
 * held there, when only the sources after them are. Each source of the list is serialised at most
 * once, and the comparison stops at the first that differs.
 */
function foldSources(fold: GroundingFold, sources: readonly unknown[]): void {
  const { resentOnce, resentKeys } = fold;
  const keys: Array<string | undefined> = [];
  let resent = sources.length >= resentOnce.length && resentOnce.length > 0;
  for (let i = 0; resent && i < resentOnce.length; i++) {
    const key = identity(sources[i]);
    keys.push(key);
    resent = key !== undefined && key === resentKeys[i];
  }
  for (let i = 0; i < sources.length; i++) {
    // A source resent in place is the object already held: the concatenation holds a reference.
    fold.groundingChunks.push(resent && i < resentOnce.length ? resentOnce[i] : sources[i]);
  }
  for (let i = resent ? resentOnce.length : 0; i < sources.length; i++) {
    resentOnce.push(sources[i]);
    resentKeys.push(i < keys.length ? keys[i] : identity(sources[i]));
  }
}

/** Raises {@link GroundingFold.maxCitedIndex} to the highest index a support cites. */
function noteCitedIndices(fold: GroundingFold, support: unknown): void {
  const indices = isRecord(support) ? asArray(support.groundingChunkIndices) : undefined;
  for (const index of indices ?? []) {
    if (typeof index === "number" && Number.isInteger(index) && index > fold.maxCitedIndex) fold.maxCitedIndex = index;
  }
}

/**
 * Appends `value` unless an equal one (as JSON) was kept before; one that cannot be written is kept.
 * Whether it was appended.
 */
function keepOnce(value: unknown, kept: unknown[], keys: Set<string>): boolean {
  const key = identity(value);
  if (key !== undefined) {
    if (keys.has(key)) return false;
    keys.add(key);
  }
  kept.push(value);
  return true;
}

function foldCitations(fold: GroundingFold, before: unknown, next: Record<string, unknown>): Record<string, unknown> {
  const later = asArray(next.citations);
  for (const citation of later ?? []) keepOnce(citation, fold.citations, fold.citationKeys);
  const { citations: _ignored, ...rest } = next;
  const merged: Record<string, unknown> = { ...(isRecord(before) ? before : {}), ...rest };
  if (fold.citations.length > 0 || later !== undefined) merged.citations = fold.citations;
  return merged;
}

/** A citation's JSON text, to recognise one sent again; undefined when it cannot be written. */
function identity(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
