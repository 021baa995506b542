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

/** One usage entry a chunk reports: the TokenUsage fields (without provider) and the model they are for. */
export interface ExpectedUsageEntry {
  model?: string;
  fields: Record<string, number>;
}

/**
 * The usage entries a chunk reports, per the README: its `usage` (else Kimi's on the finishing
 * choice, else Groq's copy `x_groq.usage`), read by {@link expectedChatUsage}; when Groq Compound's
 * `x_groq.usage_breakdown.models[]` accounts exactly for it (every model named, with input and
 * output counts that sum to the usage's), one entry per listed model instead. `undefined` when the
 * chunk reports no usage.
 */
export function expectedChunkUsages(chunk: Rec, model: string | undefined): ExpectedUsageEntry[] | undefined {
  const choices = Array.isArray(chunk.choices) ? (chunk.choices as unknown[]) : [];
  const xGroq = rec(chunk.x_groq);
  const usage = rec(chunk.usage) ?? choices.map((c) => rec(rec(c)?.usage)).find((u) => u !== undefined) ?? rec(xGroq?.usage);
  if (usage === undefined) return undefined;
  const total = expectedChatUsage(usage) ?? {};
  const whole = [{ ...(model !== undefined && { model }), fields: total }];
  const models = rec(xGroq?.usage_breakdown)?.models;
  if (!Array.isArray(models) || models.length === 0 || total.inputTokens === undefined || total.outputTokens === undefined) return whole;
  const parts: ExpectedUsageEntry[] = [];
  for (const entry of models) {
    const name = rec(entry)?.model;
    const fields = expectedChatUsage(rec(entry)?.usage);
    if (typeof name !== "string" || name === "" || fields?.inputTokens === undefined || fields.outputTokens === undefined) return whole;
    parts.push({ model: name, fields });
  }
  const sum = (key: string) => parts.reduce((n, p) => n + (p.fields[key] ?? 0), 0);
  return sum("inputTokens") === total.inputTokens && sum("outputTokens") === total.outputTokens ? parts : whole;
}
