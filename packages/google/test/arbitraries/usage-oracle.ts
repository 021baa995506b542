/**
 * The usage an adapter must report for Gemini, from the documented contract alone: per response
 * (`responseId`), `usageMetadata` is a running total and the last one with a usable count wins;
 * inputTokens = promptTokenCount + toolUsePromptTokenCount, outputTokens = candidatesTokenCount +
 * thoughtsTokenCount (absent parts skipped; an invalid present part drops the sum), and with both
 * absent (proto3 omits a zero) totalTokenCount - inputTokens when the total holds the input; with no
 * promptTokenCount (proto3 omits a zero), inputTokens = totalTokenCount - outputTokens when the
 * total and the output are valid and that rest covers a valid (or absent) toolUsePromptTokenCount,
 * reasoningTokens = thoughtsTokenCount, cachedInputTokens = cachedContentTokenCount (each only when
 * valid and within its total), totalTokens = input + output; responses summed per model.
 */
import type { TokenUsage } from "@agui-bridge/core/adapter";
import { sumPerModel } from "@agui-bridge/test-support";

type Rec = Record<string, unknown>;
const valid = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const present = (value: unknown): boolean => value !== undefined && value !== null;

function sum(values: unknown[]): number | undefined {
  const parts = values.filter(present);
  if (parts.length === 0 || !parts.every(valid)) return undefined;
  const total = (parts as number[]).reduce((a, b) => a + b, 0);
  return Number.isSafeInteger(total) ? total : undefined;
}

/** One usageMetadata as an entry (undefined when no count survives). */
export function googleEntry(usage: Rec, model: string | undefined): TokenUsage | undefined {
  const reportedOutput = sum([usage.candidatesTokenCount, usage.thoughtsTokenCount]);
  const rest = valid(usage.totalTokenCount) && reportedOutput !== undefined ? usage.totalTokenCount - reportedOutput : undefined;
  const toolUse = usage.toolUsePromptTokenCount;
  const fromTotal = rest !== undefined && rest >= 0 && (!present(toolUse) || (valid(toolUse) && rest >= toolUse)) ? rest : undefined;
  const input = present(usage.promptTokenCount) ? sum([usage.promptTokenCount, toolUse]) : (fromTotal ?? sum([toolUse]));
  // Neither output count present (proto3 omits a zero: a response that produced nothing): the
  // output is what the total holds beyond the input.
  const bothOutputsAbsent = !present(usage.candidatesTokenCount) && !present(usage.thoughtsTokenCount);
  const outputRest = bothOutputsAbsent && valid(usage.totalTokenCount) && input !== undefined && usage.totalTokenCount >= input ? usage.totalTokenCount - input : undefined;
  const output = reportedOutput ?? outputRest;
  if (input === undefined && output === undefined) return undefined;
  const entry: TokenUsage = { provider: "google", ...(model !== undefined && { model }) };
  if (input !== undefined) entry.inputTokens = input;
  if (output !== undefined) entry.outputTokens = output;
  if (input !== undefined && output !== undefined && Number.isSafeInteger(input + output)) entry.totalTokens = input + output;
  if (valid(usage.thoughtsTokenCount) && output !== undefined && usage.thoughtsTokenCount <= output) entry.reasoningTokens = usage.thoughtsTokenCount;
  if (valid(usage.cachedContentTokenCount) && input !== undefined && usage.cachedContentTokenCount <= input) entry.cachedInputTokens = usage.cachedContentTokenCount;
  return entry;
}

/**
 * The terminal usage for a list of chunks: turns split by `responseId` (chunks without one stay in
 * the current turn; the first id seen names a turn that began without one), `modelVersion` last
 * seen per turn at the time of each report.
 */
export function googleUsageOracle(chunks: readonly unknown[]): TokenUsage[] | undefined {
  const turns: Array<{ id: string | undefined; model: string | undefined; entry: TokenUsage | undefined }> = [];
  for (const raw of chunks) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) continue;
    const chunk = raw as Rec;
    const id = typeof chunk.responseId === "string" && chunk.responseId !== "" ? chunk.responseId : undefined;
    let turn = turns[turns.length - 1];
    if (turn === undefined || (id !== undefined && turn.id !== undefined && id !== turn.id)) {
      turn = { id, model: undefined, entry: undefined };
      turns.push(turn);
    } else if (turn.id === undefined && id !== undefined) turn.id = id;
    if (typeof chunk.modelVersion === "string" && chunk.modelVersion !== "") turn.model = chunk.modelVersion;
    const usage = chunk.usageMetadata;
    if (typeof usage === "object" && usage !== null && !Array.isArray(usage)) turn.entry = googleEntry(usage as Rec, turn.model) ?? turn.entry;
  }
  return sumPerModel(turns.flatMap((turn) => (turn.entry === undefined ? [] : [turn.entry])));
}
