export { streamChatCompletions, type ChatStreamOptions } from "./stream-chat-completions.js";
export type { DeclaredToolsOption } from "./parallel-tool-wrapper.js";
export type { ThinkTagsOptions } from "./chat-stream/handle-chat-think-tags.js";
export { streamResponses, type ResponsesStreamOptions } from "./stream-responses.js";
export { createChatCompletionsMapper } from "./chat-stream/chat-completions-stream-mapper.js";
export { createResponsesMapper } from "./responses-stream/responses-stream-mapper.js";
export {
  toChatCompletionsRequest,
  type ChatCompletionsRequest,
  type ChatCompletionsRequestOptions,
} from "./chat-request/convert-to-chat-completions-request.js";
export {
  toResponsesRequest,
  type ResponsesRequest,
  type ResponsesRequestOptions,
} from "./responses-request/convert-to-responses-request.js";
export {
  createOpenAIChatProvider,
  createOpenAIResponsesProvider,
  type OpenAIChatProviderOptions,
  type OpenAIResponsesProviderOptions,
  type ProviderRunOptions,
} from "./create-openai-providers.js";
export { type OpenAIChatClient, type OpenAIRequestOptions, type OpenAIResponsesClient, type OpenAIStreamingCall } from "./client-types.js";
export { describeOpenAIError } from "./describe-openai-error.js";
export { OPENAI_ERROR_CATEGORIES, OPENAI_ERROR_CLASS_CATEGORIES } from "./openai-error-categories.js";
export { mapChatUsage, mapResponsesUsage } from "./map-openai-usage.js";
export { mapChatFinishReason, mapResponsesFinishReason } from "./map-openai-finish-reason.js";
export { OPENAI_ENCRYPTED_KIND } from "./responses-stream/handle-reasoning-item.js";
export { reasoningParts, type ReasoningPart } from "./reasoning-parts.js";
export { DEFAULT_PROVIDER_LABEL, providerLabel, type ProviderLabelOption } from "./provider-label.js";
export { chatDialect, defaultChatDialect, type ChatDialect, type ChatDialectOption } from "./chat-dialect.js";
export { chatUsageCounts } from "./chat-usage-dialects.js";
export { chatUsageCost } from "./chat-usage-cost.js";
export { streamChatCompletionsFromResponse } from "./stream-chat-completions-from-response.js";
export { streamResponsesFromResponse } from "./stream-responses-from-response.js";
export { createOpenAIFrameDecoder, OpenAIStreamError, type OpenAIFrameDecoder, type OpenAIFrameDecoderOptions } from "./decode-openai-frame.js";
