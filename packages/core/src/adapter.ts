/**
 * `@agui-bridge/core/adapter`: the toolkit for writing a provider adapter. Everything of the main
 * entry (`@agui-bridge/core`) plus the run machinery (RunBuilder, driveRun), usage accounting,
 * narrowing of untrusted payloads, the request-side rules, error description and redaction,
 * retries, provider preparation, SSE decoding and bounded copies. An adapter imports this one
 * path; see docs/architecture.md ("How an adapter is built").
 */
export * from "./index.js";

export { combineWarningHandlers, createWarningSink, withStreamWarnings, type WarningSink } from "./warnings.js";
export { bridgeMetadata, withBridgeMetadata } from "./metadata.js";

export {
  createTokenUsage,
  sumTokenCounts,
  toTokenCount,
  type RawTokenCounts,
  type TokenUsageOptions,
} from "./usage/create-token-usage.js";
export { UsageLedger } from "./usage/usage-ledger.js";

export { RunStateError } from "./run/run-state-error.js";
export { RunBuilder } from "./run/run-builder.js";
export { finishFields } from "./run/terminal-events.js";
export { guardClock, guardIdGenerator } from "./run/guarded-callbacks.js";
export type {
  FailOptions,
  FinishOptions,
  InterruptOptions,
  RunBuilderOptions,
  StartReasoningMessageOptions,
  StartTextOptions,
  StartToolCallOptions,
  ToolCallResultOptions,
} from "./run/run-options.js";
export type { EndMetadata } from "./run/open-entities.js";
export { describeError, genericCategory, redactSecrets, UNDESCRIBABLE_MESSAGE, type ErrorDescription } from "./run/describe-error.js";
export {
  createRedactor,
  describeSafely,
  errorMetadataFields,
  failOptionsFrom,
  finalizeErrorEvent,
  withErrorMetadata,
  type Redactor,
  type SecretSource,
} from "./run/finalize-run-error.js";
export {
  categoryForBridgeCode,
  categoryForStatus,
  categoryWithStatus,
  categoryFromTable,
  isErrorCategory,
  isRetryableCategory,
} from "./errors/error-category.js";
export { durationToMs, retryAfterMsFromHeaders } from "./errors/retry-after.js";
export { errorFrameMessage } from "./errors/error-frame-message.js";
export { constructorName, safeGet, safeInstanceOf, safeNumber, safeString, safeStringify } from "./errors/safe-read.js";
export { resolveRetryPolicy, retryDelayMs, type ResolvedRetryPolicy } from "./retry/retry-policy.js";
export { retryingSource, withRetry, type OpenStream, type RetryingSourceOptions } from "./retry/retrying-source.js";
export {
  assertModel,
  checkProviderConfig,
  clientHasCredentials,
  prepareProvider,
  type ProviderReliabilityOptions,
} from "./provider-check.js";
export {
  driveRun,
  INVALID_STEP_MESSAGE,
  TRUNCATED_MESSAGE,
  type ChunkSource,
  type DriveRunOptions,
  type StreamMapper,
} from "./run/drive-run.js";

export {
  clientSecrets,
  providerRunOptions,
  runLevelOptions,
  type AdapterStreamOptions,
  type ProviderRunOptions,
  type RunLevelOptions,
} from "./adapter-options.js";
export { entityProvider, isMintedBy, isSourceUsableBy, renderContext } from "./request-helpers.js";
export { GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE, INTERCHANGEABLE_ENCRYPTED_VALUES, isEncryptedValueUsableBy, providerLabel } from "./request-helpers.js";
export {
  acceptProviderExecuted,
  assertToolNames,
  claimsProviderExecuted,
  isValidToolName,
  mapToolName,
  MISSING_TOOL_RESULT_ERROR,
  pairToolResults,
  REQUEST_WARNINGS,
  toolCallName,
  warnUnknownPart,
  warnUnknownRole,
  type RequestWarn,
  type ToolNameRule,
  type ToolPairingOptions,
} from "./request-helpers.js";
export { STREAM_WARNINGS, type UnknownContentKind } from "./stream-warnings.js";
export { createToolCallIdMap, mapToolCallId, toolCallIdFor, type ToolCallIdRule } from "./tool-call-ids.js";
export { uniqueToolCallIds } from "./repeated-tool-call-ids.js";
export { LONE_SURROGATE_WARNING, withWellFormedText } from "./well-formed-text.js";
export { DUPLICATE_TOOL_WARNING, uniqueTools } from "./unique-tools.js";
export { withDataUrlAsData } from "./data-url-source.js";
export {
  canonicalImageType,
  fitInlineImage,
  imageTypeOfBytes,
  inlineImageType,
  mediaTypeEssence,
  type InlineImageFit,
  type InlineImageRule,
} from "./image-signature.js";
export { isAnimatedGif, MAX_GIF_BLOCKS } from "./gif-animation.js";
export { decodeTextData, isTextMediaType } from "./text-media.js";
export { ENCRYPTED_VALUE_DROPPED_WARNING, warnUnsentEncryptedValues, type EncryptedValueHolder } from "./unsent-encrypted-values.js";
export { TOOL_ERROR_PREFIX, toolErrorNote, withToolErrorNote, type ToolErrorNoteOptions } from "./tool-result-error.js";
export { asArray, asBoolean, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "./narrow.js";

export { DEFAULT_MAX_INPUT_DEPTH, providerInputOptions, type ProviderInputOptions } from "./input/parse-run-agent-input.js";
export {
  boundedCopy,
  DEFAULT_MAX_VALUE_DEPTH,
  DEFAULT_MAX_VALUE_NODES,
  OMITTED_VALUE,
  type BoundedCopy,
  type BoundedCopyOptions,
  type Omission,
  type OmissionReason,
} from "./encodable/bounded-copy.js";
export {
  boundEventValue,
  VALUE_OMITTED_WARNING,
  withOmissions,
  type BoundedEventValue,
  type EventOmission,
} from "./encodable/encodable-event.js";
export {
  decodeSseStream,
  sseChunkSource,
  SSE_SKIP,
  SSE_STOP,
  SseBodyReadError,
  SseTruncatedError,
  SseFrameTooLargeError,
  DEFAULT_MAX_FRAME_LENGTH,
  TRUNCATED_FRAME_MESSAGE,
  type DecodeSseOptions,
  type SseBody,
  type SseFrame,
  type SseFrameDecoder,
  type SseSource,
} from "./sse/decode-sse-stream.js";
export { SseNotEventStreamError } from "./sse/document-body.js";
export { ERROR_BODY_LIMIT, HttpStatusError, isErrorResponse, readErrorBody } from "./sse/http-error-response.js";
export { applyJsonPatch, type JsonPatchResult } from "./json-patch.js";
export { EntityIds } from "./run/entity-ids.js";
export { toolArgumentsObject } from "./tool-arguments-object.js";
export { isJsonComplete, newJsonCompleteness, trackJsonFragment, type JsonCompleteness } from "./json-completeness.js";
export { IdFingerprints, textFingerprint } from "./run/id-fingerprints.js";
export { createStepWriter, subagentLocalId, type StepWriter, type StepWriterOptions } from "./run/step-writer.js";
