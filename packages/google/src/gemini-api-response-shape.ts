import { isRecord } from "./narrow.js";

/**
 * The candidate fields `@google/genai` (3.x, `candidateFromMldev`) copies from a Gemini API
 * response into its `GenerateContentResponse`; any other field (`finishMessage` among them) is
 * dropped. Vertex AI candidates are copied whole.
 */
const GEMINI_API_CANDIDATE_FIELDS: readonly string[] = [
  "content",
  "citationMetadata",
  "tokenCount",
  "finishReason",
  "groundingMetadata",
  "avgLogprobs",
  "index",
  "logprobsResult",
  "safetyRatings",
  "urlContextMetadata",
  "continuationToken",
];

/**
 * A decoded Gemini API (not Vertex AI) chunk in the shape the SDK hands to its caller, so the
 * raw-bytes path maps exactly what the SDK path maps. The SDK rewrites each candidate: it keeps
 * only {@link GEMINI_API_CANDIDATE_FIELDS} (so `finishMessage` is gone), and it renames the wire's
 * `citationMetadata.citationSources` to `citations` (the name Vertex AI sends and the mapper reads;
 * a `citations` list already there, which the Gemini API never sends, is kept). As in the SDK, a
 * candidate or `citationMetadata` that is not an object becomes `{}`, and a chunk that is not an
 * object with a `candidates` array is returned as it is. Never changes the input: a chunk already
 * in that shape is returned as it is, any other one as a new object.
 */
export function toGeminiApiResponseShape(chunk: unknown): unknown {
  if (!isRecord(chunk) || !Array.isArray(chunk.candidates)) return chunk;
  // Most chunks already have the SDK's shape: they are returned as they are, with no copy per chunk.
  if (chunk.candidates.every(hasSdkShape)) return chunk;
  return { ...chunk, candidates: chunk.candidates.map(candidateShape) };
}

const KEPT: ReadonlySet<string> = new Set(GEMINI_API_CANDIDATE_FIELDS);

/** A candidate the SDK's copy would leave as it is: only kept fields, none null, no citation metadata to rename. */
function hasSdkShape(candidate: unknown): boolean {
  if (!isRecord(candidate)) return false;
  for (const key in candidate) {
    if (!KEPT.has(key) || key === "citationMetadata") return false;
    const value = candidate[key];
    if (value === undefined || value === null) return false;
  }
  return true;
}

function candidateShape(candidate: unknown): Record<string, unknown> {
  if (!isRecord(candidate)) return {};
  const out: Record<string, unknown> = {};
  for (const field of GEMINI_API_CANDIDATE_FIELDS) {
    const value = candidate[field];
    // The SDK skips null and undefined values.
    if (value === undefined || value === null) continue;
    out[field] = field === "citationMetadata" ? citationMetadataShape(value) : value;
  }
  return out;
}

function citationMetadataShape(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const citations = value.citationSources ?? value.citations;
  return citations === undefined || citations === null ? {} : { citations };
}
