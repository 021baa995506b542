/**
 * The Chat usage rule of the openai README, written independently of the adapter: each reading of
 * a usage object (which parts are beside their totals) is enumerated, the readings a part larger
 * than its total rules out are discarded, and the first (in the documented order) that makes
 * `total_tokens` add up is taken; without one, only the forced readings apply.
 */
type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Rec) : undefined);
const valid = (v: unknown): number | undefined => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined);

/** The TokenUsage fields (without provider/model) a Chat usage object must give. */
export function expectedChatUsage(usage: unknown): Record<string, number> | undefined {
  const u = rec(usage);
  if (u === undefined) return undefined;
  const pd = rec(u.prompt_tokens_details);
  const cd = rec(u.completion_tokens_details);
  const prompt = valid(u.prompt_tokens);
  const completion = valid(u.completion_tokens);
  const present = (...values: unknown[]): unknown => values.find((v) => v !== undefined && v !== null);
  const reasoning = valid(present(cd?.reasoning_tokens, u.reasoning_tokens));
  const cached = valid(present(pd?.cached_tokens, u.prompt_cache_hit_tokens, u.num_cached_tokens, u.cached_tokens, u.cache_read_input_tokens));
  const write = valid(present(pd?.cache_write_tokens, pd?.cache_creation_input_tokens, u.cache_creation_input_tokens));
  const total = valid(u.total_tokens);
  let input = prompt;
  let output = completion;
  if (prompt !== undefined && completion !== undefined) {
    const cache = (cached ?? 0) + (write ?? 0);
    const readings = [
      { r: false, k: false },
      { r: true, k: false },
      { r: false, k: true },
      { r: true, k: true },
    ].filter(({ r, k }) => (r || (reasoning ?? 0) <= completion) && (k || cache <= prompt));
    const fits = readings.find(({ r, k }) => total !== undefined && prompt + completion + (r ? (reasoning ?? 0) : 0) + (k ? cache : 0) === total);
    const chosen = fits ?? { r: (reasoning ?? 0) > completion, k: cache > prompt };
    if (chosen.k) input = prompt + cache;
    if (chosen.r) output = completion + (reasoning ?? 0);
  }
  if (input === undefined && output === undefined) return undefined;
  const out: Record<string, number> = {};
  if (input !== undefined) out.inputTokens = input;
  if (output !== undefined) out.outputTokens = output;
  if (input !== undefined && output !== undefined) out.totalTokens = input + output;
  if (reasoning !== undefined && output !== undefined && reasoning <= output) out.reasoningTokens = reasoning;
  const cachedKept = cached !== undefined && input !== undefined && cached <= input ? cached : undefined;
  if (cachedKept !== undefined) out.cachedInputTokens = cachedKept;
  if (write !== undefined && input !== undefined && write + (cachedKept ?? 0) <= input) out.cacheWriteInputTokens = write;
  return out;
}
