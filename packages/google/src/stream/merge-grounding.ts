import { asArray, isRecord } from "../narrow.js";

/** One response's grounding fields, folded chunk by chunk ({@link foldGrounding}). */
export interface GroundingFold {
  /** The merged fields (`groundingMetadata`, `citationMetadata`, `urlContextMetadata`, `responseId`). */
  readonly fields: Record<string, unknown>;
  /** The citations kept, in arrival order: the array `fields.citationMetadata.citations` holds. */
  readonly citations: unknown[];
  /** The JSON text of every citation kept, to recognise one sent again. */
  readonly citationKeys: Set<string>;
  /** Every chunk's `groundingMetadata.groundingChunks`, concatenated: what `fields.groundingMetadata.groundingChunks` holds. */
  readonly groundingChunks: unknown[];
  /** The grounding supports kept (a union in arrival order), and their JSON texts. */
  readonly supports: unknown[];
  readonly supportKeys: Set<string>;
}

/** An empty fold for one response. */
export function createGroundingFold(): GroundingFold {
  return { fields: {}, citations: [], citationKeys: new Set(), groundingChunks: [], supports: [], supportKeys: new Set() };
}

/**
 * Folds one chunk's grounding fields into what the response carried so far. Gemini may resend the
 * whole metadata on later chunks or spread it over several (search queries early, chunks and
 * supports later; citations on the chunk whose text they cite), so nothing is replaced wholesale:
 * - an object field is merged key by key, a later chunk's value of a key winning;
 * - `citationMetadata.citations` is the union of every chunk's citations, in arrival order, a
 *   citation sent again (equal as JSON) kept once; a `citations` value that is not an array is
 *   ignored;
 * - `groundingMetadata.groundingChunks` are concatenated: a streamed response numbers its
 *   grounding chunks across the stream (a file-search stream sends one retrieved chunk on each of
 *   two chunks, equal ones included, and its supports then cite index 1), so a later list replacing
 *   an earlier one would leave supports pointing past the end. Were a server to resend the whole
 *   list, the concatenation keeps every index it cites valid (the first copy comes first);
 * - `groundingMetadata.groundingSupports` are a union in arrival order (a support sent again kept
 *   once), so supports spread over chunks are all kept.
 * Other values (the `responseId`) are taken as they are. The fold is updated in place and only the
 * chunk's own citations are serialised, so a long grounded answer costs time linear in its
 * citations, not quadratic.
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
  if (chunks !== undefined) fold.groundingChunks.push(...chunks);
  for (const support of supports ?? []) keepOnce(support, fold.supports, fold.supportKeys);
  const { groundingChunks: _chunks, groundingSupports: _supports, ...rest } = next;
  const merged: Record<string, unknown> = { ...(isRecord(before) ? before : {}), ...rest };
  if (fold.groundingChunks.length > 0 || chunks !== undefined) merged.groundingChunks = fold.groundingChunks;
  if (fold.supports.length > 0 || supports !== undefined) merged.groundingSupports = fold.supports;
  return merged;
}

/** Appends `value` unless an equal one (as JSON) was kept before; one that cannot be written is kept. */
function keepOnce(value: unknown, kept: unknown[], keys: Set<string>): void {
  const key = identity(value);
  if (key !== undefined) {
    if (keys.has(key)) return;
    keys.add(key);
  }
  kept.push(value);
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
