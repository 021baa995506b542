import { isJsonComplete, type AdapterStreamOptions, type BridgeMetadata, type FailOptions, type FinishInfo, type JsonCompleteness, type RunBuilder } from "@agui-bridge/core/adapter";
import type { BilledCounts, BilledSum } from "./chat-billed-counts.js";
import type { CallTally } from "../call-tally.js";
import type { CostList } from "../chat-usage-cost.js";
import type { CountTree } from "../count-tree.js";
import type { ChatResponseDetails } from "./chat-response-details.js";
import type { ContentFilterResults } from "./azure-content-filter.js";
import type { ChatLogprobs } from "./chat-logprobs.js";
import type { ThinkTag, ThinkTagsOptions, ThinkTagState } from "./handle-chat-think-tags.js";
import { GOOGLE_THOUGHT_SIGNATURE_KIND } from "./chat-tool-call-fields.js";
import type { ProviderLabelOption } from "../provider-label.js";
import type { DeclaredToolsOption } from "../parallel-tool-wrapper.js";
import type { HeldToolCall } from "./start-chat-tool-call.js";
import type { MessageChunkSeen } from "./chat-message-chunks.js";

/**
 * What is kept to rebuild one `reasoning_details` entry: its fields other than its text and
 * opaque value (`type`, `id`, `format`, `index`, any other scalar), exactly as sent, and its
 * position among the turn's entries.
 */
export interface ReasoningDetailDescriptor {
  order: number;
  entry: Record<string, string | number | boolean | null>;
}

/** A `reasoning_details` entry being streamed into its own reasoning message. */
export interface OpenReasoningDetail {
  /** `type` + `index`: fragments with the same key continue the entry. */
  key: string;
  messageId: string;
  descriptor: ReasoningDetailDescriptor;
  /** The entry's `signature` so far (a `reasoning.text` entry's opaque value). */
  signature: string;
}

/** A `reasoning.encrypted` entry waiting for the tool call its `id` may name. */
export interface PendingEncryptedDetail {
  descriptor: ReasoningDetailDescriptor;
  data: string;
}

/** An open tool call of a choice. */
export interface ChatToolState {
  toolCallId: string;
  providerId?: string;
  /** The name it started under (TOOL_CALL_START's), once started. */
  name?: string;
  /** The `reasoning_details` entry whose opaque value went on this call (written on TOOL_CALL_END). */
  reasoningDetail?: ReasoningDetailDescriptor;
  /** Gemini's `extra_content.google.thought_signature` sent on this call (its kind is written on TOOL_CALL_END). */
  thoughtSignature?: string;
  /** Set while no fragment has named the call: it is not started yet (`toolCallId` is empty). */
  held?: HeldToolCall | undefined;
  /**
   * The structure of its argument text so far (a function call's, never a custom call's free-form
   * input): whether an output limit that ended the choice on it cut the arguments off.
   */
  readonly json?: JsonCompleteness;
}

/** A tool Groq ran on its side (`delta.executed_tools[]`), reported as a provider-executed call. */
export interface ExecutedToolState {
  readonly toolCallId: string;
  /** The entry's `type` (the call's `providerToolType`). */
  readonly toolType: string;
  /** The argument text written so far (a repeated entry writes only what extends it). */
  args: string;
  /** Whether its TOOL_CALL_RESULT was written (later copies of the entry are ignored). */
  resulted: boolean;
}

/** What one choice of the current completion has open. */
export interface ChatChoiceState {
  /** The choice's `index` (`n > 1` streams several). */
  readonly index: number;
  /** The turn's assistant message id: the text message's id and every tool call's parent. */
  readonly assistantId: string;
  /**
   * The completion's `id` (`chatcmpl-…`) once a chunk of it carried one: START metadata
   * `completionId` of every entity of the choice.
   */
  completionId?: string;
  /** Whether a text (or refusal) message already took {@link assistantId}. */
  assistantIdTaken: boolean;
  textId?: string;
  refusalId?: string;
  reasoningId?: string;
  /** A `thinking_blocks` signature for the reasoning message being streamed (written as it closes). */
  thinkingSignature?: string;
  /** GitHub Copilot's `reasoning_opaque` for the open reasoning message, written when it closes (copilot-reasoning-opaque.ts). */
  copilotOpaque?: string;
  /** `thinkTags`: whether the content is inside a think block, and a possible tag start held back. */
  thinkTags?: ThinkTagState;
  /** Gemini's thought summaries in the content (`extra_content.google.thought`, `<thought>` tags): whether inside one, a possible tag start held back. */
  geminiThought?: ThinkTagState;
  /**
   * Gemini's thought signature outside tool calls (`delta.extra_content.google.thought_signature`)
   * and the text message it was written on (`undefined` while it waits for one).
   */
  textSignature?: { value: string; writtenOn: string | undefined };
  /** Whether the choice started a tool call (a `stop` finish then means `tool-calls`). */
  sawToolCall: boolean;
  /** Whether the choice's `finish_reason` came (a new completion `id` before that continues this completion). */
  finished: boolean;
  /** Open tool calls by the provider's `index`. */
  readonly tools: Map<number, ChatToolState>;
  /**
   * Calls whose `index` a later call took (servers reusing index 0, or sending whole calls without
   * one): they stay open until the choice ends, so an encrypted entry naming one still lands on it.
   */
  readonly parkedTools: ChatToolState[];
  /** The `reasoning_details` entry being streamed. */
  detail?: OpenReasoningDetail;
  /** How many `reasoning_details` entries this choice has started (their `order`). */
  detailCount: number;
  /**
   * The last text/summary entry (key and order), kept after its message closed: a later fragment
   * of the same entry (a tool call or text came in between) continues it in a new reasoning
   * message with the same `order`, which the request side joins back.
   */
  lastDetail?: { key: string; order: number };
  /** Encrypted entries whose tool call has not been seen (yet). */
  readonly pendingEncrypted: PendingEncryptedDetail[];
  /** Groq's `executed_tools` entries by `index`: the provider-run calls of the choice. */
  readonly executedTools: Map<number, ExecutedToolState>;
  /** Image urls already reported (`delta.images`), so a repeated image is reported once. */
  readonly imageUrls: Set<string>;
  /** `annotations` (url citations) of the choice so far, for its text's END. */
  readonly annotations: Record<string, unknown>[];
  /** Their JSON, so exact repeats are kept once. */
  readonly annotationKeys: Set<string>;
  /** Annotations that came after the choice finished, and where their entry sits in `unplacedSources` (chat-annotations.ts). */
  lateAnnotations?: { at: number; annotations: Record<string, unknown>[] };
  /** The text message the choice closed (late annotations name it). */
  endedTextId?: string;
  /** Token log probabilities of the text and the refusal so far (`logprobs`), for their END. */
  readonly logprobs: ChatLogprobs;
  /**
   * The choice's audio sent its last update (`delta.audio.expires_at`): an audio completion's end
   * marker when no `finish_reason` comes (gpt-4o-audio-preview, openai/openai-node#1206).
   */
  audioExpired?: boolean;
  /** The tool call the choice's latest tool call fragment went to: the one an output limit cuts off. */
  lastTool?: ChatToolState | undefined;
}

/** Per-stream state of the Chat Completions mapper. */
export interface ChatStreamState {
  readonly run: RunBuilder;
  readonly options: ChatStreamOptions;
  /** The provider label stamped on usage (the run builder stamps entities). */
  readonly provider: string;
  /** `id` of the completion being read (several may follow one another in a recording). */
  completionId?: string;
  /** `id` of the completion before it, whose usage stays open until the next completion starts (a late usage-only chunk of it replaces its report). */
  previousCompletionId?: string;
  /** Whether chunks of the current completion carried other ids than its first (servers giving every chunk an id of its own). */
  chunkIdsVary: boolean;
  /** Model reported by the chunks (falls back to `options.model`). */
  model?: string;
  readonly choices: Map<number, ChatChoiceState>;
  /** Finish reason of the latest finished choice. */
  finish?: FinishInfo;
  /** The `index` of that choice (whose content filter results go with the finish). */
  finishIndex?: number;
  /** Azure's `content_filter_results` per choice index of the current completion, collected over its chunks. */
  readonly contentFilters: Map<number, ContentFilterResults>;
  /** A `finish_reason` was seen: the completion reached its end marker. */
  endSeen: boolean;
  /**
   * A choice finished with an error (`finish_reason: "error"`, vLLM's `"abort"`): the run fails
   * with it when the stream ends, after the usage that the same chunk or the trailing usage chunk
   * reports, so RUN_ERROR carries what the call cost.
   */
  failure?: FailOptions;
  /** The completion's `service_tier` and `moderation`, for the terminal event's `finishDetails`. */
  readonly details: ChatResponseDetails;
  /** Chunk-level citations of the current completion (Perplexity `citations` / `search_results`, Zhipu `web_search`). */
  citations?: BridgeMetadata;
  /** Whether a text message of the current completion opened (its END carries `citations`). */
  citationsCarried: boolean;
  /** Sources of completions no text message took, for the terminal event (see `keepUnplacedSources`). */
  readonly unplacedSources: BridgeMetadata[];
  /** Gateway cost fields per model call, for the terminal event. */
  readonly costs: CostList;
  /** The upstream provider the Vercel AI Gateway's routing metadata last named, and its call (gateway-routing.ts). */
  gatewayUpstream?: { callKey: string; provider: string };
  /** Billed units TokenUsage has no field for (Perplexity's search queries, citation tokens): the finished calls' sum and the latest reports of the current and previous calls. */
  readonly billed: CallTally<BilledCounts, BilledSum>;
  /** The usage detail counts TokenUsage has no field for (audio, predicted-output tokens): the finished calls' sum and the latest reports of the current and previous calls. */
  readonly tokenDetails: CallTally<CountTree, CountTree>;
  /** The usage-ledger keys each model call's entries were last recorded under (one, or one per model of a Groq breakdown). */
  readonly usageKeys: Map<string, string[]>;
  /** Whether any chunk carried a choice `delta` (until then a whole `message` is read as one: chat-message-chunks.ts). */
  sawDelta: boolean;
  /** What each choice's `message` chunks gave so far, on a stream that sends no deltas. */
  readonly messageChunks: Map<number, MessageChunkSeen>;
  /** Warning codes + detail already reported (unmodelled part and entry types are reported once per stream). */
  readonly warned: Set<string>;
  /** The tag whose content is read as reasoning (the `thinkTags` option, else the label's default), if any. */
  readonly thinkTag: ThinkTag | undefined;
}

/** Options of {@link streamChatCompletions}. */
export interface ChatStreamOptions extends AdapterStreamOptions, ProviderLabelOption, DeclaredToolsOption {
  /** Model name for usage entries when the chunks carry none. */
  model?: string;
  /**
   * Read `<think>…</think>` in `delta.content` as reasoning (servers that leave the model's
   * reasoning in the text: Groq's `reasoning_format: "raw"`, Together's DeepSeek-R1, vLLM or
   * llama.cpp without a reasoning parser). Off by default (the content passes as it came), except
   * for the `perplexity` label, whose reasoning models always stream a `<think>` section first, and
   * the `bedrock` label, where gpt-oss's reasoning comes first as `<reasoning>…</reasoning>` (the
   * tag read under that label). The object form names another tag or says the content starts
   * inside it (`{ startWithReasoning: true }`: only `</think>` streams, the chat template having
   * opened the tag), see {@link ThinkTagsOptions}.
   */
  thinkTags?: boolean | ThinkTagsOptions;
}

/** The state of choice `index`, created on first use with a fresh assistant message id. */
export function choiceState(state: ChatStreamState, index: number): ChatChoiceState {
  let choice = state.choices.get(index);
  if (choice === undefined) {
    choice = { index, assistantId: state.run.newId(), assistantIdTaken: false, sawToolCall: false, finished: false, tools: new Map(), parkedTools: [], detailCount: 0, pendingEncrypted: [], executedTools: new Map(), imageUrls: new Set(), annotations: [], annotationKeys: new Set(), logprobs: { content: [], refusal: [], reasoning: [] } };
    state.choices.set(index, choice);
  }
  // A chunk without an `id` may come first: the choice takes its completion's id when one is known.
  if (choice.completionId === undefined && state.completionId !== undefined) choice.completionId = state.completionId;
  return choice;
}

/**
 * Closes one open tool call, writing the reasoning entry it carries on its END; `cutOff`: the
 * output limit ended the choice inside it (TOOL_CALL_END `interrupted: true`, still pending, as
 * every adapter marks a call cut off mid-arguments); `finished`: its choice finished (a function
 * call with no argument text then gets `{}`).
 */
export function endChatToolCall(state: ChatStreamState, tool: ChatToolState, cutOff = false, finished = false): void {
  if (!state.run.isToolCallOpen(tool.toolCallId)) return;
  const detail = tool.reasoningDetail;
  const metadata =
    detail !== undefined
      ? { encryptedKind: REASONING_DETAIL_KIND, reasoningDetail: detail }
      : tool.thoughtSignature !== undefined
        ? { encryptedKind: GOOGLE_THOUGHT_SIGNATURE_KIND }
        : undefined;
  if (cutOff) {
    state.run.abandonToolCall(tool.toolCallId, metadata);
    return;
  }
  // A function call whose choice finished with no argument text for it (`""`: OpenRouter, Qwen, …)
  // reads `{}`, as the Anthropic and Google adapters give a call without arguments: `""` is not
  // JSON. A custom tool's free-form input (no `json`) stays as it came.
  if (finished && tool.json !== undefined && !tool.json.started) state.run.toolCallArgs(tool.toolCallId, "{}");
  state.run.endToolCall(tool.toolCallId, metadata);
}

/**
 * Closes what a choice still has open (tool calls, text, refusal, reasoning); encrypted entries no
 * tool call claimed go on reasoning messages of their own. `cutOff`: the choice finished at the
 * output limit (`length`). When no text or reasoning came after its last tool call fragment, the
 * limit cut the calls whose arguments stop inside a JSON value (a string, object or array),
 * whichever of several interleaved calls that is, and the last call if it wrote none yet; one
 * whole JSON value means the limit came after them (servers that send a whole parsed call in one
 * fragment). A custom call's free-form input cannot tell: it counts as cut off when the last
 * fragment went to it. `finished`: the choice finished (its `finish_reason` came).
 */
export function closeChoice(state: ChatStreamState, choice: ChatChoiceState, cutOff: boolean, finished: boolean): void {
  const { run } = state;
  const last = cutOff ? choice.lastTool : undefined;
  const cut = (tool: ChatToolState): boolean => {
    if (last === undefined) return false;
    if (tool === last) return tool.json === undefined || !isJsonComplete(tool.json);
    // An interleaved call stopped inside its arguments (one that wrote none may take no parameters).
    return tool.json !== undefined && tool.json.started && !isJsonComplete(tool.json);
  };
  for (const tool of [...choice.parkedTools.splice(0), ...choice.tools.values()]) endChatToolCall(state, tool, cut(tool), finished);
  choice.tools.clear();
  for (const tool of choice.executedTools.values()) if (run.isToolCallOpen(tool.toolCallId)) run.endToolCall(tool.toolCallId);
  // Their END fields (citations, annotations, logprobs, a text signature's kind) come from their `endMetadata` (see `openChatText`).
  if (choice.textId !== undefined && run.isTextOpen(choice.textId)) run.endText(choice.textId);
  if (choice.textId !== undefined) choice.endedTextId = choice.textId;
  choice.textId = undefined;
  if (choice.refusalId !== undefined && run.isTextOpen(choice.refusalId)) run.endText(choice.refusalId);
  choice.refusalId = undefined;
  closeChoiceReasoning(state, choice);
  flushPendingEncrypted(state, choice);
}

/** Metadata of every reasoning message of a choice: the assistant message it belongs to. */
export function reasoningStartMetadata(choice: ChatChoiceState, extra?: BridgeMetadata): BridgeMetadata {
  return { assistantMessageId: choice.assistantId, ...choiceStartMetadata(choice), ...extra };
}

/**
 * START metadata naming where an entity of the choice came from: `completionId` (the chunks' `id`,
 * what OpenAI's request logs and support use; the Responses adapter's `responseId`), when the
 * chunks carry one, and `choiceIndex` for a choice other than the first (`n > 1`: absent means 0).
 * Nothing when neither applies.
 */
export function choiceStartMetadata(choice: ChatChoiceState): BridgeMetadata | undefined {
  if (choice.completionId === undefined && choice.index === 0) return undefined;
  return { ...(choice.completionId !== undefined && { completionId: choice.completionId }), ...(choice.index !== 0 && { choiceIndex: choice.index }) };
}

/** Closes the choice's reasoning messages (plain and `reasoning_details`) and the span around them. */
export function closeChoiceReasoning(state: ChatStreamState, choice: ChatChoiceState): void {
  const { run } = state;
  const detail = choice.detail;
  choice.detail = undefined;
  if (detail !== undefined && run.isReasoningOpen(detail.messageId)) {
    if (detail.signature !== "") run.encryptedValue("message", detail.messageId, detail.signature);
    run.endReasoningMessage(detail.messageId, { reasoningDetail: { order: detail.descriptor.order, entry: { ...detail.descriptor.entry } } });
  }
  const hadPlain = choice.reasoningId !== undefined;
  if (choice.reasoningId !== undefined && run.isReasoningOpen(choice.reasoningId)) {
    const signature = choice.thinkingSignature;
    const opaque = choice.copilotOpaque;
    if (signature !== undefined) run.encryptedValue("message", choice.reasoningId, signature);
    else if (opaque !== undefined) run.encryptedValue("message", choice.reasoningId, opaque);
    const kind = signature !== undefined ? THINKING_BLOCK_SIGNATURE_KIND : opaque !== undefined ? COPILOT_REASONING_OPAQUE_KIND : undefined;
    // Its token log probabilities come from its `endMetadata` (see `handleChatReasoning`).
    run.endReasoningMessage(choice.reasoningId, kind !== undefined ? { encryptedKind: kind } : undefined);
  }
  choice.reasoningId = undefined;
  choice.thinkingSignature = undefined;
  choice.copilotOpaque = undefined;
  if (detail !== undefined || hadPlain) run.endReasoning();
}

/** Encrypted entries no tool call claimed: each on a reasoning message of its own. */
function flushPendingEncrypted(state: ChatStreamState, choice: ChatChoiceState): void {
  const { run } = state;
  const pending = choice.pendingEncrypted.splice(0);
  if (pending.length === 0) return;
  for (const entry of pending) {
    const messageId = run.startReasoningMessage({
      metadata: reasoningStartMetadata(choice, { encryptedKind: REASONING_DETAIL_KIND, reasoningDetail: entry.descriptor }),
    });
    run.encryptedValue("message", messageId, entry.data);
    run.endReasoningMessage(messageId);
  }
  run.endReasoning();
}

/** `encryptedKind` of a reasoning message whose encrypted value is a LiteLLM `thinking_blocks` signature. */
export const THINKING_BLOCK_SIGNATURE_KIND = "thinking-block-signature";

/** `encryptedKind` of a reasoning message whose encrypted value is GitHub Copilot's `reasoning_opaque`. */
export const COPILOT_REASONING_OPAQUE_KIND = "copilot-reasoning-opaque";

/** `encryptedKind` of a reasoning message holding a LiteLLM `redacted_thinking` block's `data`. */
export const THINKING_BLOCK_REDACTED_KIND = "thinking-block-redacted";

/** `encryptedKind` of a reasoning message or tool call holding a `reasoning_details` entry. */
export const REASONING_DETAIL_KIND = "reasoning-details-entry";
