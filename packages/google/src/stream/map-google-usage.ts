import { createTokenUsage, providerLabel, sumTokenCounts, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "../constants.js";

/**
 * Gemini `usageMetadata` in AG-UI accounting:
 * - `inputTokens = promptTokenCount + toolUsePromptTokenCount` (the prompt count already
 *   includes cached tokens); when `promptTokenCount` is absent (proto3 JSON omits a zero, and the
 *   API leaves it out for some prompts, e.g. a video read from a URL, while `totalTokenCount`
 *   still counts them), `totalTokenCount - outputTokens`, the prompt share of the documented
 *   total, if that is at least `toolUsePromptTokenCount`;
 * - `cachedInputTokens = cachedContentTokenCount`;
 * - `outputTokens = candidatesTokenCount + thoughtsTokenCount`; when both are absent (a zero, which
 *   proto3 JSON omits: a response that produced nothing), `totalTokenCount - inputTokens`, if the
 *   total holds the input;
 * - `reasoningTokens = thoughtsTokenCount`;
 * - `totalTokens` computed (input + output, which equals `totalTokenCount`);
 * - `model` from the chunk's `modelVersion`.
 * - `provider` labels the entry (default `google`; `google-vertex` on Vertex AI).
 * Returns undefined when the metadata carries no count (e.g. only `trafficType`).
 */
export function mapGoogleUsage(
  usage: Record<string, unknown>,
  model: string | undefined,
  onWarning?: WarningHandler,
  provider?: string,
): TokenUsage | undefined {
  const options = onWarning === undefined ? {} : { onWarning };
  const reportedOutput = sumTokenCounts([usage.candidatesTokenCount, usage.thoughtsTokenCount], "outputTokens", options);
  const inputTokens = absent(usage.promptTokenCount)
    ? (inputFromTotal(usage, reportedOutput) ?? sumTokenCounts([usage.toolUsePromptTokenCount], "inputTokens", options))
    : sumTokenCounts([usage.promptTokenCount, usage.toolUsePromptTokenCount], "inputTokens", options);
  const outputTokens = reportedOutput ?? outputFromTotal(usage, inputTokens);
  return createTokenUsage(
    {
      provider: providerLabel(provider, GOOGLE_PROVIDER),
      // Passed even when undefined (createTokenUsage keeps only a non-empty string): a spread here
      // would make the whole literal a slow generic copy.
      model,
      inputTokens,
      outputTokens,
      reasoningTokens: usage.thoughtsTokenCount,
      cachedInputTokens: usage.cachedContentTokenCount,
    },
    options,
  );
}

/**
 * The output share of `totalTokenCount` when neither output count is reported: proto3 JSON omits a
 * zero, so a response that produced nothing (a MALFORMED_FUNCTION_CALL or UNEXPECTED_TOOL_CALL
 * finish, a first chunk before any output) reports only the prompt and the total. Undefined unless
 * both output counts are absent, the total is a usable count and it holds the input.
 */
function outputFromTotal(usage: Record<string, unknown>, inputTokens: number | undefined): number | undefined {
  const total = usage.totalTokenCount;
  if (!absent(usage.candidatesTokenCount) || !absent(usage.thoughtsTokenCount)) return undefined;
  if (!count(total) || inputTokens === undefined || total < inputTokens) return undefined;
  return total - inputTokens;
}

const absent = (value: unknown): boolean => value === undefined || value === null;
const count = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * The input share of `totalTokenCount` (prompt + tool-use prompt + candidates + thoughts, as
 * documented) when the prompt count is absent; undefined when the total or the output is not a
 * usable count, or the rest is below the tool-use prompt count it must include.
 */
function inputFromTotal(usage: Record<string, unknown>, outputTokens: number | undefined): number | undefined {
  const total = usage.totalTokenCount;
  if (!count(total) || outputTokens === undefined) return undefined;
  const input = total - outputTokens;
  const toolUse = usage.toolUsePromptTokenCount;
  if (input < 0 || (!absent(toolUse) && (!count(toolUse) || input < toolUse))) return undefined;
  return input;
}
