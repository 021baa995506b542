export { streamMessages, runMessagesStream } from "./stream-messages.js";
export { createMessagesMapper } from "./stream/messages-stream-mapper.js";
export {
  toMessagesRequest,
  type MessagesRequest,
  type MessagesRequestOptions,
  type MessagesRequestParams,
} from "./request/convert-to-messages-request.js";
export {
  createAnthropicProvider,
  type AnthropicMessagesClient,
  type AnthropicProviderOptions,
  type AnthropicStreamingCall,
} from "./create-anthropic-provider.js";
export { mapAnthropicUsage, mergeAnthropicUsage, type AnthropicRawUsage, type MergeUsageOptions } from "./stream/map-anthropic-usage.js";
export { mapAnthropicFinishReason, type AnthropicStopDetail } from "./stream/map-anthropic-finish-reason.js";
export { describeAnthropicError } from "./describe-anthropic-error.js";
export { ANTHROPIC_ERROR_CATEGORIES, ANTHROPIC_ERROR_CLASS_CATEGORIES } from "./anthropic-error-categories.js";
export { ANTHROPIC_REDACTED_THINKING, ANTHROPIC_SIGNATURE } from "./stream/handle-reasoning.js";
export { streamMessagesFromResponse } from "./stream-messages-from-response.js";
export { AnthropicStreamError, decodeAnthropicFrame } from "./decode-anthropic-frame.js";
export { MAX_CACHE_BREAKPOINTS, withCacheBreakpoints, type CacheableParams, type PromptCachingOptions } from "./request/prompt-caching.js";
export { LEADING_USER_TURN_TEXT } from "./request/leading-user-turn.js";
