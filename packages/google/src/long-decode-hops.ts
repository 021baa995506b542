import { asArray, asNonEmptyString, asRecord } from "./narrow.js";

/** The `usageMetadata` counts summed across long-decode hops (each hop is a request of its own). */
const USAGE_COUNTS = ["promptTokenCount", "candidatesTokenCount", "totalTokenCount", "thoughtsTokenCount", "cachedContentTokenCount", "toolUsePromptTokenCount"] as const;

/** The `usageMetadata` lists that split a count by modality, merged across hops. */
const USAGE_DETAILS = ["promptTokensDetails", "candidatesTokensDetails", "cacheTokensDetails", "toolUsePromptTokensDetails"] as const;

/** At most this many hops make one answer (Gemini 4 caps an answer at about 1M output tokens, 65,536 a streamed hop). */
export const MAX_LONG_DECODE_HOPS = 64;

/**
 * Gemini's long decode on the raw path, as `@google/genai`'s automatic continuation does it on the
 * SDK path: a hop that ends with `finishReason: CONTINUATION` and a new `continuationToken` is
 * followed by the next hop (`openNext(token)`: the same request with `config.continuationToken`),
 * and the chunks of every hop go on as one stream. A hop's CONTINUATION is cleared (the answer has
 * not finished), and each chunk's usage is its hop's running total plus the usage of the hops
 * before it (what Google bills; the per-modality split too, as the SDK merges it). Chunks are the parsed JSON of this run, changed in place. A hop
 * that ends any other way, repeats its token, or is the {@link MAX_LONG_DECODE_HOPS}th ends it.
 */
export function continueLongDecode(
  first: AsyncIterable<unknown>,
  openNext: (token: string) => Promise<AsyncIterable<unknown>>,
): AsyncIterable<unknown> {
  return {
    async *[Symbol.asyncIterator]() {
      let hop: AsyncIterable<unknown> = first;
      let before: Record<string, unknown> | undefined;
      let startToken: string | undefined;
      for (let count = 1; ; count++) {
        let token: string | undefined;
        let finish: string | undefined;
        let usage: Record<string, unknown> | undefined;
        const last = count >= MAX_LONG_DECODE_HOPS;
        for await (const value of hop) {
          const chunk = asRecord(value);
          const candidate = asRecord(Array.isArray(chunk?.candidates) ? chunk.candidates[0] : undefined);
          token = asNonEmptyString(candidate?.continuationToken) ?? token;
          finish = asNonEmptyString(candidate?.finishReason) ?? finish;
          const hopUsage = asRecord(chunk?.usageMetadata);
          if (hopUsage !== undefined) {
            usage = hopUsage;
            if (before !== undefined && chunk !== undefined) chunk.usageMetadata = addUsage(before, hopUsage);
          }
          if (!last && candidate !== undefined && candidate.finishReason === "CONTINUATION" && token !== undefined && token !== startToken) {
            delete candidate.finishReason;
          }
          yield value;
        }
        if (last || finish !== "CONTINUATION" || token === undefined || token === startToken) return;
        before = addUsage(before ?? {}, usage ?? {});
        startToken = token;
        hop = await openNext(token);
      }
    },
  };
}

/**
 * The usage of the hops so far plus a hop's, as the SDK's `mergeUsageMetadata` makes it: the counts
 * summed, the per-modality lists ({@link USAGE_DETAILS}) summed modality by modality (in order of
 * first appearance, an absent `tokenCount` counting 0), `trafficType` the hop's when it has one.
 */
function addUsage(before: Record<string, unknown>, hop: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of USAGE_COUNTS) {
    const a = before[key];
    const b = hop[key];
    if (typeof a === "number" || typeof b === "number") out[key] = (typeof a === "number" ? a : 0) + (typeof b === "number" ? b : 0);
  }
  for (const key of USAGE_DETAILS) {
    const merged = addModalityCounts(asArray(before[key]), asArray(hop[key]));
    if (merged !== undefined) out[key] = merged;
  }
  const trafficType = hop.trafficType ?? before.trafficType;
  if (trafficType !== undefined && trafficType !== null) out.trafficType = trafficType;
  return out;
}

function addModalityCounts(before: readonly unknown[] | undefined, hop: readonly unknown[] | undefined): unknown[] | undefined {
  if (before === undefined || hop === undefined) return before === undefined ? hop?.slice() : before.slice();
  const counts = new Map<unknown, number>();
  for (const item of [...before, ...hop]) {
    const record = asRecord(item);
    if (record === undefined) continue;
    const count = record.tokenCount;
    counts.set(record.modality, (counts.get(record.modality) ?? 0) + (typeof count === "number" ? count : 0));
  }
  return [...counts].map(([modality, tokenCount]) => ({ modality, tokenCount }));
}
