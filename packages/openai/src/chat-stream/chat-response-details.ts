import type { FinishInfo } from "@agui-bridge/core/adapter";
import type { ChatStreamState } from "./chat-stream-state.js";
import { promptFilterDetails } from "./azure-content-filter.js";
import { asNonEmptyString, asRecord } from "../narrow.js";

/** Completion-level details a Chat stream reports beside its choices, kept for the terminal event. */
export interface ChatResponseDetails {
  /** The chunks' `service_tier` (else Mistral's `usage.service_tier`): the tier that actually served the request (it decides the price). */
  serviceTier?: string;
  /** The moderation chunk's `moderation` (`{ input, output }`: moderation results, or an error object, each). */
  moderation?: Record<string, unknown>;
  /** Azure's `prompt_filter_results` when a category of the prompt was flagged (see {@link promptFilterDetails}). */
  promptFilter?: Record<string, unknown>;
  /** The chunks' `system_fingerprint`: the backend configuration that served the request (with `seed`, how a backend change shows). */
  systemFingerprint?: string;
}

/**
 * Reads a chunk's completion-level details (openai 7.60 `ChatCompletionChunk`): `service_tier`
 * ("the processing mode actually used to serve the request", which may differ from the one asked
 * for: `default`, `flex`, `priority`, …; repeated on every chunk) and `moderation` ("Moderation
 * results for the request input and generated output. Present on the moderation chunk when
 * moderated completions are requested"); Mistral's `usage.service_tier` when the chunk has no
 * `service_tier` of its own. The latest value of each wins; they reach the terminal
 * event as `finishDetails.serviceTier` / `finishDetails.moderation`, as on the Responses API; Azure
 * OpenAI's `prompt_filter_results` with a flagged category as `finishDetails.promptFilter`;
 * `system_fingerprint` ("the backend configuration that the model runs with. Can be used in
 * conjunction with the `seed` request parameter to understand when backend changes have been made
 * that might impact determinism"; OpenAI, xAI and other servers repeat it on every chunk, some send
 * `null`) as `finishDetails.systemFingerprint`, the latest value.
 */
export function trackResponseDetails(state: ChatStreamState, chunk: Record<string, unknown>): void {
  // Mistral sends its served tier inside `usage` instead (`usage.service_tier: "standard"`, recorded
  // live on mistral-small; an undeclared member of its `UsageInfo`): read there when the chunk has none.
  const serviceTier = asNonEmptyString(chunk.service_tier) ?? asNonEmptyString(asRecord(chunk.usage)?.service_tier);
  const moderation = asRecord(chunk.moderation);
  if (serviceTier !== undefined) state.details.serviceTier = serviceTier;
  if (moderation !== undefined) state.details.moderation = moderation;
  const systemFingerprint = asNonEmptyString(chunk.system_fingerprint);
  if (systemFingerprint !== undefined) state.details.systemFingerprint = systemFingerprint;
  const promptFilter = promptFilterDetails(chunk.prompt_filter_results);
  if (promptFilter !== undefined) state.details.promptFilter = promptFilter;
}

/** The finish with the completion-level details merged into its `details` (unchanged when there are none). */
export function withResponseDetails(finish: FinishInfo, details: ChatResponseDetails): FinishInfo {
  const extra = {
    ...(details.serviceTier !== undefined && { serviceTier: details.serviceTier }),
    ...(details.moderation !== undefined && { moderation: details.moderation }),
    ...(details.promptFilter !== undefined && { promptFilter: details.promptFilter }),
    ...(details.systemFingerprint !== undefined && { systemFingerprint: details.systemFingerprint }),
  };
  return Object.keys(extra).length === 0 ? finish : { ...finish, details: { ...finish.details, ...extra } };
}
