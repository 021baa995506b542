const COUNTS = ["inputTokens", "outputTokens", "totalTokens", "reasoningTokens", "cachedInputTokens", "cacheWriteInputTokens"] as const;

/**
 * What is wrong with a terminal event's `usage` under AG-UI 1.0 accounting (empty when nothing):
 * every count a safe non-negative integer; `totalTokens` = `inputTokens` + `outputTokens` (and
 * present only with both); `reasoningTokens <= outputTokens`;
 * `cachedInputTokens + cacheWriteInputTokens <= inputTokens`; one entry per provider and model
 * (a run that called a model several times sums the calls into that model's entry). The schemas
 * check the first rule; the relations between fields and entries are checked here.
 */
export function usageIssues(usage: unknown): string[] {
  if (usage === undefined) return [];
  if (!Array.isArray(usage)) return ["usage is not an array"];
  const issues: string[] = [];
  const models = new Map<string, number>();
  usage.forEach((raw: unknown, index) => {
    if (typeof raw !== "object" || raw === null) {
      issues.push(`usage[${index}] is not an object`);
      return;
    }
    const entry = raw as Record<string, unknown>;
    const key = JSON.stringify([entry.provider ?? null, entry.model ?? null]);
    const earlier = models.get(key);
    if (earlier !== undefined) {
      issues.push(`usage[${index}] repeats the provider and model of usage[${earlier}] (one entry per provider and model)`);
    } else models.set(key, index);
    for (const field of COUNTS) {
      const value = entry[field];
      if (value !== undefined && !(typeof value === "number" && Number.isSafeInteger(value) && value >= 0)) {
        issues.push(`usage[${index}].${field} = ${String(value)} is not a safe non-negative integer`);
      }
    }
    const count = (field: (typeof COUNTS)[number]): number | undefined => {
      const value = entry[field];
      return typeof value === "number" ? value : undefined;
    };
    const input = count("inputTokens");
    const output = count("outputTokens");
    const total = count("totalTokens");
    if (total !== undefined && (input === undefined || output === undefined || total !== input + output)) {
      issues.push(`usage[${index}].totalTokens ${total} is not inputTokens + outputTokens`);
    }
    const reasoning = count("reasoningTokens");
    if (reasoning !== undefined && (output === undefined || reasoning > output)) {
      issues.push(`usage[${index}].reasoningTokens ${reasoning} exceeds outputTokens ${String(output)}`);
    }
    const cached = count("cachedInputTokens");
    const written = count("cacheWriteInputTokens");
    if ((cached !== undefined || written !== undefined) && (input === undefined || (cached ?? 0) + (written ?? 0) > input)) {
      issues.push(`usage[${index}] cache reads + writes exceed inputTokens ${String(input)}`);
    }
  });
  return issues;
}
