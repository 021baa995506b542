import { asArray, asNonEmptyString, asString, isRecord } from "../narrow.js";
import { recordResponseUsage, usageKeyOf } from "./responses-usage-cost.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * Perplexity's Agent API streams its agent loop as progress events of its own (its SDK's
 * `ResponseStreamChunk`): `response.reasoning.started` / `.stopped`, `.search_queries` (`queries`)
 * then `.search_results` (`results`, and the `usage` so far), `.fetch_url_queries` (`urls`) then
 * `.fetch_url_results` (`contents`); each may carry a `thought`, the model's note on the step.
 * None of it is in the output items but the result lists (see search-result-items.ts), so:
 * - each `thought` → a reasoning message of its own (text as sent);
 * - a search / a URL fetch → a provider-executed tool call (`web_search` / `fetch_url`, metadata
 *   `providerToolType` the same), its arguments the queries / URLs as JSON, its TOOL_CALL_RESULT
 *   the results / contents as JSON; a results event with no open call is a call of its own with
 *   `{}` arguments; a call whose results never came is closed with the response, without a result;
 * - the `usage` of a search results event → the response's usage so far (replaced by the final one).
 */
const STEPS: Readonly<Record<string, { kind: string; field: string; phase: "queries" | "results" }>> = {
  "response.reasoning.search_queries": { kind: "web_search", field: "queries", phase: "queries" },
  "response.reasoning.search_results": { kind: "web_search", field: "results", phase: "results" },
  "response.reasoning.fetch_url_queries": { kind: "fetch_url", field: "urls", phase: "queries" },
  "response.reasoning.fetch_url_results": { kind: "fetch_url", field: "contents", phase: "results" },
};

/** The progress event types handled here. */
export const PERPLEXITY_PROGRESS_EVENTS: readonly string[] = ["response.reasoning.started", "response.reasoning.stopped", ...Object.keys(STEPS)];

/** One of Perplexity's `response.reasoning.*` progress events (see the module comment). */
export function handlePerplexityProgress(state: ResponsesStreamState, event: Record<string, unknown>): void {
  writeThought(state, event);
  const step = STEPS[asString(event.type) ?? ""];
  if (step === undefined) return;
  const entries = asArray(event[step.field]);
  if (step.phase === "queries") openStep(state, step.kind, step.field, entries);
  else settleStep(state, step.kind, step.field, entries);
  if (step.kind === "web_search") recordUsageSoFar(state, event.usage);
}

/** Closes the steps whose results never came (the response ended, or another started). */
export function closeProgressCalls(state: ResponsesStreamState): void {
  for (const toolCallId of state.progressCalls?.values() ?? []) if (state.run.isToolCallOpen(toolCallId)) state.run.endToolCall(toolCallId);
  state.progressCalls?.clear();
}

function writeThought(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const thought = asString(event.thought);
  if (thought === undefined || thought === "") return;
  const { run } = state;
  const ownSpan = run.reasoningSpan === undefined;
  const messageId = run.startReasoningMessage({ metadata: { progressEvent: asString(event.type) ?? "" } });
  run.reasoning(messageId, thought);
  run.endReasoningMessage(messageId);
  if (ownSpan) run.endReasoning();
}

function openStep(state: ResponsesStreamState, kind: string, field: string, entries: readonly unknown[] | undefined): void {
  const calls = (state.progressCalls ??= new Map());
  const previous = calls.get(kind);
  if (previous !== undefined && state.run.isToolCallOpen(previous)) state.run.endToolCall(previous);
  const toolCallId = startStep(state, kind);
  state.run.toolCallArgs(toolCallId, JSON.stringify({ [field]: (entries ?? []).filter((entry) => typeof entry === "string") }));
  state.run.endToolCall(toolCallId);
  calls.set(kind, toolCallId);
}

function settleStep(state: ResponsesStreamState, kind: string, field: string, entries: readonly unknown[] | undefined): void {
  const calls = (state.progressCalls ??= new Map());
  let toolCallId = calls.get(kind);
  calls.delete(kind);
  if (toolCallId === undefined) {
    toolCallId = startStep(state, kind);
    state.run.toolCallArgs(toolCallId, "{}");
  }
  const content = JSON.stringify({ [field]: (entries ?? []).filter(isRecord) });
  state.run.toolCallResult({ toolCallId, content, metadata: { providerToolType: kind } });
}

function startStep(state: ResponsesStreamState, kind: string): string {
  const responseId = state.response.id;
  return state.run.startToolCall({
    toolCallName: kind,
    providerExecuted: true,
    metadata: { providerToolType: kind, ...(responseId !== undefined && { responseId }) },
  });
}

/** A search results event's `usage`: the response's usage so far, so a failure still reports it. */
function recordUsageSoFar(state: ResponsesStreamState, usage: unknown): void {
  if (!isRecord(usage)) return;
  recordResponseUsage(state, usageKeyOf(state), asNonEmptyString(state.response.model), usage);
}
