import { withStreamWarnings, type RunBuilder, type StreamMapper, type TokenUsage } from "@agui-bridge/core/adapter";
import { choiceState, closeChoice, type ChatChoiceState, type ChatStreamOptions, type ChatStreamState } from "./chat-stream-state.js";
import { BILLED_TALLY, billedCounts, billedCountsMetadata } from "./chat-billed-counts.js";
import { newCallTally, reportCall, startCall, tallySum } from "../call-tally.js";
import { COUNT_TREE_TALLY } from "../count-tree.js";
import { tokenDetails, tokenDetailsMetadata } from "../token-details.js";
import { chatUsageCost, newCostList, setCallCost } from "../chat-usage-cost.js";
import { describeOpenAIError } from "../describe-openai-error.js";
import { handleChatAudio } from "./handle-chat-audio.js";
import { handleChatImages } from "./handle-chat-images.js";
import { handleChatContentParts } from "./handle-chat-content-parts.js";
import { handleChatReasoning } from "./handle-chat-reasoning.js";
import { handleChatReasoningDetails } from "./handle-chat-reasoning-details.js";
import { handleChatThinkingBlocks } from "./handle-chat-thinking-blocks.js";
import { handleChatContent, handleChatRefusal } from "./handle-chat-text.js";
import { flushThinkTags, handleThinkTaggedContent, thinkTagOf } from "./handle-chat-think-tags.js";
import { handleChatToolCallDelta } from "./handle-chat-tool-calls.js";
import { handleCopilotReasoningOpaque } from "./copilot-reasoning-opaque.js";
import { releaseAllHeldToolCalls, releaseHeldToolCalls } from "./start-chat-tool-call.js";
import { handleChatExecutedTools } from "./handle-chat-executed-tools.js";
import { handleGeminiThoughtContent } from "./handle-gemini-thoughts.js";
import { deltaThoughtSignature, flushGeminiTextSignature, settleGeminiTextSignature } from "./gemini-text-signature.js";
import { annotationsTooLate, collectAnnotations, keepAnnotationsNoTextTook, keepLateAnnotations } from "./chat-annotations.js";
import { keepUnplacedSources, trackCitations } from "./chat-sources.js";
import { trackResponseDetails, withResponseDetails } from "./chat-response-details.js";
import { gatewayUpstreamOf, trackGatewayRouting } from "./gateway-routing.js";
import { collectLogprobs } from "./chat-logprobs.js";
import { withChoiceFinishDetails, withRepeatedChoiceFinishDetails } from "./chat-choice-finish-details.js";
import { collectContentFilterResults } from "./azure-content-filter.js";
import { keepReachedFinish, terminalFinish } from "./terminal-finish.js";
import { finishReasonError, mapChatFinishReason } from "../map-openai-finish-reason.js";
import { mapChatUsage } from "../map-openai-usage.js";
import { usageByModel } from "./groq-usage-breakdown.js";
import { minimaxStatusError } from "./minimax-status-error.js";
import { asArray, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "../narrow.js";
import { providerLabel } from "../provider-label.js";
import { chatChunkUsage } from "../chat-chunk-usage.js";
import { messageAsDelta } from "./chat-message-chunks.js";

/**
 * Maps `ChatCompletionChunk`s onto a run: a thin router handing each part of a chunk (usage and
 * its cost fields, chunk-level citations, each choice's reasoning, refusal, content, tool call
 * fragments and finish reason) to its handler. Every dialect's fields are read whatever the
 * provider label: `reasoning_content` / `reasoning` / `reasoning_text` / `reasoning_details` deltas, content as a
 * string or as Mistral's typed chunks, tool calls with or without `index`, Perplexity's
 * `citations` / `search_results`, Zhipu's `web_search`, Groq's `executed_tools` (provider-run calls). The end marker is a choice's `finish_reason`; the trailing
 * usage chunk and chunks with empty `choices` (Azure's prompt-filter preamble) are handled in any
 * order.
 */
export function createChatCompletionsMapper(run: RunBuilder, options: ChatStreamOptions = {}): StreamMapper<unknown> {
  const state: ChatStreamState = {
    run,
    // The caller's onWarning, guarded once for the whole stream: this mapper may be used directly
    // (no provider factory guarding it), and a handler that throws must not end the run.
    options: withStreamWarnings(options, undefined),
    provider: providerLabel(options),
    choices: new Map(),
    endSeen: false,
    costs: newCostList(),
    usageKeys: new Map(),
    billed: newCallTally(BILLED_TALLY, { keepPrevious: true }),
    tokenDetails: newCallTally(COUNT_TREE_TALLY, { keepPrevious: true }),
    chunkIdsVary: false,
    details: {},
    contentFilters: new Map(),
    warned: new Set(),
    sawDelta: false,
    messageChunks: new Map(),
    citationsCarried: false,
    unplacedSources: [],
    thinkTag: thinkTagOf(options),
    ...(options.model !== undefined && { model: options.model }),
  };
  return {
    chunk(chunk) {
      if (!isRecord(chunk)) {
        run.fail({ message: "The provider sent a chunk that is not a JSON object.", code: "invalid_chunk" });
        return;
      }
      // An error chunk (or MiniMax's non-zero `base_resp`): its own usage (what the call cost so
      // far) is recorded before the run fails.
      const failure = isRecord(chunk.error) ? describeOpenAIError(chunk.error) : minimaxStatusError(chunk);
      if (failure !== undefined) {
        const usage = chatChunkUsage(chunk);
        if (usage !== undefined) recordUsage(state, chunk, usage, state.completionId ?? FALLBACK_CALL_KEY);
        writeHeldBack(state);
        run.fail(failure);
        return;
      }
      const choices = asArray(chunk.choices) ?? [];
      const callKey = trackCompletion(state, chunk, choices);
      trackResponseDetails(state, chunk);
      trackCitations(state, chunk);
      trackGatewayRouting(state, callKey, choices);
      for (const choice of choices) {
        handleChoice(state, choice);
        if (run.ended) return;
      }
      // Groq's own copy of the usage (`x_groq.usage`) counts when the chunk carries no `usage`;
      // Kimi (Moonshot) documents its usage on the finishing choice (`choices[].usage`).
      const usage = chatChunkUsage(chunk) ?? choiceUsage(choices);
      if (usage !== undefined && usage !== null) recordUsage(state, chunk, usage, callKey);
      // Groq cuts a stream short (over capacity, …) with the reason in the last chunk's `x_groq.error`.
      const groqError = asNonEmptyString(asRecord(chunk.x_groq)?.error);
      if (groqError !== undefined) {
        writeHeldBack(state);
        run.fail(describeOpenAIError({ message: `Groq stopped the stream: ${groqError}`, code: groqError }));
        return;
      }
      if (options.emitRawEvents === true && choices.length === 0 && !isRecord(chunk.usage)) run.raw(chunk, state.provider);
    },
    end() {
      // What waits is written before the run can end (here, or at the raw path's `[DONE]` after it).
      writeHeldBack(state);
      const failure = state.failure;
      if (failure !== undefined) {
        run.fail(failure.finish !== undefined ? { ...failure, finish: withResponseDetails(failure.finish, state.details) } : failure);
        return;
      }
      // An audio completion may end with its audio's expiry and no finish_reason (handle-chat-audio.ts).
      if (!state.endSeen && ![...state.choices.values()].some((choice) => choice.audioExpired === true)) return;
      // Anything a choice still holds (an encrypted entry that came after its finish_reason).
      for (const choice of state.choices.values()) endChoice(state, choice);
      run.finish(state.finish !== undefined ? { finish: terminalFinish(state, state.finish) } : {});
    },
    describeError: describeOpenAIError,
    // Before the driver ends the run itself (an abort, a broken or cut stream, a throwing chunk);
    // a completion that had finished keeps its finish on the RUN_ERROR.
    beforeClose: () => {
      writeHeldBack(state);
      keepReachedFinish(state);
    },
  };
}

/**
 * What the mapper holds back, written before the run ends, whoever ends it: calls still waiting for
 * a name start with none (their argument text reaches the run; what is open then closes
 * `interrupted`), and sources no text message took go on the terminal event.
 */
function writeHeldBack(state: ChatStreamState): void {
  releaseAllHeldToolCalls(state);
  keepUnplacedSources(state);
  for (const choice of state.choices.values()) keepAnnotationsNoTextTook(state, choice);
}

/**
 * A new completion `id` (a recording holding several completions) starts a new turn once every
 * choice of the current completion has finished. Before that it is the same completion: some
 * servers give every chunk an id of its own (Foundry Local, older llama.cpp and LiteLLM), and
 * splitting there would cut text into one message per chunk and tool calls from their arguments.
 *
 * A usage-only chunk (no choice) is a report, not a completion: one naming the completion before
 * the current one is that completion's (A, B, A: its report replaces A's), and when the current
 * completion's chunks carried ids of their own, one with yet another id after its finish is its
 * trailing usage chunk. Returns the call key this chunk's usage belongs to.
 */
function trackCompletion(state: ChatStreamState, chunk: Record<string, unknown>, choices: readonly unknown[]): string {
  const id = asNonEmptyString(chunk.id);
  const model = asNonEmptyString(chunk.model);
  if (model !== undefined) state.model = model;
  const current = state.completionId ?? FALLBACK_CALL_KEY;
  if (id === undefined || id === state.completionId) return current;
  const usageOnly = choices.length === 0;
  if (usageOnly && id === state.previousCompletionId) return id;
  if (state.completionId === undefined) {
    // Usage recorded before any chunk named its completion went under the fallback key, used no more.
    settleCallUsage(state, FALLBACK_CALL_KEY);
  } else {
    if ([...state.choices.values()].some((choice) => !choice.finished)) {
      state.chunkIdsVary = true;
      return current;
    }
    if (usageOnly && state.chunkIdsVary) return current;
    // The previous completion's usage is final now; the current one's stays open for one more completion.
    if (state.previousCompletionId !== undefined) settleCallUsage(state, state.previousCompletionId);
    state.previousCompletionId = state.completionId;
    state.chunkIdsVary = false;
    for (const choice of state.choices.values()) endChoice(state, choice);
    keepUnplacedSources(state);
    state.choices.clear();
    state.contentFilters.clear();
    state.citations = undefined;
    state.citationsCarried = false;
  }
  state.completionId = id;
  startCall(state.billed, BILLED_TALLY, id);
  startCall(state.tokenDetails, COUNT_TREE_TALLY, id);
  return id;
}

/** The usage key of a completion whose chunks name no `id` (yet). */
const FALLBACK_CALL_KEY = "chat-completion";

/**
 * A completion's usage is final once the completion after the next one starts (usage comes after
 * the finish, some servers repeat or grow it on every chunk until then, and a trailing usage chunk
 * may come once the next completion started): the run's ledger folds its entries into their
 * `(provider, model)` totals and stops holding them, so a stream of any number of completions
 * keeps one sum per pair and at most two completions apart.
 */
function settleCallUsage(state: ChatStreamState, callKey: string): void {
  for (const key of state.usageKeys.get(callKey) ?? []) state.run.usage.settle(key);
  state.usageKeys.delete(callKey);
}

function recordUsage(state: ChatStreamState, chunk: Record<string, unknown>, usage: unknown, callKey: string): void {
  const total = mapChatUsage(usage, usageContext(state));
  // Groq Compound: the same usage per model that served the request, in place of the total.
  const breakdown = asRecord(chunk.x_groq)?.usage_breakdown ?? chunk.usage_breakdown;
  const byModel = usageByModel(breakdown, total, usageContext(state));
  recordCallUsage(state, callKey, byModel ?? (total === undefined ? undefined : [total]));
  recordBilledCounts(state, callKey, usage);
  recordTokenDetails(state, callKey, usage);
  const cost = chatUsageCost(usage);
  if (cost === undefined) return;
  // OpenRouter names the upstream on every chunk; the Vercel AI Gateway in its routing metadata,
  // which names only the latest call: a later report of an earlier call (A, B, A) keeps the
  // upstream its entry was named with.
  const upstream = asNonEmptyString(chunk.provider) ?? gatewayUpstreamOf(state, callKey) ?? upstreamOfEntry(state, callKey);
  const entry = {
    callId: callKey,
    provider: state.provider,
    ...(state.model !== undefined && { model: state.model }),
    ...(upstream !== undefined && { upstreamProvider: upstream }),
    ...cost,
  };
  // Billed calls reach the terminal event whatever ends the run (finish, error, truncation, abort):
  // it holds the list itself, named again only when a call joins it.
  if (setCallCost(state.costs, callKey, entry)) state.run.setTerminalMetadata({ costs: state.costs.entries });
}

/** The upstream provider the call's `costs` entry already names, if any. */
function upstreamOfEntry(state: ChatStreamState, callKey: string): string | undefined {
  const at = state.costs.at.get(callKey);
  return at === undefined ? undefined : asNonEmptyString(state.costs.entries[at]?.upstreamProvider);
}

/** Perplexity's search queries and citation tokens, OpenRouter's server tool counts, of a call (its last report wins), summed over the run's calls onto the terminal event (a running sum: call-tally.ts). */
function recordBilledCounts(state: ChatStreamState, callKey: string, usage: unknown): void {
  const counts = billedCounts(usage);
  if (counts === undefined) return;
  reportCall(state.billed, BILLED_TALLY, callKey, counts);
  state.run.setTerminalMetadata(billedCountsMetadata(tallySum(state.billed, BILLED_TALLY)));
}

/** The call's audio and predicted-output token counts (its last report wins), summed over the run's calls onto the terminal event (a running sum: call-tally.ts). */
function recordTokenDetails(state: ChatStreamState, callKey: string, usage: unknown): void {
  const details = tokenDetails(usage);
  if (details === undefined) return;
  reportCall(state.tokenDetails, COUNT_TREE_TALLY, callKey, details);
  state.run.setTerminalMetadata(tokenDetailsMetadata(tallySum(state.tokenDetails, COUNT_TREE_TALLY)));
}

/**
 * Sets a call's usage entries (one, or one per model), replacing its earlier ones: a later report
 * supersedes the whole earlier one. A report in which no count survives leaves them in place.
 */
function recordCallUsage(state: ChatStreamState, callKey: string, entries: TokenUsage[] | undefined): void {
  if (entries === undefined) return;
  const keys = entries.length === 1 ? [callKey] : entries.map((_, i) => `${callKey}#model-${i}`);
  for (const key of state.usageKeys.get(callKey) ?? []) if (!keys.includes(key)) state.run.usage.clear(key);
  entries.forEach((entry, i) => state.run.usage.record(keys[i] as string, entry));
  state.usageKeys.set(callKey, keys);
}

function handleChoice(state: ChatStreamState, raw: unknown): void {
  const record = asRecord(raw);
  if (record === undefined) return;
  const index = asNumber(record.index) ?? 0;
  const sent = asRecord(record.delta);
  if (sent !== undefined) state.sawDelta = true;
  // A server that streams whole `message`s instead of deltas (chat-message-chunks.ts).
  const delta = sent ?? messageAsDelta(state, index, record);
  const finishReason = asNonEmptyString(record.finish_reason);
  // Azure: on text chunks, or on annotation chunks of their own (no delta) of the asynchronous filter.
  collectContentFilterResults(state.contentFilters, index, record.content_filter_results);
  // Perplexity's chunks carry the choice's whole message so far beside the delta; only its annotations are read.
  const messageAnnotations = asRecord(record.message)?.annotations;
  if (delta === undefined && finishReason === undefined && record.annotations === undefined && messageAnnotations === undefined) return;
  const choice = choiceState(state, index);
  // Before the delta: a reasoning message this chunk's text closes takes its last log probabilities.
  collectLogprobs(choice.logprobs, record.logprobs);
  if (delta !== undefined) {
    const detailed = delta.reasoning_details !== undefined && handleChatReasoningDetails(state, choice, delta.reasoning_details);
    // GitHub Copilot's Chat endpoint streams the reasoning of its Claude and Gemini models as `reasoning_text`.
    const reasoning = asString(delta.reasoning_content) ?? asString(delta.reasoning) ?? asString(delta.reasoning_text);
    if (reasoning !== undefined && !detailed) handleChatReasoning(state, choice, reasoning);
    if (delta.reasoning_opaque !== undefined) handleCopilotReasoningOpaque(state, choice, delta.reasoning_opaque);
    if (delta.thinking_blocks !== undefined) handleChatThinkingBlocks(state, choice, delta);
    // Groq: the tools its server ran (Compound, gpt-oss built-ins), after the reasoning that led to them.
    if (delta.executed_tools !== undefined) handleChatExecutedTools(state, choice, delta.executed_tools);
    const refusal = asString(delta.refusal);
    if (refusal !== undefined) handleChatRefusal(state, choice, refusal);
    const content = asString(delta.content);
    if (content !== undefined) handleStringContent(state, choice, delta, content);
    else if (Array.isArray(delta.content)) handleChatContentParts(state, choice, delta.content);
    if (delta.audio !== undefined) handleChatAudio(state, choice, delta);
    if (delta.images !== undefined) handleChatImages(state, choice, delta.images);
    // Text or reasoning after a tool call: an output limit cuts that, not the call (see `closeChoice`).
    if ((content !== undefined && content !== "") || (reasoning !== undefined && reasoning !== "")) choice.lastTool = undefined;
    // A fragment without `index` is keyed by its place in the array (several whole calls in one delta, then their arguments in the same places).
    const toolCalls = asArray(delta.tool_calls);
    if (toolCalls !== undefined) for (let position = 0; position < toolCalls.length; position++) handleChatToolCallDelta(state, choice, toolCalls[position], position);
    // The deprecated `functions` API: one call per turn, streamed like a tool call without an id.
    if (isRecord(delta.function_call)) handleChatToolCallDelta(state, choice, { index: LEGACY_FUNCTION_CALL_INDEX, function: delta.function_call });
    // Gemini: a thought signature outside tool calls, on the choice's text (the one this delta's content opened, or the next).
    settleGeminiTextSignature(state, choice, deltaThoughtSignature(delta));
    gatherAnnotations(state, choice, delta.annotations);
  }
  // Some gateways put a choice's annotations beside its delta (OpenRouter through LiteLLM's reading).
  gatherAnnotations(state, choice, record.annotations);
  gatherAnnotations(state, choice, messageAnnotations);
  // A finish repeated for a choice that already finished keeps the first (Together AI repeats
  // `tool_calls`, then closes with a `stop` chunk that carries the usage), with the details only
  // the repeat has.
  if (finishReason !== undefined && choice.finished && state.finishIndex === index && state.finish !== undefined) {
    state.finish = withRepeatedChoiceFinishDetails(state.finish, record);
  } else if (finishReason !== undefined) {
    const mapped = mapChatFinishReason(finishReason);
    // Gemini's compatibility layer (and some local servers) finish a tool-call turn with `stop`.
    const finish = withChoiceFinishDetails(mapped.reason === "stop" && choice.sawToolCall ? { ...mapped, reason: "tool-calls" as const } : mapped, record);
    // A completion that finished with an error (OpenRouter's mid-stream error, on the choice or as
    // `finish_reason: "error"`), that the server aborted (vLLM's `"abort"`) or whose inference
    // failed (Zhipu's `"network_error"`).
    if (finish.reason === "error") {
      const error = asRecord(record.error);
      // The run fails at the end of the stream, once the usage that follows is recorded; the
      // choice stays open, so its text closes as interrupted.
      state.failure ??= { ...describeOpenAIError(error ?? finishReasonError(finishReason)), finish };
      choice.finished = true;
      return;
    }
    endChoice(state, choice, finish.reason === "length", true);
    choice.finished = true;
    state.finish = finish;
    state.finishIndex = index;
    state.endSeen = true;
  }
}

/** Annotations for the choice's text END, or, once it finished and its text closed, for the terminal event's `sources`. */
function gatherAnnotations(state: ChatStreamState, choice: ChatChoiceState, value: unknown): void {
  if (value === undefined) return;
  if (annotationsTooLate(choice)) keepLateAnnotations(state, choice, value);
  else collectAnnotations(choice, value);
}

/** `delta.content` as a string: Gemini's thought summaries, else `thinkTags` when on, else text. */
function handleStringContent(state: ChatStreamState, choice: ChatChoiceState, delta: Record<string, unknown>, content: string): void {
  // Gemini's thought summaries (`<thought>…</thought>`, flagged in `extra_content.google.thought`).
  if (handleGeminiThoughtContent(state, choice, delta, content)) return;
  if (state.thinkTag !== undefined) handleThinkTaggedContent(state, choice, state.thinkTag, content);
  else handleChatContent(state, choice, content);
}

/** The usage a choice carries itself (Kimi's `choices[0].usage` on the finishing chunk), if any. */
function choiceUsage(choices: readonly unknown[]): Record<string, unknown> | undefined {
  for (const choice of choices) {
    const usage = asRecord(asRecord(choice)?.usage);
    if (usage !== undefined) return usage;
  }
  return undefined;
}

/**
 * Closes a choice, after what `thinkTags` held back as a possible tag start, a Gemini text
 * signature no text took, and tool calls still waiting for a name; `cutOff`: it finished at the
 * output limit (see `closeChoice`); `finishing`: its `finish_reason` is what closes it.
 */
function endChoice(state: ChatStreamState, choice: ChatChoiceState, cutOff = false, finishing = false): void {
  flushThinkTags(state, choice);
  flushGeminiTextSignature(state, choice);
  releaseHeldToolCalls(state, choice, true);
  closeChoice(state, choice, cutOff, finishing || choice.finished);
  keepAnnotationsNoTextTook(state, choice);
}

/** The `index` the deprecated `delta.function_call` is kept under (tool call indexes are never negative). */
const LEGACY_FUNCTION_CALL_INDEX = -1;

function usageContext(state: ChatStreamState): { model?: string; provider: string; onWarning?: ChatStreamOptions["onWarning"] } {
  return {
    provider: state.provider,
    ...(state.model !== undefined && { model: state.model }),
    ...(state.options.onWarning !== undefined && { onWarning: state.options.onWarning }),
  };
}
