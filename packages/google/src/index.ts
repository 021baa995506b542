export { streamGenerateContent } from "./stream-generate-content.js";
export { createGenerateContentMapper, MalformedChunkError } from "./stream/generate-content-stream-mapper.js";
export {
  toGenerateContentRequest,
  type GenerateContentRequestOptions,
  type GenerateContentRequestParams,
  type GenerateContentRequestResult,
} from "./request/convert-to-generate-content-request.js";
export { createGoogleProvider, type GoogleGenAIClientLike, type GoogleProviderOptions } from "./create-google-provider.js";
export { mapGoogleUsage } from "./stream/map-google-usage.js";
export { mapGoogleFinishReason } from "./stream/map-google-finish-reason.js";
export { describeGoogleError } from "./describe-google-error.js";
export { GOOGLE_ERROR_CATEGORIES } from "./google-error-categories.js";
export {
  MAX_ARRAY_GAP,
  PartialArgsWriter,
  PartialArgsError,
  parseJsonPath,
  type PartialArgFragment,
  type PartialValue,
  type PathSegment,
} from "./stream/partial-args-writer.js";
export {
  EMPTY_USER_TURN_TEXT,
  GOOGLE_PROVIDER,
  GOOGLE_THOUGHT_SIGNATURE,
  GOOGLE_TOOL_NAME,
  PLACEHOLDER_THOUGHT_SIGNATURE,
  PROVIDER_TOOL,
  type ProviderToolType,
} from "./constants.js";
export { streamGenerateContentFromResponse, type GenerateContentFromResponseOptions } from "./stream-generate-content-from-response.js";
export { openGenerateContentResponse, type FetchLike } from "./open-generate-content-response.js";
export { decodeGoogleFrame, GoogleStreamError } from "./decode-google-frame.js";
export type { UsageDetails as GoogleUsageDetails, ModalityCount as GoogleModalityCount } from "./stream/usage-details.js";
export type { ModelStatus as GoogleModelStatus } from "./stream/model-status.js";
export type { GoogleLogprobs } from "./stream/logprobs.js";
