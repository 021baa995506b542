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
export { describeError, redactSecrets, type ErrorDescription } from "./run/describe-error.js";
export {
  driveRun,
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
export { encodeSSE, encodeSSEStream, SSE_CONTENT_TYPE, SSE_HEADERS, toSSEReadableStream } from "./sse.js";
export { entityProvider, isMintedBy, isSourceUsableBy, renderContext } from "./request-helpers.js";
export { asArray, asBoolean, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "./narrow.js";

export { applyEvents, createMessageFold, type MessageFold } from "./apply-events.js";
export { applyJsonPatch, type JsonPatchResult } from "./json-patch.js";
export { EntityIds } from "./run/entity-ids.js";
export { createStepWriter, subagentLocalId, type StepWriter, type StepWriterOptions } from "./run/step-writer.js";
export type { InterruptOptions } from "./run/run-options.js";
