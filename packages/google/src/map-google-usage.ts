import { createTokenUsage, providerLabel, sumTokenCounts, type TokenUsage, type WarningHandler } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "./constants.js";

/**
 * Gemini `usageMetadata` in AG-UI accounting:
 * - `inputTokens = promptTokenCount + toolUsePromptTokenCount` (the prompt count already
 *   includes cached tokens);
 * - `cachedInputTokens = cachedContentTokenCount`;
 * - `outputTokens = candidatesTokenCount + thoughtsTokenCount`;
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
  const inputTokens = sumTokenCounts([usage.promptTokenCount, usage.toolUsePromptTokenCount], "inputTokens", options);
  const outputTokens = sumTokenCounts([usage.candidatesTokenCount, usage.thoughtsTokenCount], "outputTokens", options);
  return createTokenUsage(
    {
      provider: providerLabel(provider, GOOGLE_PROVIDER),
      ...(model !== undefined && { model }),
      inputTokens,
      outputTokens,
      reasoningTokens: usage.thoughtsTokenCount,
      cachedInputTokens: usage.cachedContentTokenCount,
    },
    options,
  );
}
