export * from "./types/common.js";
export * from "./types/input.js";
export * from "./types/messages.js";
export * from "./types/outcomes.js";
export * from "./types/capabilities.js";
export { EventType } from "./types/events.js";
export type * from "./types/events.js";

export { createWarningSink, type BridgeWarning, type WarningHandler, type WarningSink } from "./warnings.js";
export { FINISH_REASONS, type FinishInfo, type FinishReason } from "./finish-reason.js";
export {
  BRIDGE_METADATA_KEY,
  bridgeMetadata,
  readBridgeMetadata,
  withBridgeMetadata,
  type BridgeMetadata,
} from "./metadata.js";

export {
  createTokenUsage,
  sumTokenCounts,
  toTokenCount,
  type RawTokenCounts,
  type TokenUsageOptions,
} from "./usage/create-token-usage.js";
export { aggregateTokenUsage, sumTokenUsage } from "./usage/aggregate-token-usage.js";
export { UsageLedger } from "./usage/usage-ledger.js";

export { createSequentialIds, randomId, type IdGenerator } from "./run/ids.js";
export { RunStateError } from "./run/run-state-error.js";
export { PROTOCOL_VERSION, RunBuilder } from "./run/run-builder.js";
export type {
  FailOptions,
  FinishOptions,
  RunBuilderOptions,
  StartTextOptions,
  StartToolCallOptions,
  ToolCallResultOptions,
} from "./run/run-options.js";
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
  categoryFromTable,
  ERROR_CATEGORIES,
  isErrorCategory,
  isRetryableCategory,
  type ErrorCategory,
} from "./errors/error-category.js";
export { durationToMs, retryAfterMsFromHeaders } from "./errors/retry-after.js";
export { constructorName, safeGet, safeInstanceOf, safeNumber, safeString, safeStringify } from "./errors/safe-read.js";
export {
  DEFAULT_RETRY_POLICY,
  resolveRetryPolicy,
  retryDelayMs,
  type ResolvedRetryPolicy,
  type RetryInfo,
  type RetryPolicy,
} from "./retry/retry-policy.js";
export { retryingSource, withRetry, type OpenStream, type RetryingSourceOptions } from "./retry/retrying-source.js";
export {
  assertModel,
  checkProviderConfig,
  clientHasCredentials,
  prepareProvider,
  ProviderConfigError,
  type ProviderReliabilityOptions,
  type ProviderCheckResult,
  type ProviderProblem,
} from "./provider-check.js";
export {
  driveRun,
  INVALID_STEP_MESSAGE,
  TRUNCATED_MESSAGE,
  type ChunkSource,
  type DriveRunOptions,
  type StreamMapper,
} from "./run/drive-run.js";

export type { Provider, ProviderStreamOptions } from "./provider.js";
export {
  clientSecrets,
  providerRunOptions,
  runLevelOptions,
  type AdapterStreamOptions,
  type ProviderRunOptions,
  type RunLevelOptions,
} from "./adapter-options.js";
export {
  encodeSSE,
  encodeSSEStream,
  SSE_CONTENT_TYPE,
  SSE_HEADERS,
  toEncodedReadableStream,
  toSSEReadableStream,
  type EventSource,
  type SSEReadableStreamOptions,
} from "./sse.js";
export { entityProvider, isMintedBy, isSourceUsableBy, renderContext } from "./request-helpers.js";
export { INTERCHANGEABLE_ENCRYPTED_VALUES, isEncryptedValueUsableBy, providerLabel } from "./request-helpers.js";
export {
  acceptProviderExecuted,
  assertToolNames,
  claimsProviderExecuted,
  EmptyRequestError,
  isValidToolName,
  mapToolName,
  MISSING_TOOL_RESULT_ERROR,
  pairToolResults,
  REQUEST_WARNINGS,
  toolCallName,
  ToolNameError,
  warnUnknownPart,
  warnUnknownRole,
  type RequestWarn,
  type ToolNameRule,
  type ToolPairingOptions,
} from "./request-helpers.js";
export { asArray, asBoolean, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "./narrow.js";

// ---- run input validation and encodable events (issue 13) ----
export { RunInputError } from "./input/run-input-error.js";
export {
  DEFAULT_MAX_INPUT_DEPTH,
  parseRunAgentInput,
  providerInputOptions,
  type ParseRunAgentInputOptions,
  type ProviderInputOptions,
} from "./input/parse-run-agent-input.js";
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
  stringifyEvent,
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
  SseTruncatedError,
  TRUNCATED_FRAME_MESSAGE,
  type DecodeSseOptions,
  type SseBody,
  type SseFrame,
  type SseFrameDecoder,
  type SseSource,
} from "./sse/decode-sse-stream.js";
export { applyEvents, createMessageFold, type MessageFold } from "./apply-events.js";
export { applyJsonPatch, type JsonPatchResult } from "./json-patch.js";
export { EntityIds } from "./run/entity-ids.js";
export { createStepWriter, subagentLocalId, type StepWriter, type StepWriterOptions } from "./run/step-writer.js";
export type { InterruptOptions } from "./run/run-options.js";
