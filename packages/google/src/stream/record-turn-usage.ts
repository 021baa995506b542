import type { WarningHandler } from "@agui-bridge/core/adapter";
import { mapGoogleUsage } from "./map-google-usage.js";
import type { StreamState, TurnState } from "./stream-state.js";

/**
 * The counts of the last `usageMetadata` mapped, and where they went: Gemini repeats the same
 * report on chunk after chunk (Vertex AI sends `{ trafficType }` alone until the last chunk), and a
 * report equal to the one before maps to the same ledger entry, so it is not mapped again.
 */
export interface UsageMemo {
  key: string;
  model: string | undefined;
  promptTokenCount: unknown;
  candidatesTokenCount: unknown;
  thoughtsTokenCount: unknown;
  toolUsePromptTokenCount: unknown;
  cachedContentTokenCount: unknown;
  totalTokenCount: unknown;
}

/**
 * Records a chunk's `usageMetadata` as the turn's usage ledger entry ({@link mapGoogleUsage}; usage
 * is cumulative, the last report wins). A report whose counts, turn and model equal the last one
 * mapped is skipped: it would record an equal entry. A report that raised a warning is never
 * remembered, so an equal later one warns again, as it always did.
 */
export function recordTurnUsage(state: StreamState, turn: TurnState, usage: Record<string, unknown>): void {
  const { promptTokenCount, candidatesTokenCount, thoughtsTokenCount, toolUsePromptTokenCount, cachedContentTokenCount, totalTokenCount } = usage;
  const memo = state.usageMemo;
  if (
    memo !== undefined &&
    memo.key === turn.key &&
    memo.model === turn.model &&
    memo.promptTokenCount === promptTokenCount &&
    memo.candidatesTokenCount === candidatesTokenCount &&
    memo.thoughtsTokenCount === thoughtsTokenCount &&
    memo.toolUsePromptTokenCount === toolUsePromptTokenCount &&
    memo.cachedContentTokenCount === cachedContentTokenCount &&
    memo.totalTokenCount === totalTokenCount
  ) {
    return;
  }
  const onWarning = state.options.onWarning;
  let warned = false;
  const noting: WarningHandler | undefined =
    onWarning === undefined
      ? undefined
      : (warning) => {
          warned = true;
          onWarning(warning);
        };
  state.run.usage.record(turn.key, mapGoogleUsage(usage, turn.model, noting, state.options.provider));
  state.usageMemo = warned
    ? undefined
    : { key: turn.key, model: turn.model, promptTokenCount, candidatesTokenCount, thoughtsTokenCount, toolUsePromptTokenCount, cachedContentTokenCount, totalTokenCount };
}
