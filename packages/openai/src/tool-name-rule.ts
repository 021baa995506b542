import type { ToolNameRule } from "@agui-bridge/core/adapter";

/**
 * OpenAI's documented function name rule (Chat Completions and Responses): a-z, A-Z, 0-9,
 * underscores and dashes, at most 64 characters.
 */
export const OPENAI_TOOL_NAME: ToolNameRule = { provider: "OpenAI", allowed: /[a-zA-Z0-9_-]/, maxLength: 64 };
