import { toTokenCount, type WarningHandler } from "@agui-bridge/core/adapter";
import { asArray, asNonEmptyString, asRecord, isRecord } from "../narrow.js";
import type { StreamState, TurnState } from "./stream-state.js";

/** The `usageMetadata` lists that split a count by modality (`ModalityTokenCount[]`), in the order an entry lists them. */
const MODALITY_LISTS = ["promptTokensDetails", "candidatesTokensDetails", "cacheTokensDetails", "toolUsePromptTokensDetails"] as const;

/** One `ModalityTokenCount` (`{ modality, tokenCount }`) of a `usageDetails` entry, narrowed. */
export interface ModalityCount {
  modality: string;
  tokenCount: number;
}

/**
 * What one response's `usageMetadata` says beyond the counts core's `TokenUsage` holds, as
 * RUN_FINISHED / RUN_ERROR metadata `usageDetails` (one entry per response, in order, with its
 * `responseId` and `model`): the per-modality split of
 * the prompt, the candidates, the cached content and the tool-use prompt (`promptTokensDetails`,
 * `candidatesTokensDetails`, `cacheTokensDetails`, `toolUsePromptTokensDetails`: Gemini prices
 * audio input apart from text, image and video) and the `trafficType` that served it (`ON_DEMAND`,
 * `ON_DEMAND_PRIORITY`, `ON_DEMAND_FLEX`, `PROVISIONED_THROUGHPUT`, …: it decides the price, as
 * `serviceTier` does for the other adapters), or on the Gemini API the `serviceTier` that served it
 * (`standard`, `flex`, `priority`: the Gemini API's counterpart, not sent by Vertex AI).
 */
export interface UsageDetails {
  responseId?: string;
  model?: string;
  trafficType?: string;
  serviceTier?: string;
  promptTokensDetails?: ModalityCount[];
  candidatesTokensDetails?: ModalityCount[];
  cacheTokensDetails?: ModalityCount[];
  toolUsePromptTokensDetails?: ModalityCount[];
}

/**
 * Records a chunk's {@link UsageDetails} for its response and sets the run's terminal metadata
 * `usageDetails` (with `setTerminalMetadata`, so the split of a call already billed lands on
 * whatever ends the run). Usage is cumulative: a field a later report of the response carries
 * replaces the earlier one, a field it leaves out keeps it. A report equal to the one before (Vertex
 * AI repeats `{ trafficType }` on every chunk, the Gemini API the split) costs a comparison, nothing
 * more. Each list entry is narrowed: `modality` a non-empty string
 * (`MODALITY_UNSPECIFIED` when absent: proto3 JSON omits an enum's zero value), `tokenCount` a
 * safe non-negative integer (0 when absent, for the same reason; an invalid one drops the entry
 * with core's `usage.invalid-count` warning).
 */
export function recordUsageDetails(state: StreamState, turn: TurnState, usage: Record<string, unknown>): void {
  const { trafficType, serviceTier, promptTokensDetails, candidatesTokensDetails, cacheTokensDetails, toolUsePromptTokensDetails } = usage;
  if (trafficType === undefined && serviceTier === undefined && promptTokensDetails === undefined && candidatesTokensDetails === undefined && cacheTokensDetails === undefined && toolUsePromptTokensDetails === undefined) {
    return;
  }
  const previous = state.usageDetails.get(turn.key);
  // Most reports repeat the one before: answered from the raw values, with no copy.
  if (previous !== undefined && repeats(previous, turn, usage)) return;
  const onWarning = state.options.onWarning;
  // Field by field: a later report's field replaces the earlier one, an absent field keeps it.
  const details: UsageDetails = { ...previous };
  if (turn.responseId !== undefined) details.responseId = turn.responseId;
  if (turn.model !== undefined) details.model = turn.model;
  const served = asNonEmptyString(trafficType);
  if (served !== undefined) details.trafficType = served;
  const tier = asNonEmptyString(serviceTier);
  if (tier !== undefined) details.serviceTier = tier;
  for (const field of MODALITY_LISTS) {
    const list = modalityCounts(usage[field], field, onWarning);
    if (list !== undefined) details[field] = list;
  }
  if (previous !== undefined ? sameDetails(previous, details) : !hasDetails(details)) return;
  state.usageDetails.set(turn.key, details);
  state.run.setTerminalMetadata({ usageDetails: [...state.usageDetails.values()] });
}

/**
 * Whether a report would leave the recorded details as they are: each field it carries equals the
 * recorded one. Runs on every chunk that carries usage (plain loops, nothing allocated).
 */
function repeats(previous: UsageDetails, turn: TurnState, usage: Record<string, unknown>): boolean {
  if (previous.responseId !== turn.responseId || previous.model !== turn.model) return false;
  if (usage.trafficType !== undefined && usage.trafficType !== previous.trafficType) return false;
  if (usage.serviceTier !== undefined && usage.serviceTier !== previous.serviceTier) return false;
  // Named reads (a key held in a variable would be a generic lookup on every chunk).
  return (
    sameAsRawOrAbsent(previous.promptTokensDetails, usage.promptTokensDetails) &&
    sameAsRawOrAbsent(previous.candidatesTokensDetails, usage.candidatesTokensDetails) &&
    sameAsRawOrAbsent(previous.cacheTokensDetails, usage.cacheTokensDetails) &&
    sameAsRawOrAbsent(previous.toolUsePromptTokensDetails, usage.toolUsePromptTokensDetails)
  );
}

function sameAsRawOrAbsent(counts: readonly ModalityCount[] | undefined, raw: unknown): boolean {
  return raw === undefined || sameAsRaw(counts, raw);
}

/** Whether a raw `ModalityTokenCount[]` narrows to exactly `counts` (every entry valid, none dropped). */
function sameAsRaw(counts: readonly ModalityCount[] | undefined, raw: unknown): boolean {
  if (counts === undefined || !Array.isArray(raw) || raw.length !== counts.length) return false;
  for (let i = 0; i < counts.length; i++) {
    const entry: unknown = raw[i];
    const count = counts[i] as ModalityCount;
    if (!isRecord(entry)) return false;
    if ((entry.modality === undefined ? "MODALITY_UNSPECIFIED" : entry.modality) !== count.modality) return false;
    if ((entry.tokenCount === undefined ? 0 : entry.tokenCount) !== count.tokenCount) return false;
  }
  return true;
}

function hasDetails(details: UsageDetails): boolean {
  return details.trafficType !== undefined || details.serviceTier !== undefined || MODALITY_LISTS.some((field) => details[field] !== undefined);
}

function modalityCounts(value: unknown, field: string, onWarning: WarningHandler | undefined): ModalityCount[] | undefined {
  const list = asArray(value);
  if (list === undefined) return undefined;
  const out: ModalityCount[] = [];
  list.forEach((item, index) => {
    const record = asRecord(item);
    if (record === undefined) return;
    const modality = record.modality === undefined ? "MODALITY_UNSPECIFIED" : asNonEmptyString(record.modality);
    if (modality === undefined) return;
    const tokenCount = record.tokenCount === undefined ? 0 : toTokenCount(record.tokenCount, `${field}[${index}].tokenCount`, onWarning === undefined ? {} : { onWarning });
    if (tokenCount !== undefined) out.push({ modality, tokenCount });
  });
  return out;
}

function sameDetails(a: UsageDetails, b: UsageDetails): boolean {
  if (a.responseId !== b.responseId || a.model !== b.model || a.trafficType !== b.trafficType || a.serviceTier !== b.serviceTier) return false;
  return MODALITY_LISTS.every((field) => sameCounts(a[field], b[field]));
}

function sameCounts(a: readonly ModalityCount[] | undefined, b: readonly ModalityCount[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((entry, i) => entry.modality === b[i]?.modality && entry.tokenCount === b[i]?.tokenCount);
}
