/**
 * `@agui-bridge/core`: what an application needs. AG-UI 1.0 types, the `Provider` interface every
 * adapter returns, warnings, finish reasons, the bridge metadata, usage aggregation, the events →
 * messages fold, serving events (SSE), run input validation and the errors an application may
 * catch. The toolkit for writing a provider adapter is `@agui-bridge/core/adapter` (./adapter.ts),
 * which re-exports all of this.
 */
export * from "./types/common.js";
export * from "./types/input.js";
export * from "./types/messages.js";
export * from "./types/outcomes.js";
export * from "./types/capabilities.js";
export { EventType } from "./types/events.js";
export type * from "./types/events.js";

export { PROTOCOL_VERSION } from "./run/run-builder.js";
export type { Provider, ProviderStreamOptions } from "./provider.js";
export type { ProviderCheckResult, ProviderProblem } from "./provider-check.js";
export type { BridgeWarning, WarningHandler } from "./warnings.js";
// The warning codes, so an application matches them by name rather than by string.
export { REQUEST_WARNINGS } from "./request-helpers.js";
export { STREAM_WARNINGS, type UnknownContentKind } from "./stream-warnings.js";
export { FINISH_REASONS, type FinishInfo, type FinishReason } from "./finish-reason.js";
export { BRIDGE_METADATA_KEY, readBridgeMetadata, type BridgeMetadata } from "./metadata.js";
export { aggregateTokenUsage, sumTokenUsage } from "./usage/aggregate-token-usage.js";
export { applyEvents, createMessageFold, type MessageFold } from "./apply-events.js";

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
export { stringifyEvent } from "./encodable/encodable-event.js";

export { RunInputError } from "./input/run-input-error.js";
export { parseRunAgentInput, type ParseRunAgentInputOptions } from "./input/parse-run-agent-input.js";

export { ERROR_CATEGORIES, type ErrorCategory } from "./errors/error-category.js";
export { ProviderConfigError } from "./provider-check.js";
export { DEFAULT_RETRY_POLICY, type RetryInfo, type RetryPolicy } from "./retry/retry-policy.js";
export { EmptyRequestError, ToolNameError } from "./request-helpers.js";

export { createSequentialIds, randomId, type IdGenerator } from "./run/ids.js";
