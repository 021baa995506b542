import { describeOpenAIError } from "../describe-openai-error.js";
import { closeCompactionItem } from "./handle-compaction-item.js";
import { closeMessageItem } from "./handle-message-item.js";
import { closeReasoningItem } from "./handle-reasoning-item.js";
import { commitSteering } from "./handle-steering.js";
import { mapResponsesFinishReason } from "../map-openai-finish-reason.js";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";
import { providerLabel } from "../provider-label.js";
import { newResponseState, type ResponsesStreamState } from "./responses-stream-state.js";
import { recordResponseCost, recordResponseUsage, settleResponseUsage, usageKeyOf } from "./responses-usage-cost.js";
import { recordResponseCounts, xaiServerToolUse } from "./response-counts.js";
import { responsesTokenDetails } from "../token-details.js";
import { recordInputTransformations } from "./input-transformations.js";
import { closeProgressCalls } from "./handle-perplexity-progress.js";
import { terminalResponseOf } from "./terminal-response.js";
import { isCallOpen, releaseHeldWrappers, releaseWrapper } from "./parallel-wrapper.js";

/**
 * `response.created`: a response starts. A recording may hold several responses back to back
 * (an agent loop); each one after a finished response continues the same run.
 */
export function handleResponseCreated(state: ResponsesStreamState, event: Record<string, unknown>): void {
  closeResponseItems(state);
  const response = asRecord(event.response);
  // The commit point of steering input queued for the response this one continues.
  commitSteering(state, response, state.response.id);
  state.response = newResponseState(asNonEmptyString(response?.model) ?? state.options.model);
  const id = asNonEmptyString(response?.id);
  if (id !== undefined) state.response.id = id;
  const conversationId = asNonEmptyString(asRecord(response?.conversation)?.id);
  if (conversationId !== undefined) state.response.conversationId = conversationId;
  state.responseCount += 1;
  state.endSeen = false;
}

/**
 * `response.in_progress` / `response.queued`: the model, and the response id when no
 * `response.created` gave one (a background response's stream resumed with `starting_after`
 * begins at `response.queued`), so the items that follow still record their response.
 */
export function handleResponseProgress(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const response = asRecord(event.response);
  const model = asNonEmptyString(response?.model);
  if (model !== undefined) state.response.model = model;
  const id = asNonEmptyString(response?.id);
  if (id !== undefined && state.response.id === undefined) state.response.id = id;
}

/**
 * `response.completed` / `response.incomplete` / `response.failed`: usage recorded for this
 * response id (final: {@link settleResponseUsage}), what is still open closed, the finish reason
 * kept for RUN_FINISHED (the provider's end marker). `failed` ends the run with RUN_ERROR (usage so far included). The response is the
 * event's `response`, or the event itself when it is flat ({@link terminalResponseOf}).
 */
export function handleResponseTerminal(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const response = terminalResponseOf(event) ?? {};
  const model = asNonEmptyString(response.model) ?? state.response.model;
  const id = asNonEmptyString(response.id) ?? usageKeyOf(state);
  recordResponseUsage(state, id, model, response.usage);
  settleResponseUsage(state, id);
  recordResponseCost(state, id, model, response.usage);
  recordResponseCounts(state, "toolUsage", id, response.tool_usage);
  recordResponseCounts(state, "serverToolUse", id, xaiServerToolUse(response.usage));
  recordInputTransformations(state, id, response.input_transformations);
  recordResponseCounts(state, "cacheWriteDetails", id, asRecord(asRecord(response.usage)?.input_tokens_details)?.cache_write_tokens_details);
  recordResponseCounts(state, "tokenDetails", id, responsesTokenDetails(response.usage));
  const type = asString(event.type) ?? "";
  const status = asString(response.status) ?? type.slice("response.".length);
  const mapped = mapResponsesFinishReason(status, {
    hasApplicationToolCalls: state.response.applicationCalls.size > 0,
    ...(asString(asRecord(response.incomplete_details)?.reason) !== undefined && {
      incompleteReason: asString(asRecord(response.incomplete_details)?.reason),
    }),
  });
  // The tier that served the response (`default`, `flex`, `priority`, …: it decides the price).
  const serviceTier = asNonEmptyString(response.service_tier);
  // The moderation results the request asked for (`moderation`: input / output, flagged, categories, scores).
  const moderation = asRecord(response.moderation);
  // Azure OpenAI's content filter results of the prompt and the completion (`content_filters`).
  const contentFilters = asArray(response.content_filters);
  // The prompt cache diagnostics the request asked for (`cache_hit`, `cache_miss` with its `reason`, …; openai-node 7.60).
  const promptCacheDiagnostics = asRecord(response.prompt_cache_diagnostics);
  const systemFingerprint = xaiSystemFingerprint(state, response);
  const extra = {
    ...(serviceTier !== undefined && { serviceTier }),
    ...(moderation !== undefined && { moderation }),
    ...(promptCacheDiagnostics !== undefined && { promptCacheDiagnostics }),
    ...(contentFilters !== undefined && contentFilters.length > 0 && { contentFilters }),
    ...(systemFingerprint !== undefined && { systemFingerprint }),
  };
  const finish = Object.keys(extra).length === 0 ? mapped : { ...mapped, details: { ...mapped.details, ...extra } };
  if (type === "response.failed") {
    const error = asRecord(response.error);
    const described = describeOpenAIError(error ?? { message: "The provider reported the response as failed.", code: "response_failed" });
    releaseHeldWrappers(state);
    state.run.fail({ ...described, finish });
    return;
  }
  closeResponseItems(state);
  state.finish = finish;
  // A response stopped for steering is followed by its successor on the same stream (the
  // steering guide: "followed automatically by a successor response.created"): the stream ending
  // here lost that response, so it is not the end marker until the successor starts or the input
  // fails (handle-steering.ts); its usage and output are kept either way.
  if (status === "incomplete" && mapped.details?.incompleteReason === "steered") {
    state.awaitingSuccessor = id;
    state.endSeen = false;
  } else state.endSeen = true;
}

/**
 * xAI's `system_fingerprint` (the backend configuration that served the request, which xAI says
 * every response carries): its Responses API reports it as `metadata.system_fingerprint` (recorded
 * on grok-4.3), where the Chat path has it top-level. OpenAI's `metadata` is the caller's own
 * key-value pairs echoed back, so it is read only under the `xai` label.
 */
function xaiSystemFingerprint(state: ResponsesStreamState, response: Record<string, unknown>): string | undefined {
  if (providerLabel(state.options) !== "xai") return undefined;
  return asNonEmptyString(asRecord(response.metadata)?.system_fingerprint);
}

/** The `error` event (JSONL replays; through the SDK it is thrown as an APIError instead). */
export function handleErrorEvent(state: ResponsesStreamState, event: Record<string, unknown>): void {
  releaseHeldWrappers(state);
  state.run.fail(describeOpenAIError(event));
}

/**
 * Closes the items of the current response that never got their `output_item.done`. An
 * application call among them was cut off (its arguments may be partial): it is closed as
 * interrupted and stays pending, for the application to answer (AG-UI 1.0: the list names every
 * call the run started and did not answer).
 */
export function closeResponseItems(state: ResponsesStreamState): void {
  const { run } = state;
  closeProgressCalls(state);
  // A message opened for text that named no item, never claimed by one.
  const implicit = state.response.implicitMessage;
  if (implicit !== undefined) {
    closeMessageItem(state, implicit);
    state.items.delete(implicit.itemId);
    state.response.implicitMessage = undefined;
  }
  // The response's items by output index, then those tracked only by id (streamed without an
  // output index: llama.cpp's id-less calls, LiteLLM's unannounced messages). Anything else still
  // tracked by id is a provider-run call of an earlier response awaiting its separate output.
  const items = new Set(state.response.byIndex.values());
  for (const item of state.items.values()) items.add(item);
  for (const item of items) {
    if (item.kind === "message") closeMessageItem(state, item);
    else if (item.kind === "reasoning") closeReasoningItem(state, item);
    else if (item.kind === "compaction") closeCompactionItem(state, item);
    else if (isCallOpen(state, item)) {
      // A held parallel wrapper cut off: the plain call it is, abandoned like any other.
      releaseWrapper(state, item);
      if (item.providerExecuted) run.endToolCall(item.toolCallId);
      else run.abandonToolCall(item.toolCallId);
    }
    // Forgotten with its response (a server numbering items per response reuses `msg_0` in the
    // next one, a new item), unless it is a provider-run call still awaiting its separate output.
    const awaitsOutput = item.kind === "tool" && item.providerExecuted && item.resulted !== true;
    if (!awaitsOutput && state.items.get(item.itemId) === item) state.items.delete(item.itemId);
  }
  state.response.byIndex.clear();
}
