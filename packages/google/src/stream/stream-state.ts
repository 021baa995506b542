import { providerLabel, type AdapterStreamOptions, type FinishInfo, type RunBuilder } from "@agui-bridge/core/adapter";
import { GOOGLE_PROVIDER } from "../constants.js";
import type { GroundingFold } from "./merge-grounding.js";
import type { PartialArgsWriter } from "./partial-args-writer.js";
import type { UsageMemo } from "./record-turn-usage.js";
import type { UsageDetails } from "./usage-details.js";
import type { ModelStatus } from "./model-status.js";
import type { GoogleLogprobs } from "./logprobs.js";
import type { SafetyRatingsFold } from "./safety-ratings.js";

/** One model response (one `responseId`): a model turn. */
export interface TurnState {
  /** The usage ledger key of this response (`response-<n>`); one per `responseId`. */
  key: string;
  /** The response's `responseId`, once a chunk carried one. */
  responseId?: string;
  /** The assistant message the turn's tool calls hang under (`parentMessageId`). */
  assistantMessageId: string;
  /** Whether a text message or a tool call already used {@link assistantMessageId}. */
  assistantIdUsed: boolean;
  /**
   * A reasoning message came after {@link assistantMessageId} was used: the next tool call hangs
   * under a new assistant message, so the fold keeps the parts in the order they came.
   */
  assistantSealed: boolean;
  /** Whether an application tool call (not a provider-run one) was completed in this turn. */
  toolCallsMade: boolean;
  /**
   * The assistant message holding this response's latest application tool call: a later assistant
   * message of the same response records it as `sameResponseAs`, so the request side keeps the
   * response's calls together before their results.
   */
  callsMessageId?: string;
  /** `modelVersion`, last seen. */
  model?: string;
  /**
   * The latest `continuationToken` a candidate of this response's current hop carried (Gemini's long decode: the
   * answer goes on in another request that sends it back). While the response has not finished, a
   * chunk under a new `responseId` is that next hop of the same answer, not a new response.
   */
  continuationToken?: string;
  /** The response's `safetyRatings` folded over its chunks (see `foldSafetyRatings`), once a chunk carried some. */
  safetyRatings?: SafetyRatingsFold;
  /** The latest `avgLogprobs` a candidate of this response carried. */
  avgLogprobs?: number;
  /**
   * The `finishDetails` a RUN_ERROR carries should the run fail before this response finishes (a
   * cut, a thrown error): its safety ratings and `avgLogprobs` so far (see `recordErrorDetails`).
   */
  errorDetails?: Record<string, unknown>;
}

/** A text or reasoning message, open or just closed, that a later signature may attach to. */
export interface MessageRef {
  kind: "text" | "reasoning";
  id: string;
  /** Whether a thought signature was already attached to it (a second one opens a new message). */
  signed: boolean;
  /** UTF-16 length of the content written so far. */
  length: number;
  /**
   * Where the part that carried the signature began in the content, and whether that part was a
   * thought; set when it was not the message's first part (e.g. the empty-text part streams end
   * with), so the request side sends the signature back on a part of its own.
   */
  signaturePart?: { offset: number; thought: boolean };
  /** The token log probabilities of the chunks that wrote to it, for its END (see `claimChunkLogprobs`). */
  logprobs?: GoogleLogprobs;
}

/** A function call whose arguments are still streaming (`willContinue`). */
export interface StreamingCall {
  toolCallId: string;
  writer: PartialArgsWriter;
  /** Whether whole `args` were written instead of fragments. */
  wholeArgsWritten: boolean;
}

/** All state of one stream. Nothing outlives the stream. */
export interface StreamState {
  readonly run: RunBuilder;
  readonly options: AdapterStreamOptions;
  /** The platform label in effect (`google`, `google-vertex`, …): file handles and RAW events name it. */
  readonly provider: string;
  turnCount: number;
  turn: TurnState | undefined;
  /** The open text message. */
  text: MessageRef | undefined;
  /** The open reasoning message. */
  reasoning: MessageRef | undefined;
  /** The message the previous part wrote to (open or just closed); cleared by any other part kind. */
  lastMessage: MessageRef | undefined;
  /** Streaming calls by key (the part's `id`, or the tool call id when the part has none). */
  streamingCalls: Map<string, StreamingCall>;
  /** Key of the streaming call that id-less continuation parts belong to. */
  currentCallKey: string | undefined;
  /** `executableCode` calls waiting for their `codeExecutionResult`, by provider id and in order. */
  pendingCode: Array<{ toolCallId: string; providerId?: string }>;
  /** Server-side `toolCall`s waiting for their `toolResponse`, by provider id and in order. */
  pendingServerTools: Array<{ toolCallId: string; providerId?: string }>;
  /** The last finish reason seen, once a candidate reported one. */
  finish: FinishInfo | undefined;
  /** `groundingMetadata` / `citationMetadata` / `urlContextMetadata` per response (turn key), in order. */
  grounding: Map<string, GroundingFold>;
  /** The last usage report mapped (see `recordTurnUsage`). */
  usageMemo: UsageMemo | undefined;
  /** Per response (turn key), in order: the usage split by modality and the traffic type (see `recordUsageDetails`). */
  usageDetails: Map<string, UsageDetails>;
  /** The last `modelStatus` a chunk carried (see `recordModelStatus`). */
  modelStatus: ModelStatus | undefined;
  /** The current chunk's `logprobsResult`, until a message takes it (see `holdChunkLogprobs`). */
  chunkLogprobs: Record<string, unknown> | undefined;
  /** Log probabilities of chunks no message took, the run's terminal metadata `logprobs`. */
  runLogprobs: GoogleLogprobs | undefined;
  /** Indices of the candidates other than the first that came (bounded; see `ignoreExtraCandidate`). */
  ignoredCandidates: Set<number>;
  /** Whether the run's `stream.extra-candidate` warning was given. */
  extraCandidatesWarned: boolean;
  /** The kinds of unknown part already warned (bounded; see `warnUnknownPart`). */
  unknownPartKinds: Set<string>;
}

/** A fresh state for one stream. */
export function createStreamState(run: RunBuilder, options: AdapterStreamOptions): StreamState {
  return {
    run,
    options,
    provider: providerLabel(options.provider, GOOGLE_PROVIDER),
    turnCount: 0,
    turn: undefined,
    text: undefined,
    reasoning: undefined,
    lastMessage: undefined,
    streamingCalls: new Map(),
    currentCallKey: undefined,
    pendingCode: [],
    pendingServerTools: [],
    finish: undefined,
    grounding: new Map(),
    usageMemo: undefined,
    usageDetails: new Map(),
    modelStatus: undefined,
    chunkLogprobs: undefined,
    runLogprobs: undefined,
    ignoredCandidates: new Set(),
    extraCandidatesWarned: false,
    unknownPartKinds: new Set(),
  };
}
