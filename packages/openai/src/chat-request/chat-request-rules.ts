import {
  assertToolNames,
  claimsProviderExecuted,
  EmptyRequestError,
  mapToolName,
  pairToolResults,
  REQUEST_WARNINGS,
  toolCallName,
  type Message,
  type RunAgentInput,
  type ToolCall,
  type ToolNameRule,
} from "@agui-bridge/core/adapter";
import type { ChatCompletionStreamOptions } from "openai/resources/chat/completions";
import { KIMI_LABELS } from "../chat-dialect.js";
import type { WarningSink } from "../request/request-warnings.js";
import { OPENAI_TOOL_NAME } from "../request/tool-name-rule.js";

/**
 * The shared request rules the Chat Completions converter applies before converting: declared
 * tool names checked against OpenAI's pattern (a clear error instead of the API's 400), and tool
 * calls paired with their results (orphan results dropped, missing results repaired; core's
 * `pairToolResults`). Returns the messages to convert.
 */
export function chatInputMessages(input: RunAgentInput, sink: WarningSink): Message[] {
  assertToolNames(input.tools, OPENAI_TOOL_NAME);
  // Chat merges consecutive assistant messages (one response split in two, fitChatToolCalls) into
  // one: the results of such a response stay after its last message. A result filed after a later,
  // separate response goes back to before it: a Chat `tool_calls` message must be followed
  // directly by its tool messages.
  return pairToolResults(input.messages, sink, { isProviderRun: claimsProviderExecuted, adjacentAssistantsContinue: true });
}

/**
 * A user message whose parts were all dropped is not sent (the API rejects `content: []`); the
 * warning says so. Returns whether the converted content may be sent.
 */
export function keepUserContent(content: unknown, messageId: string, sink: WarningSink): boolean {
  if (!Array.isArray(content) || content.length > 0) return true;
  sink.warn(REQUEST_WARNINGS.emptyMessage, `User message ${messageId} has no part Chat Completions can take; dropped`, { messageId });
  return false;
}

/** Fails the run with a clear error when nothing is left to send (the API rejects `messages: []`). */
export function assertChatMessages(messages: readonly unknown[]): void {
  if (messages.length === 0) {
    throw new EmptyRequestError("Nothing in the run input can be sent to Chat Completions: the request would have no messages");
  }
}

/** Provider labels of OpenAI's own platforms: the only Chat servers known to take the `developer` role. */
const DEVELOPER_ROLE_LABELS: ReadonlySet<string> = new Set(["openai", "azure-openai"]);

/** True for the provider labels of OpenAI's own platforms (`openai`, `azure-openai`). */
export function isOpenAIPlatform(target: string): boolean {
  return DEVELOPER_ROLE_LABELS.has(target);
}

/**
 * The role a `developer` message is sent with: `developer` to OpenAI's own platforms, `system`
 * elsewhere (DeepSeek, DeepInfra, vLLM chat templates and many gateways reject `developer` with a
 * 400/422; every server takes `system`, which OpenAI treats as developer instructions itself).
 */
export function developerRoleFor(target: string): "developer" | "system" {
  return DEVELOPER_ROLE_LABELS.has(target) ? "developer" : "system";
}

/**
 * Provider labels whose Chat API documents a message's `name` ("An optional name for the
 * participant") on system, user and assistant messages (and `developer`, OpenAI's own): OpenAI's
 * platforms (the API reference), GroqCloud (its API schema, as the groq SDKs type
 * `ChatCompletionSystemMessageParam` / `UserMessageParam` / `AssistantMessageParam`) and DeepSeek
 * (its Create Chat Completion reference). Other servers do not get it: Mistral answers 422
 * `extra_forbidden` for fields it does not know and Groq 400 for unknown message properties, so a
 * server whose documentation does not list the field is not sent it.
 */
const MESSAGE_NAME_LABELS: ReadonlySet<string> = new Set(["openai", "azure-openai", "groq", "deepseek"]);

/**
 * OpenAI's pattern for a message `name`: a name outside it is a 400 ("Invalid 'messages[1].name':
 * string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'",
 * jekalmin/extended_openai_conversation#251, microsoft/autogen#4157), 64 characters at most as the
 * API reference had it. AG-UI's `name` is a display name ("Ada Lovelace"): sent mapped.
 */
const MESSAGE_NAME: ToolNameRule = { provider: "OpenAI", allowed: /[a-zA-Z0-9_-]/, maxLength: 64 };

/** The warning reported when a message's `name` is sent changed to fit {@link MESSAGE_NAME}. */
export const MESSAGE_NAME_MAPPED_WARNING = "request.message-name-mapped";

/**
 * The `name` field a system, developer, user or assistant message is sent with: its AG-UI `name`
 * to the labels whose API documents the field (`openai`, `azure-openai`, `groq`, `deepseek`),
 * mapped to OpenAI's pattern (each other character becomes `_`, cut to 64; warning
 * `request.message-name-mapped`); nothing to any other label, nor for an empty name.
 */
export function messageNameFor(message: { id: string; name?: string | undefined }, target: string, sink: WarningSink): { name?: string } {
  const name = message.name;
  if (name === undefined || name === "" || !MESSAGE_NAME_LABELS.has(target)) return {};
  const sent = mapToolName(name, MESSAGE_NAME);
  if (sent !== name) {
    sink.warn(MESSAGE_NAME_MAPPED_WARNING, `Message ${message.id}: name ${JSON.stringify(name)} is not accepted by ${target}; sent as ${JSON.stringify(sent)}`, {
      messageId: message.id,
      name,
      sentAs: sent,
    });
  }
  return { name: sent };
}

/**
 * The name of a Kimi builtin function (`$web_search`): Moonshot's API offers them as tools
 * `{ type: "builtin_function", function: { name: "$web_search" } }`, the model calls them by that
 * name "the same as the usual tool_calls" (Kimi's web search guide), and the client sends the call
 * back with its arguments as the tool result, so Kimi runs the search on the next request.
 */
const KIMI_BUILTIN_FUNCTION = /^\$[a-zA-Z0-9_-]{1,63}$/;

/**
 * The name an assistant tool call is sent back with: OpenAI's pattern (another provider's name is
 * mapped, warning `request.tool-name-mapped`, core's `toolCallName`), except that a Kimi builtin
 * function's `$` name goes back to Kimi's labels as it is (mapped to `_web_search`, Kimi would not
 * know the call it has to run).
 */
export function chatToolCallName(call: ToolCall, target: string, sink: WarningSink): string {
  if (KIMI_LABELS.has(target) && KIMI_BUILTIN_FUNCTION.test(call.function.name)) return call.function.name;
  return toolCallName(call, OPENAI_TOOL_NAME, sink);
}

/** Provider labels of servers that reject an empty or whitespace-only text block (Anthropic's rule). */
const BLANK_TEXT_LABELS: ReadonlySet<string> = new Set(["databricks"]);

/** Provider labels of servers that reject `content: null` on an assistant message. */
const STRING_CONTENT_LABELS: ReadonlySet<string> = new Set(["ollama"]);

/**
 * The `content` of an assistant message with no text (only tool calls or reasoning fields): `null`,
 * as OpenAI documents it, except for servers that answer 400 for it (Ollama's OpenAI-compatible
 * endpoint: "invalid message content type: <nil>"), which get `""`, and for servers that turn it
 * into an empty text block and reject that (Databricks, Claude behind it: LiteLLM's Databricks
 * adapter leaves the field out), which get no `content` at all.
 */
export function emptyAssistantContentFor(target: string): { content: null | "" } | Record<string, never> {
  if (BLANK_TEXT_LABELS.has(target)) return {};
  return { content: STRING_CONTENT_LABELS.has(target) ? "" : null };
}

/**
 * The text an assistant message is sent with: its content, except that servers speaking Anthropic's
 * Messages API underneath (Databricks Model Serving: "rejects empty text blocks", as LiteLLM's
 * Databricks adapter notes; Claude answers 400 "text content blocks must contain non-whitespace
 * text") get `""` for whitespace-only text, so no blank text block is sent.
 */
export function assistantTextFor(target: string, content: string | undefined): string {
  const text = content ?? "";
  return BLANK_TEXT_LABELS.has(target) && text.trim() === "" ? "" : text;
}

/**
 * The request's `stream_options`: `include_usage: true` merged into the caller's, except for the
 * `mistral` dialect, whose API rejects the field (422 `extra_forbidden`) and sends usage on its
 * last chunk unasked: there only stream options the caller set are sent, as given.
 */
export function streamOptionsFor(
  dialect: string,
  own: ChatCompletionStreamOptions | null | undefined,
): { stream_options?: ChatCompletionStreamOptions | null } {
  if (dialect === "mistral") return own !== undefined ? { stream_options: own } : {};
  return { stream_options: { ...own, include_usage: true } };
}
