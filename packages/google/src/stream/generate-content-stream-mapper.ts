import { finishFields, withStreamWarnings, type AdapterStreamOptions, type BridgeMetadata, type FinishInfo, type RunBuilder, type StreamMapper } from "@agui-bridge/core/adapter";
import { describeGoogleError } from "../describe-google-error.js";
import { closeAllStreamingCalls, handleFunctionCall, narrowFunctionCall } from "./handle-function-call.js";
import { handleCodeExecutionResult, handleExecutableCode, handleOutputMedia } from "./handle-provider-tool.js";
import { handleServerToolCall, handleServerToolResponse } from "./handle-server-tool.js";
import { closeReasoning, closeText, handleTextPart } from "./handle-text.js";
import { mapGoogleFinishReason } from "./map-google-finish-reason.js";
import { createGroundingFold, foldGrounding } from "./merge-grounding.js";
import { ignoreExtraCandidate, warnExtraCandidates } from "./extra-candidates.js";
import { asArray, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "../narrow.js";
import { createStreamState, type StreamState, type TurnState } from "./stream-state.js";
import { enterTurn } from "./turns.js";
import { recordTurnUsage } from "./record-turn-usage.js";
import { recordUsageDetails } from "./usage-details.js";
import { recordModelStatus } from "./model-status.js";
import { warnUnknownPart } from "./unknown-parts.js";
import { holdChunkLogprobs, settleChunkLogprobs } from "./logprobs.js";
import { foldSafetyRatings, recordErrorDetails, safetyRatingsOf } from "./safety-ratings.js";

/** Thrown for a chunk or part that is not shaped like a `GenerateContentResponse`. */
export class MalformedChunkError extends Error {
  override readonly name = "MalformedChunkError";
  readonly code = "invalid_chunk";
}

/**
 * The mapper for one `generateContentStream`: routes every `GenerateContentResponse` chunk —
 * usage, prompt feedback, then each part of the first candidate — to its handler, all writing
 * through the {@link RunBuilder}. The run finishes in `end()` when a candidate reported a
 * `finishReason`; without one the driver ends it as truncated. Should the driver end the run itself
 * (an abort, an error, a malformed chunk), calls still streaming are first closed `interrupted` with
 * their JSON completed (`beforeClose`).
 */
export function createGenerateContentMapper(run: RunBuilder, options: AdapterStreamOptions = {}): StreamMapper<unknown> {
  // The caller's onWarning, guarded once for the whole stream: this mapper may be used directly
  // (no provider factory guarding it), and a handler that throws must not end the run.
  const state = createStreamState(run, withStreamWarnings(options, undefined));
  return {
    chunk: (chunk) => mapChunk(state, chunk),
    end: () => endStream(state),
    describeError: (error) => (error instanceof MalformedChunkError ? { message: error.message, code: error.code } : describeGoogleError(error)),
    // Before the driver ends the run itself (an abort, a thrown or in-band error, a malformed chunk):
    // a call still streaming is cut off as at a cut stream's end, its JSON completed. A response
    // that had already finished (its finishing chunk came, then the stream broke) keeps that finish
    // on the RUN_ERROR, as RUN_FINISHED would have carried it.
    beforeClose: () => {
      warnExtraCandidates(state);
      closeAllStreamingCalls(state, true);
      keepReachedFinish(state);
    },
  };
}

/**
 * The finish the current response reached (`finishReason` seen) when the run ends another way: the
 * RUN_ERROR says how the model had stopped (`finishReason` / `rawFinishReason` / `finishDetails`),
 * as the Anthropic mapper does for a stop reason without its `message_stop`. Set only at the end,
 * from the latest response (a new response clears `state.finish`).
 */
function keepReachedFinish(state: StreamState): void {
  const finish = reachedFinish(state);
  if (finish === undefined || state.run.ended) return;
  state.run.setErrorMetadata(finishFields(finish));
}

/** `state.finish` with the finishing response's service tier, as RUN_FINISHED carries it. */
function reachedFinish(state: StreamState): FinishInfo | undefined {
  if (state.finish === undefined) return undefined;
  // The Gemini API's service tier of the finishing response, where the OpenAI and Anthropic
  // adapters put theirs (it is also in that response's `usageDetails` entry).
  const tier = state.turn === undefined ? undefined : state.usageDetails.get(state.turn.key)?.serviceTier;
  return tier === undefined ? state.finish : { ...state.finish, details: { ...state.finish.details, serviceTier: tier } };
}

function mapChunk(state: StreamState, raw: unknown): void {
  const chunk = asRecord(raw);
  if (chunk === undefined) throw new MalformedChunkError(`A stream chunk is not a GenerateContentResponse object (${describe(raw)})`);
  const turn = enterTurn(state, asNonEmptyString(chunk.responseId));
  const model = asNonEmptyString(chunk.modelVersion);
  if (model !== undefined) turn.model = model;
  const usage = asRecord(chunk.usageMetadata);
  if (usage !== undefined) {
    recordTurnUsage(state, turn, usage);
    recordUsageDetails(state, turn, usage);
  }
  if (chunk.modelStatus !== undefined) recordModelStatus(state, chunk.modelStatus);

  const candidates = chunk.candidates === undefined ? [] : asArray(chunk.candidates);
  if (candidates === undefined) throw new MalformedChunkError("`candidates` is not an array");
  if (candidates.length === 0 && failIfPromptBlocked(state, chunk.promptFeedback)) return;
  for (const value of candidates) {
    const candidate = asRecord(value);
    if (candidate === undefined) throw new MalformedChunkError("a candidate is not an object");
    const index = asNumber(candidate.index) ?? 0;
    if (index !== 0) {
      ignoreExtraCandidate(state, index, candidate);
      continue;
    }
    mapCandidate(state, turn, candidate);
  }
}

function mapCandidate(state: StreamState, turn: TurnState, candidate: Record<string, unknown>): void {
  const content = candidate.content === undefined ? undefined : asRecord(candidate.content);
  if (candidate.content !== undefined && content === undefined) throw new MalformedChunkError("a candidate's content is not an object");
  const parts = content?.parts === undefined ? [] : asArray(content.parts);
  if (parts === undefined) throw new MalformedChunkError("content.parts is not an array");
  // The chunk's token log probabilities go to the first message its parts write to (or, failing
  // that, the one still open, else the run's terminal metadata).
  holdChunkLogprobs(state, candidate.logprobsResult);
  for (const part of parts) routePart(state, part);
  settleChunkLogprobs(state);
  if (candidate.safetyRatings !== undefined) foldSafetyRatings(turn, candidate.safetyRatings);
  const avgLogprobs = asNumber(candidate.avgLogprobs);
  if (avgLogprobs !== undefined) turn.avgLogprobs = avgLogprobs;
  // Should the run fail before the response finishes, its RUN_ERROR keeps them too.
  if (candidate.safetyRatings !== undefined || avgLogprobs !== undefined) recordErrorDetails(state, turn);

  // Per chunk: an object only when the candidate carries grounding (most chunks carry none).
  // Each read by name, in this order: no keyed loads per chunk.
  let grounding: Record<string, unknown> | undefined;
  const { groundingMetadata, citationMetadata, urlContextMetadata } = candidate;
  if (isRecord(groundingMetadata)) (grounding ??= {}).groundingMetadata = groundingMetadata;
  if (isRecord(citationMetadata)) (grounding ??= {}).citationMetadata = citationMetadata;
  if (isRecord(urlContextMetadata)) (grounding ??= {}).urlContextMetadata = urlContextMetadata;
  if (grounding !== undefined) {
    let fold = state.grounding.get(turn.key);
    if (fold === undefined) state.grounding.set(turn.key, (fold = createGroundingFold()));
    foldGrounding(fold, turn.responseId !== undefined ? { responseId: turn.responseId, ...grounding } : grounding);
  }

  const continuationToken = asNonEmptyString(candidate.continuationToken);
  if (continuationToken !== undefined) turn.continuationToken = continuationToken;
  const finishReason = asNonEmptyString(candidate.finishReason);
  if (finishReason !== undefined) {
    const details: Record<string, unknown> = {};
    const finishMessage = asString(candidate.finishMessage);
    if (finishMessage !== undefined) details.finishMessage = finishMessage;
    // Long decode: the token the next request sends back (`config.continuationToken`) to go on.
    if (turn.continuationToken !== undefined && (finishReason === "CONTINUATION" || finishReason === "MAX_TOKENS")) {
      details.continuationToken = turn.continuationToken;
    }
    // Over the whole response, not the finishing chunk alone (see `foldSafetyRatings`).
    const safetyRatings = safetyRatingsOf(turn);
    if (safetyRatings !== undefined) details.safetyRatings = safetyRatings;
    if (turn.avgLogprobs !== undefined) details.avgLogprobs = turn.avgLogprobs;
    state.finish = mapGoogleFinishReason(finishReason, turn.toolCallsMade, Object.keys(details).length > 0 ? details : undefined);
  }
}

/** The keys of a part that carries nothing but a thought signature. */
const SIGNATURE_ONLY_KEYS: ReadonlySet<string> = new Set(["thoughtSignature", "thought"]);

function routePart(state: StreamState, value: unknown): void {
  const part = asRecord(value);
  if (part === undefined) throw new MalformedChunkError("a content part is not an object");
  const signature = asNonEmptyString(part.thoughtSignature);
  if (typeof part.text === "string") {
    handleTextPart(state, { text: part.text, thought: part.thought === true, signature });
  } else if (isRecord(part.functionCall)) {
    handleFunctionCall(state, narrowFunctionCall(part.functionCall, signature));
  } else if (isRecord(part.executableCode)) {
    handleExecutableCode(state, part.executableCode, signature, part.thought === true);
  } else if (isRecord(part.codeExecutionResult)) {
    handleCodeExecutionResult(state, part.codeExecutionResult, signature, part.thought === true);
  } else if (isRecord(part.toolCall)) {
    handleServerToolCall(state, part.toolCall, signature);
  } else if (isRecord(part.toolResponse)) {
    handleServerToolResponse(state, part.toolResponse, signature);
  } else if (isRecord(part.inlineData)) {
    handleOutputMedia(state, "inline", part.inlineData, signature, part.thought === true, part);
  } else if (isRecord(part.fileData)) {
    handleOutputMedia(state, "file", part.fileData, signature, part.thought === true, part);
  } else if (signature !== undefined && Object.keys(part).every((key) => SIGNATURE_ONLY_KEYS.has(key))) {
    // A part carrying only a signature (streams close a turn with one): a known shape, not warned.
    handleTextPart(state, { text: "", thought: false, signature });
  } else {
    warnUnknownPart(state, part);
    if (state.options.emitRawEvents === true) state.run.raw(part, state.provider);
    // Its signature is still carried, on the message it follows (or a message of its own).
    if (signature !== undefined) handleTextPart(state, { text: "", thought: false, signature });
  }
}

/** A prompt blocked before any candidate: RUN_ERROR `prompt_blocked`, the reason kept. */
function failIfPromptBlocked(state: StreamState, feedbackValue: unknown): boolean {
  const feedback = asRecord(feedbackValue);
  const blockReason = asNonEmptyString(feedback?.blockReason);
  if (feedback === undefined || blockReason === undefined) return false;
  const blockReasonMessage = asNonEmptyString(feedback.blockReasonMessage);
  const details: Record<string, unknown> = { blockReason };
  if (blockReasonMessage !== undefined) details.blockReasonMessage = blockReasonMessage;
  if (Array.isArray(feedback.safetyRatings)) details.safetyRatings = feedback.safetyRatings;
  closeAllStreamingCalls(state, true);
  state.run.fail({
    message: `The prompt was blocked (${blockReason})${blockReasonMessage !== undefined ? `: ${blockReasonMessage}` : "."}`,
    code: "prompt_blocked",
    finish: { reason: "content-filter", raw: blockReason, details },
  });
  return true;
}

function endStream(state: StreamState): void {
  warnExtraCandidates(state);
  closeAllStreamingCalls(state, true);
  if (state.finish === undefined) return;
  const grounding = [...state.grounding.values()].map((fold) => fold.fields);
  const turnGrounding = state.turn === undefined ? undefined : state.grounding.get(state.turn.key);
  closeText(state, turnGrounding === undefined ? undefined : groundingFields(turnGrounding.fields));
  // Closed here rather than by finish, so its END carries where its signature came.
  closeReasoning(state);
  const metadata: BridgeMetadata | undefined = grounding.length > 0 ? { grounding } : undefined;
  state.run.finish({ finish: reachedFinish(state), ...(metadata !== undefined && { metadata }) });
}

function groundingFields(grounding: Record<string, unknown>): BridgeMetadata {
  const fields: BridgeMetadata = {};
  if (grounding.groundingMetadata !== undefined) fields.groundingMetadata = grounding.groundingMetadata;
  const citations = asArray(asRecord(grounding.citationMetadata)?.citations);
  if (citations !== undefined) fields.citations = citations;
  if (grounding.urlContextMetadata !== undefined) fields.urlContextMetadata = grounding.urlContextMetadata;
  return fields;
}

function describe(value: unknown): string {
  if (typeof value === "string") return `a string of ${value.length} characters`;
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : typeof value;
}
