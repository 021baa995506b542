import { isMintedBy, readBridgeMetadata, type ToolCall } from "@agui-bridge/core/adapter";
import type { ChatCompletionMessageToolCall } from "openai/resources/chat/completions";
import type { ChatDialect } from "../chat-dialect.js";
import { isOpenAIPlatform } from "./chat-request-rules.js";
import { GOOGLE_THOUGHT_SIGNATURE_KIND, KIMI_BUILTIN_FUNCTION_TYPE } from "../chat-stream/chat-tool-call-fields.js";
import { KIMI_LABELS } from "../chat-dialect.js";
import type { WarningSink } from "../request/request-warnings.js";

/** The warning reported when a call's arguments that are not a JSON object go back as `{}`. */
export const INVALID_ARGUMENTS_WARNING = "request.tool-arguments-replaced";

/**
 * One assistant tool call as Chat Completions takes it back: a custom tool call (`type: "custom"`,
 * `custom: { name, input }`) when OpenAI streamed it as one, else a function call; a Gemini thought
 * signature recorded on it goes back as `extra_content.google.thought_signature` (Gemini's
 * OpenAI-compatible endpoint answers 400 without it on Gemini 3 tool turns) only to the label that
 * minted it (see {@link thoughtSignatureFor}). A call streamed with no arguments at all goes back
 * with `"{}"`; to servers other than OpenAI's platforms, so do arguments that are not a JSON object
 * (a call cut off mid-arguments), with a warning: they parse them (Qwen on DashScope answers 400
 * "function.arguments … must be in JSON format", Gemini's endpoint needs an object for its
 * `functionCall.args`, vLLM's chat templates load them). A Kimi builtin function call goes back to
 * the Kimi label that streamed it with its own `type: "builtin_function"`, as Kimi's clients echo it.
 */
export function chatToolCall(call: ToolCall, custom: boolean, name: string, target: string, dialect: ChatDialect, sink?: WarningSink): ChatCompletionMessageToolCall {
  if (custom) return { id: call.id, type: "custom", custom: { name, input: call.function.arguments } };
  const signature = thoughtSignatureFor(call, target, dialect);
  return {
    id: call.id,
    type: isKimiBuiltinCall(call, target) ? KIMI_BUILTIN_FUNCTION_TYPE : "function",
    function: { name, arguments: replayedArguments(call, target, sink) },
    ...(signature !== undefined && { extra_content: { google: { thought_signature: signature } } }),
  } as ChatCompletionMessageToolCall;
}

/** A Kimi builtin function call (`toolCallType: "builtin_function"`) going back to the Kimi label that streamed it. */
function isKimiBuiltinCall(call: ToolCall, target: string): boolean {
  return KIMI_LABELS.has(target) && isMintedBy(call, target) && readBridgeMetadata(call.metadata)?.toolCallType === KIMI_BUILTIN_FUNCTION_TYPE;
}

/**
 * The one rule for Gemini thought signatures going back on Chat Completions: the encrypted value of
 * a tool call recorded as a Gemini thought signature (`encryptedKind: "google-thought-signature"`)
 * goes back only to the label that minted it (a signature is only valid for the platform and
 * project that made it): under the `gemini` dialect, and under any other whose server streamed it
 * in that field (a gateway in front of Gemini), except OpenAI's own platforms and the LiteLLM
 * proxy. Returns the value, if it may go.
 *
 * A signature streamed outside tool calls (kept on the assistant message's text) never goes back:
 * Gemini validates only function-call signatures, its Chat Completions docs give a request field
 * for those only (`tool_calls[].extra_content`), and the endpoint answers 400 ("Unknown name") for
 * request fields it does not define, so a guessed message-level field could break every later turn
 * for a signature Gemini does not require. It is reported as `request.encrypted-value-dropped`.
 */
export function thoughtSignatureFor(call: ToolCall, target: string, dialect: ChatDialect): string | undefined {
  if (call.encryptedValue === undefined || !isMintedBy(call, target)) return undefined;
  // Under another dialect the label streamed the field itself (a gateway passing Gemini's
  // OpenAI-compatible stream through: Cloudflare AI Gateway's compat endpoint, a custom proxy), so
  // it goes back there as it came: Gemini behind it answers 400 without it. Never to OpenAI's own
  // platforms (they define no such field and reject unknown ones), nor through the LiteLLM proxy
  // (it carries signatures in its tool call ids).
  if (dialect !== "gemini" && (dialect === "litellm" || isOpenAIPlatform(target))) return undefined;
  return readBridgeMetadata(call.metadata)?.encryptedKind === GOOGLE_THOUGHT_SIGNATURE_KIND ? call.encryptedValue : undefined;
}

/** A function call's arguments as sent back to `target` (see {@link chatToolCall}). */
function replayedArguments(call: ToolCall, target: string, sink: WarningSink | undefined): string {
  const args = call.function.arguments;
  if (args.trim() === "") return "{}";
  if (isOpenAIPlatform(target) || isJsonObject(args)) return args;
  sink?.warn(INVALID_ARGUMENTS_WARNING, `Tool call ${call.id}: its arguments are not a JSON object; sent to ${target} as {}`, { toolCallId: call.id });
  return "{}";
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
