import { asArray, isRecord } from "./narrow.js";

/**
 * Folds one chunk's grounding fields (`groundingMetadata`, `citationMetadata`,
 * `urlContextMetadata`) into what the response carried so far. Gemini may resend the whole
 * metadata on later chunks or spread it over several (search queries early, chunks and supports
 * later; citations on the chunk whose text they cite), so nothing is replaced wholesale:
 * - an object field is merged key by key, a later chunk's value of a key winning;
 * - `citationMetadata.citations` is the union of every chunk's citations, in arrival order, a
 *   citation sent again (equal as JSON) kept once.
 * Other values (the `responseId`) are taken as they are. Returns a new object.
 */
export function mergeGrounding(previous: Record<string, unknown> | undefined, next: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...previous };
  for (const [key, value] of Object.entries(next)) {
    const before = out[key];
    if (!isRecord(before) || !isRecord(value)) out[key] = value;
    else if (key === "citationMetadata") out[key] = mergeCitations(before, value);
    else out[key] = { ...before, ...value };
  }
  return out;
}

function mergeCitations(before: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const earlier = asArray(before.citations);
  const later = asArray(next.citations);
  if (earlier === undefined || later === undefined) return { ...before, ...next };
  const seen = new Set(earlier.map(identity));
  const citations = [...earlier];
  for (const citation of later) {
    const key = identity(citation);
    if (key !== undefined && seen.has(key)) continue;
    if (key !== undefined) seen.add(key);
    citations.push(citation);
  }
  return { ...before, ...next, citations };
}

/** A citation's JSON text, to recognise one sent again; undefined when it cannot be written. */
function identity(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
