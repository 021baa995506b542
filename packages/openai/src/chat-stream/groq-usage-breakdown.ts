import type { TokenUsage, WarningHandler } from "@agui-bridge/core/adapter";
import { mapChatUsage } from "../map-openai-usage.js";
import { asArray, asNonEmptyString, asRecord } from "../narrow.js";

/** Warning code: a `usage_breakdown` that does not account for the total was left aside. */
export const USAGE_BREAKDOWN_IGNORED = "usage.breakdown-ignored";

/** Where the per-model entries are stamped from. */
export interface BreakdownContext {
  provider: string;
  onWarning?: WarningHandler;
}

/**
 * Groq's per-model usage of a Compound system (`groq/compound`, `groq/compound-mini`), which
 * answers one request with several models (GPT-OSS 120B, Llama 4 Scout, Llama 3.3 70B, …). Groq's
 * API reference (its OpenAPI spec, as generated into the groq SDKs, groq-typescript
 * `resources/chat/completions.ts`): a stream chunk's `x_groq.usage_breakdown` ("Detailed usage
 * breakdown by model when multiple models are used in the request for compound AI systems. Only
 * sent in the final chunk") and a completion's top-level `usage_breakdown` are
 * `{ models: [{ model: string, usage: CompletionUsage }] }`, each `usage` counted like the
 * request's own `usage` (`prompt_tokens`, `completion_tokens`, `total_tokens`, details).
 *
 * Returns one TokenUsage per listed model (each read by {@link mapChatUsage}, the Chat rules for
 * parts), to stand in place of the request's single `total` entry, or `undefined` to keep that
 * entry. The reference calls the breakdown a breakdown *of* the request's usage but states no
 * arithmetic between them; `usage` is the request's documented usage. So the breakdown is taken
 * only when it accounts for exactly that total: the models' input tokens sum to the total's
 * input tokens and their output tokens to its output tokens. Otherwise (a count missing or
 * invalid, a model unnamed, sums that disagree, no total) the total stands alone and the
 * breakdown is reported (`usage.breakdown-ignored`), never added beside the total: a model's
 * tokens are never counted twice.
 */
export function usageByModel(breakdown: unknown, total: TokenUsage | undefined, context: BreakdownContext): TokenUsage[] | undefined {
  if (breakdown === undefined || breakdown === null) return undefined;
  const models = asArray(asRecord(breakdown)?.models);
  if (models === undefined || models.length === 0) return ignored(context, "it lists no models");
  if (total?.inputTokens === undefined || total.outputTokens === undefined) return ignored(context, "the request's usage has no input and output totals");
  const entries: TokenUsage[] = [];
  let input = 0;
  let output = 0;
  for (const raw of models) {
    const record = asRecord(raw);
    const model = asNonEmptyString(record?.model);
    if (model === undefined) return ignored(context, "a model entry names no model");
    const usage = mapChatUsage(record?.usage, { provider: context.provider, model, ...(context.onWarning !== undefined && { onWarning: context.onWarning }) });
    if (usage?.inputTokens === undefined || usage.outputTokens === undefined) return ignored(context, `the usage of ${model} has no valid input and output counts`);
    input += usage.inputTokens;
    output += usage.outputTokens;
    entries.push(usage);
  }
  if (input !== total.inputTokens || output !== total.outputTokens) {
    return ignored(context, `its models add up to ${input} input / ${output} output tokens, the request's usage to ${total.inputTokens} / ${total.outputTokens}`);
  }
  return entries;
}

function ignored(context: BreakdownContext, why: string): undefined {
  context.onWarning?.({
    code: USAGE_BREAKDOWN_IGNORED,
    message: `Groq's usage_breakdown was not used (${why}); the request's usage is reported as one entry`,
    details: { reason: why },
  });
  return undefined;
}
