import { asArray, isRecord } from "../narrow.js";

/** One response's grounding fields, folded chunk by chunk ({@link foldGrounding}). */
export interface GroundingFold {
  /** The merged fields (`groundingMetadata`, `citationMetadata`, `urlContextMetadata`, `responseId`). */
  readonly fields: Record<string, unknown>;
  /** The citations kept, in arrival order: the array `fields.citationMetadata.citations` holds. */
  readonly citations: unknown[];
  /** The JSON text of every citation kept, to recognise one sent again. */
  readonly citationKeys: Set<string>;
}

/** An empty fold for one response. */
export function createGroundingFold(): GroundingFold {
  return { fields: {}, citations: [], citationKeys: new Set() };
}

/**
 * Folds one chunk's grounding fields into what the response carried so far. Gemini may resend the
 * whole metadata on later chunks or spread it over several (search queries early, chunks and
 * supports later; citations on the chunk whose text they cite), so nothing is replaced wholesale:
 * - an object field is merged key by key, a later chunk's value of a key winning;
 * - `citationMetadata.citations` is the union of every chunk's citations, in arrival order, a
 *   citation sent again (equal as JSON) kept once; a `citations` value that is not an array is
 *   ignored.
 * Other values (the `responseId`) are taken as they are. The fold is updated in place and only the
 * chunk's own citations are serialised, so a long grounded answer costs time linear in its
 * citations, not quadratic.
 */
export function foldGrounding(fold: GroundingFold, next: Record<string, unknown>): void {
  const { fields } = fold;
  for (const [key, value] of Object.entries(next)) {
    const before = fields[key];
    if (key === "citationMetadata" && isRecord(value)) fields[key] = foldCitations(fold, before, value);
    else if (!isRecord(before) || !isRecord(value)) fields[key] = value;
    else fields[key] = { ...before, ...value };
  }
}

function foldCitations(fold: GroundingFold, before: unknown, next: Record<string, unknown>): Record<string, unknown> {
  const later = asArray(next.citations);
  for (const citation of later ?? []) {
    const key = identity(citation);
    if (key !== undefined) {
      if (fold.citationKeys.has(key)) continue;
      fold.citationKeys.add(key);
    }
    fold.citations.push(citation);
  }
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
