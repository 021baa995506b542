import type { ToolCallIdRule, ToolNameRule } from "@agui-bridge/core/adapter";

/**
 * OpenAI's documented function name rule (Chat Completions and Responses): a-z, A-Z, 0-9,
 * underscores and dashes, at most 64 characters.
 */
export const OPENAI_TOOL_NAME: ToolNameRule = { provider: "OpenAI", allowed: /[a-zA-Z0-9_-]/, maxLength: 64 };

/**
 * OpenAI's limits on the tool call ids it is sent back (the API's 400 "string too long. Expected a
 * string with maximum length …"): Chat `tool_calls[].id` / `tool_call_id` at most 40 characters,
 * Responses `call_id` at most 64. Longer ids another provider minted are sent mapped by core's
 * `mapToolCallId`, the call and its result alike.
 */
export const CHAT_TOOL_CALL_ID: ToolCallIdRule = { provider: "OpenAI Chat Completions", maxLength: 40 };
/**
 * Mistral's rule for tool call ids: exactly 9 ASCII letters or digits (its 400 "Tool call id was
 * … but must be a-z, A-Z, 0-9, with a length of 9"; langchain#24668, opencode#1680).
 */
export const MISTRAL_TOOL_CALL_ID: ToolCallIdRule = { provider: "Mistral", allowed: /[a-zA-Z0-9]/, minLength: 9, maxLength: 9 };
/**
 * The LiteLLM proxy's tool call ids. For Gemini 3 models the proxy mints ids that carry the call's
 * thought signature (`<id>__thought__<signature>`, BerriAI/litellm#16895), far longer than 40
 * characters, and reads the signature back from them: those go back as sent. Any other id keeps
 * OpenAI's 40-character limit, which an OpenAI model behind the proxy enforces.
 */
export const LITELLM_TOOL_CALL_ID: ToolCallIdRule = { provider: "LiteLLM proxy", maxLength: 40, keep: /__thought__/ };
/**
 * Databricks Model Serving's tool call ids: Claude behind it takes Anthropic's pattern (letters,
 * digits, `_` and `-`), an OpenAI model OpenAI's 40 characters; ids another provider minted
 * (`functions.weather:0`) are sent mapped.
 */
export const DATABRICKS_TOOL_CALL_ID: ToolCallIdRule = { provider: "Databricks Model Serving", allowed: /[a-zA-Z0-9_-]/, maxLength: 40 };
/**
 * DeepSeek's tool call ids: its own (`call_<n>_<uuid>`, 43 characters) go back as it minted them,
 * as its function calling guide does (the assistant message appended as returned, the tool
 * message answering `tool.id`); any other id keeps OpenAI's 40-character limit.
 */
export const DEEPSEEK_TOOL_CALL_ID: ToolCallIdRule = {
  provider: "DeepSeek",
  maxLength: 40,
  keep: /^call_\d+_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};
/** See {@link CHAT_TOOL_CALL_ID}. */
export const RESPONSES_CALL_ID: ToolCallIdRule = { provider: "OpenAI Responses", maxLength: 64 };
